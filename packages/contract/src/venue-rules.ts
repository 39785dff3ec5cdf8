// The venue's pure rules (issue 17): the badge QR value's shape, the colour of each ticket kind on
// a badge, who is who in a contact exchange, and who sees and edits a booth's leads. No I/O: the
// server signs the QR and checks it against the database, the web app reads what it scanned.
import type { TicketKind } from './permissions.ts';

/** The version tag the QR value starts with; a later format gets its own tag. */
export const BADGE_QR_TAG = 'LB1';
/** A signature is the first 16 bytes of an HMAC-SHA256, in base64url: 22 characters. */
export const BADGE_SIGNATURE_LENGTH = 22;
/** The longest text a scan may send: far above a real value, well below anything harmful. */
export const BADGE_QR_MAX = 200;
/** Badges printed by one batch at most (a page per badge: a printer's afternoon). */
export const BADGE_BATCH_MAX = 100;
export const LEAD_NOTE_MAX = 2000;
export const LEAD_RATING_MIN = 1;
export const LEAD_RATING_MAX = 5;

export interface BadgeQr {
  badgeId: number;
  signature: string;
}

const QR_PATTERN = new RegExp(`^${BADGE_QR_TAG}\\.([1-9][0-9]{0,9})\\.([A-Za-z0-9_-]{${BADGE_SIGNATURE_LENGTH}})$`);

/**
 * The badge id and signature of a scanned value, or null when it is not a Lobby badge at all. Only
 * the shape: whether the signature is right and the badge live is the server's to say. Scanner
 * guns add a line break and people paste with spaces around, so the outer whitespace goes; the
 * signature is case-sensitive, so nothing else is changed.
 */
export function parseBadgeQr(text: string): BadgeQr | null {
  const match = QR_PATTERN.exec(text.trim());
  if (!match) return null;
  const badgeId = Number(match[1]);
  if (!Number.isSafeInteger(badgeId) || badgeId > 2_147_483_647) return null;
  return { badgeId, signature: match[2] ?? '' };
}

export const formatBadgeQr = (badgeId: number, signature: string): string => `${BADGE_QR_TAG}.${badgeId}.${signature}`;

/**
 * The ribbon colour of a ticket kind on a printed badge and in lists, so a door steward tells a
 * business pass from a general one at a glance. Each carries white text at a contrast of 4.5:1 or
 * more (WCAG AA), on paper and on screen.
 */
export const TICKET_KIND_COLOURS: Record<TicketKind | 'none', string> = {
  general: '#475569',
  standard: '#1d4ed8',
  business: '#b45309',
  service_provider: '#0f766e',
  staff: '#be123c',
  none: '#334155',
};

export const ticketKindColour = (kind: TicketKind | null | undefined): string => TICKET_KIND_COLOURS[kind ?? 'none'];

/** Why a scan cannot make two people contacts: scanning one's own badge. */
export type ExchangeRefusal = 'self';

export function exchangeRefusal(scannerId: number, holderId: number): ExchangeRefusal | null {
  return scannerId === holderId ? 'self' : null;
}

/** A contact exchange is stored once per pair, the lower user id first (the table's check). */
export const contactPair = (a: number, b: number): { low: number; high: number } => ({ low: Math.min(a, b), high: Math.max(a, b) });

/**
 * Someone's part in a company's booth: its admins (and platform staff) run the leads, anybody
 * with another role in it (chat) scans visitors; a person of the company without a role, or
 * anybody else, has none.
 */
export type LeadRole = 'admin' | 'staff';

export function leadRole(rolesInCompany: readonly string[] | null, isPlatformStaff: boolean): LeadRole | null {
  if (isPlatformStaff || rolesInCompany?.includes('admin')) return 'admin';
  return rolesInCompany && rolesInCompany.length > 0 ? 'staff' : null;
}

/** Admins see and edit every lead of the company; the rest of its staff the ones they captured. */
export function mayTouchLead(role: LeadRole, capturedBy: number | null, userId: number): boolean {
  return role === 'admin' || capturedBy === userId;
}

/** Only admins take the whole list away as a file. */
export const mayExportLeads = (role: LeadRole): boolean => role === 'admin';

/**
 * Why a booth may not capture this visitor: their own badge, or one of the company's own people
 * (a colleague is not a lead).
 */
export type LeadRefusal = 'self' | 'own_company';

export function leadRefusal(scannerId: number, visitorId: number, visitorInCompany: boolean): LeadRefusal | null {
  if (scannerId === visitorId) return 'self';
  return visitorInCompany ? 'own_company' : null;
}

/** Checked in out of members, in whole per cent (0 for an empty event): the back office's bar. */
export function checkInShare(checkedIn: number, members: number): number {
  if (members <= 0) return 0;
  return Math.min(100, Math.round((checkedIn / members) * 100));
}
