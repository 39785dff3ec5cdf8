import { describe, expect, it } from 'vitest';
import { dropsLastAdmin, eventCompaniesAccess, isCompanyAdmin, mayRemove, normaliseRoles, type EventReader } from './policy.ts';

const reader = (over: Partial<EventReader> = {}): EventReader => ({ signedIn: true, isMember: false, canManage: false, isStaff: false, ...over });

describe('eventCompaniesAccess', () => {
  it.each([
    ['guest', reader({ signedIn: false }), 'unauthorized'],
    ['member', reader({ isMember: true }), 'ok'],
    ['manager', reader({ canManage: true }), 'ok'],
    ['staff', reader({ isStaff: true }), 'ok'],
    ['outsider', reader(), 'not_found'],
  ] as const)('%s', (_name, who, expected) => expect(eventCompaniesAccess(who)).toBe(expected));
});

describe('isCompanyAdmin', () => {
  it.each([
    ['admin of the company', ['chat', 'admin'], false, true],
    ['chat only', ['chat'], false, false],
    ['not in the company', null, false, false],
    ['staff outside the company', null, true, true],
  ] as const)('%s', (_name, roles, staff, expected) => expect(isCompanyAdmin(roles, staff)).toBe(expected));
});

describe('mayRemove', () => {
  it.each([
    ['admin removes another', 1, 2, true, true],
    ['person leaves', 2, 2, false, true],
    ['non-admin removes another', 1, 2, false, false],
  ] as const)('%s', (_name, actor, target, admin, expected) => expect(mayRemove(actor, target, admin)).toBe(expected));
});

describe('dropsLastAdmin', () => {
  it.each([
    ['only admin drops admin', [1], 1, ['chat'], true],
    ['only admin is removed', [1], 1, null, true],
    ['only admin keeps admin', [1], 1, ['admin'], false],
    ['one of two admins drops admin', [1, 2], 1, [], false],
    ['a non-admin changes', [1], 2, [], false],
  ] as const)('%s', (_name, admins, target, roles, expected) => expect(dropsLastAdmin(admins, target, roles)).toBe(expected));
});

it('normaliseRoles keeps known roles once, in order', () => {
  expect(normaliseRoles(['admin', 'chat', 'admin', 'owner'])).toEqual(['chat', 'admin']);
});
