// Who may see the program, watch and join lectures, moderate them and delete them (product.md
// sections 2 and 6; docs/decisions.md, Program).
import { joinWindow, sectionAccess, type Permission, type SectionAccess, type TicketKind } from '@lobby/contract';

export interface ProgramReader {
  signedIn: boolean;
  isMember: boolean;
  ticketKind: TicketKind | null;
  permissions: ReadonlySet<Permission>;
  /** What the business pass on offer would add, to say "upgrade" rather than "unavailable". */
  upgradeGrants: ReadonlySet<Permission> | null;
}

/** The program, lectures and speakers: members not on a general ticket, organisers and staff. */
export const programAccess = (reader: ProgramReader): SectionAccess => sectionAccess('program', reader);

/** Video, join: the ticket's watch_lecture (or running the event); 'upgrade' when a business pass would give it. */
export const watchAccess = (reader: ProgramReader): SectionAccess => sectionAccess('lectures', reader);

/** The lecture page's gate, as the contract names it. */
export const gateOf = (watch: SectionAccess): 'ok' | 'upgrade' | 'unavailable' => (watch === 'ok' ? 'ok' : watch === 'upgrade' ? 'upgrade' : 'unavailable');

/** Answers questions and runs polls: organisers, chat moderators and the lecture's own speakers. */
export const canModerateLecture = (who: { permissions: ReadonlySet<Permission>; isSpeaker: boolean }): boolean =>
  who.isSpeaker || who.permissions.has('event.manage') || who.permissions.has('chat.moderate');

/** Lecture deletion is platform staff's alone (product.md section 6): organisers contact a platform manager. */
export const canDeleteLecture = (who: { isStaff: boolean }): boolean => who.isStaff;

/** What "join" answers at a moment: counted, not open yet, or over. */
export const joinVerdict = (now: Date, startsAt: Date, endsAt: Date): 'open' | 'early' | 'over' => joinWindow(now, startsAt, endsAt);

/** A material's link: an https address or a same-origin path (never //host, javascript: or data:). */
export function isSafeMaterialUrl(url: string): boolean {
  // Whitespace, control characters (below U+0020) and backslashes never belong in a link.
  if (url.length === 0 || url.length > 2000 || /[\s\\]/.test(url) || [...url].some((c) => c.charCodeAt(0) < 0x20)) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname.length > 0 && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}
