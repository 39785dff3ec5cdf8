// Who may do what at the badge desk and with a scanned badge (issue 17; product.md section 6:
// "volunteers print badges"). Pure, so policy.test.ts table-tests every rule.

export interface DeskReader {
  signedIn: boolean;
  eventActive: boolean;
  /** volunteer.badges: the Helper role (3), the event's organisers, platform staff. */
  canVolunteer: boolean;
  /** May see the event while it is inactive (its organisers, platform staff). */
  canManage: boolean;
}

/** The badge desk: 404 for an unknown or inactive event (but to its managers), 401 guests, 403 without volunteer.badges. */
export function deskVerdict(who: DeskReader): 'ok' | 'not_found' | 'sign_in' | 'forbidden' {
  if (!who.eventActive && !who.canManage) return 'not_found';
  if (!who.signedIn) return 'sign_in';
  return who.canVolunteer ? 'ok' : 'forbidden';
}

/** A badge of one's own (my badge, exchanging contacts): members of the event only, as contacts are. */
export function holderVerdict(who: { signedIn: boolean; eventActive: boolean; isMember: boolean }): 'ok' | 'not_found' | 'sign_in' | 'not_member' {
  if (!who.eventActive) return 'not_found';
  if (!who.signedIn) return 'sign_in';
  return who.isMember ? 'ok' : 'not_member';
}

/** What a genuine QR's badge row says about a scan in this event. */
export type ScanOutcome = 'ok' | 'not_found' | 'other_event' | 'revoked' | 'holder_left';

export function scanOutcome(badge: { eventId: number; revokedAt: Date | null; holderIsMember: boolean } | null, eventId: number): ScanOutcome {
  if (!badge) return 'not_found';
  if (badge.eventId !== eventId) return 'other_event';
  if (badge.revokedAt) return 'revoked';
  return badge.holderIsMember ? 'ok' : 'holder_left';
}
