import { describe, expect, it } from 'vitest';
import { deskVerdict, holderVerdict, scanOutcome } from './policy.ts';

describe('deskVerdict', () => {
  const reader = { signedIn: true, eventActive: true, canVolunteer: false, canManage: false };
  it.each([
    ['a helper', { canVolunteer: true }, 'ok'],
    ['an organiser (volunteer.badges and event.manage)', { canVolunteer: true, canManage: true }, 'ok'],
    ['an organiser of an inactive event', { canVolunteer: true, canManage: true, eventActive: false }, 'ok'],
    ['a helper of an inactive event', { canVolunteer: true, eventActive: false }, 'not_found'],
    ['an attendee', {}, 'forbidden'],
    ['a guest', { signedIn: false }, 'sign_in'],
    ['a guest, inactive event', { signedIn: false, eventActive: false }, 'not_found'],
  ] as const)('%s -> %s', (_name, overrides, expected) => expect(deskVerdict({ ...reader, ...overrides })).toBe(expected));
});

describe('holderVerdict', () => {
  it.each([
    ['a member', true, true, true, 'ok'],
    ['a non-member (organiser without a ticket, staff)', true, true, false, 'not_member'],
    ['a guest', false, true, false, 'sign_in'],
    ['an inactive event', true, false, true, 'not_found'],
  ] as const)('%s -> %s', (_name, signedIn, eventActive, isMember, expected) => expect(holderVerdict({ signedIn, eventActive, isMember })).toBe(expected));
});

describe('scanOutcome', () => {
  const live = { eventId: 1, revokedAt: null, holderIsMember: true };
  it.each([
    ['a live badge of the event', live, 'ok'],
    ['no such badge', null, 'not_found'],
    ['a badge of another event', { ...live, eventId: 2 }, 'other_event'],
    ['a reprinted (revoked) badge', { ...live, revokedAt: new Date(0) }, 'revoked'],
    ['another event wins over revoked', { ...live, eventId: 2, revokedAt: new Date(0) }, 'other_event'],
    ['a holder who left the event', { ...live, holderIsMember: false }, 'holder_left'],
  ] as const)('%s -> %s', (_name, badge, expected) => expect(scanOutcome(badge, 1)).toBe(expected));
});
