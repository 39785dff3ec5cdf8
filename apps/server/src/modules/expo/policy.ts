// Who sees the publishers pavilion, the expo hall, the Media page and the press kit, and the rules
// of the press kit and media partners (product.md sections 2, 3 and 6; docs/decisions.md, Games:
// jury, polls, publishers, expo and media). Pure, table-tested in policy.test.ts.
import { sectionAccess, type Permission, type SectionAccess, type TicketKind } from '@lobby/contract';

export interface ExpoReader {
  signedIn: boolean;
  isMember: boolean;
  ticketKind: TicketKind | null;
  permissions: ReadonlySet<Permission>;
}

/**
 * The expo hall, starred games and deal suggestions: the event's members (any ticket), organisers
 * and platform staff; guests sign in, anyone else is outside the event.
 */
export function hallAccess(reader: ExpoReader): SectionAccess {
  if (!reader.signedIn) return 'sign_in';
  return reader.isMember || reader.permissions.has('event.manage') ? 'ok' : 'not_member';
}

/** The publishers pavilion and the Media page: sections closed to the general ticket. */
export const pavilionAccess = (section: 'publishers' | 'media', reader: ExpoReader): SectionAccess => sectionAccess(section, { ...reader, upgradeGrants: null });

/** A press kit link: https only, with a host, no credentials (ZWebsite already normalised it). */
export function isPressKitLink(url: string | null): url is string {
  if (!url || /[\s\\]/.test(url)) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname.length > 0 && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}

/** A new order of the press kit must list every item once. */
export function isFullOrder(ids: readonly number[], existing: readonly number[]): boolean {
  if (ids.length !== existing.length || new Set(ids).size !== ids.length) return false;
  const known = new Set(existing);
  return ids.every((id) => known.has(id));
}

/** Media partners must be companies of the event: the ids that are not. */
export const strangers = (ids: readonly number[], eventCompanyIds: readonly number[]): number[] => {
  const known = new Set(eventCompanyIds);
  return [...new Set(ids)].filter((id) => !known.has(id));
};

export const SUMMARY_MAX = 300;

/** A company's Markdown as a card shows it: the first paragraph as plain text, at most 300 characters. */
export function summaryOf(markdown: string | null): string {
  if (!markdown) return '';
  const paragraph =
    markdown
      .replace(/\r\n?/g, '\n')
      .split(/\n\s*\n/)
      .map((block) => block.trim())
      .find((block) => block.length > 0 && !/^(#{1,6}\s|!\[|---|\*\*\*|```)/.test(block)) ?? '';
  const text = paragraph
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/^\s{0,3}(?:[-*+]|\d+\.|>)\s+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= SUMMARY_MAX ? text : `${text.slice(0, SUMMARY_MAX - 1).trimEnd()}…`;
}

/** A file name as a download gives it: no folders, no control or quoting characters, at most 150 characters. */
export function downloadName(name: string | null, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 150);
  return clean || fallback;
}

/** Content-Disposition of a download: an ASCII name for old clients and the UTF-8 one (RFC 6266). */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[%;\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Contacts of a booth: admins first, then by name; at most `limit`. */
export function pickContacts<T extends { isAdmin: boolean; lastName: string; firstName: string; userId: number }>(people: readonly T[], limit = 3): T[] {
  return [...people]
    .sort((a, b) => Number(b.isAdmin) - Number(a.isAdmin) || a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.userId - b.userId)
    .slice(0, limit);
}
