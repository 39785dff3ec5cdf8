import type { SectionAccess } from '@lobby/contract';
import type { ShellContext, ShellEntry } from './registry.ts';

/** open: the page works for this person; locked: the page explains the next step (sign in, join, upgrade). */
export type EntryState = 'open' | 'locked';

export interface VisibleEntry {
  entry: ShellEntry;
  state: EntryState;
}

function sectionAccess(entry: ShellEntry, context: ShellContext): SectionAccess {
  if (entry.kind !== 'section' || (!entry.gate && !entry.membersOnly)) return 'ok';
  if (context.member) return entry.gate ? context.member.sections[entry.gate] : 'ok';
  return context.signedIn ? 'not_member' : 'sign_in';
}

/**
 * Which entries the shell shows (docs/decisions.md, "App shell"): a gated section shows with a lock
 * while something the person can do opens it (sign in, join, a business pass) and is hidden when no
 * ticket would; a link shows only with its ability. The server checks again on every call.
 */
export function visibleEntries(entries: readonly ShellEntry[], context: ShellContext): VisibleEntry[] {
  const visible: VisibleEntry[] = [];
  for (const entry of entries) {
    if (entry.hidden) continue;
    if (entry.kind === 'link') {
      if (context.member?.abilities.includes(entry.ability)) visible.push({ entry, state: 'open' });
      continue;
    }
    const access = sectionAccess(entry, context);
    if (access === 'unavailable') continue;
    visible.push({ entry, state: access === 'ok' ? 'open' : 'locked' });
  }
  return visible;
}

/** On phones: the bottom tabs, and what goes into the "more" sheet. */
export function splitForPhone(visible: readonly VisibleEntry[]): { tabs: VisibleEntry[]; more: VisibleEntry[] } {
  return { tabs: visible.filter((item) => item.entry.phone === 'tab'), more: visible.filter((item) => item.entry.phone === 'more') };
}
