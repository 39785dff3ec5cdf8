import type { Permission, SectionAccess, TicketKind } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { directoryAccess, isEmptyProfile, visibleContacts } from './policy.ts';

const set = (...p: Permission[]) => new Set<Permission>(p);

describe('directoryAccess', () => {
  const cases: [string, { signedIn: boolean; isMember: boolean; ticketKind: TicketKind | null; permissions: Set<Permission>; upgradeGrants: Set<Permission> | null }, SectionAccess][] = [
    ['guest', { signedIn: false, isMember: false, ticketKind: null, permissions: set(), upgradeGrants: null }, 'sign_in'],
    ['signed in, not a member', { signedIn: true, isMember: false, ticketKind: null, permissions: set(), upgradeGrants: null }, 'not_member'],
    ['networking ticket', { signedIn: true, isMember: true, ticketKind: 'standard', permissions: set('members.view'), upgradeGrants: null }, 'ok'],
    ['watch-only ticket, business pass opens it', { signedIn: true, isMember: true, ticketKind: 'standard', permissions: set('lectures.watch'), upgradeGrants: set('members.view') }, 'upgrade'],
    ['watch-only ticket, nothing to upgrade to', { signedIn: true, isMember: true, ticketKind: 'standard', permissions: set('lectures.watch'), upgradeGrants: null }, 'unavailable'],
    ['organiser without a ticket', { signedIn: true, isMember: false, ticketKind: null, permissions: set('event.manage'), upgradeGrants: null }, 'ok'],
  ];
  it.each(cases)('%s', (_, reader, expected) => expect(directoryAccess(reader)).toBe(expected));
});

describe('visibleContacts', () => {
  it.each([
    [{ showEmail: false, showPhone: false }, false, { email: false, phone: false }],
    [{ showEmail: true, showPhone: false }, false, { email: true, phone: false }],
    [{ showEmail: false, showPhone: true }, false, { email: false, phone: true }],
    [{ showEmail: false, showPhone: false }, true, { email: true, phone: true }],
  ])('%o, own page %s', (owner, isMe, expected) => expect(visibleContacts(owner, isMe)).toEqual(expected));
});

describe('isEmptyProfile', () => {
  const blank = { job: null, avatarKey: null, offerIds: [], lookingIds: [] };
  it.each([
    [blank, true],
    [{ ...blank, job: '  ' }, true],
    [{ ...blank, job: 'Producer' }, false],
    [{ ...blank, avatarKey: 'a.png' }, false],
    [{ ...blank, offerIds: [1] }, false],
    [{ ...blank, lookingIds: [2] }, false],
  ])('%o is empty: %s', (user, expected) => expect(isEmptyProfile(user)).toBe(expected));
});
