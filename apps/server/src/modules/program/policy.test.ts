import { grantsOfFeatures, type Permission, type TicketKind } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { canDeleteLecture, canModerateLecture, gateOf, isSafeMaterialUrl, joinVerdict, programAccess, watchAccess, type ProgramReader } from './policy.ts';

const reader = (overrides: Partial<ProgramReader> = {}): ProgramReader => ({ signedIn: true, isMember: true, ticketKind: 'standard', permissions: new Set<Permission>(['event.view']), upgradeGrants: null, ...overrides });
const perms = (...list: Permission[]) => new Set<Permission>(list);
const business = grantsOfFeatures(['watch_lecture']);

describe('programAccess and watchAccess', () => {
  it.each<[string, ProgramReader, string, string]>([
    ['guest', reader({ signedIn: false, isMember: false }), 'sign_in', 'sign_in'],
    ['not a member', reader({ isMember: false, ticketKind: null, permissions: perms() }), 'not_member', 'not_member'],
    ['general ticket', reader({ ticketKind: 'general' as TicketKind }), 'unavailable', 'unavailable'],
    ['general ticket, a business pass on offer', reader({ ticketKind: 'general', upgradeGrants: business }), 'upgrade', 'upgrade'],
    ['standard ticket without watch_lecture', reader(), 'ok', 'unavailable'],
    ['standard ticket, a business pass with watch_lecture on offer', reader({ upgradeGrants: business }), 'ok', 'upgrade'],
    ['ticket with watch_lecture', reader({ permissions: perms('event.view', 'lectures.watch') }), 'ok', 'ok'],
    ['organiser without a ticket', reader({ ticketKind: null, permissions: perms('event.manage') }), 'ok', 'ok'],
    ['platform staff, not a member', reader({ isMember: false, ticketKind: null, permissions: perms('event.manage', 'lectures.watch') }), 'ok', 'ok'],
  ])('%s', (_label, who, program, watch) => {
    expect(programAccess(who)).toBe(program);
    expect(watchAccess(who)).toBe(watch);
  });

  it.each([
    ['ok', 'ok'],
    ['upgrade', 'upgrade'],
    ['unavailable', 'unavailable'],
    ['not_member', 'unavailable'],
    ['sign_in', 'unavailable'],
  ] as const)('the page gate of %s is %s', (access, gate) => expect(gateOf(access)).toBe(gate));
});

describe('canModerateLecture and canDeleteLecture', () => {
  it.each<[string, Permission[], boolean, boolean]>([
    ['attendee', ['event.view'], false, false],
    ['speaker of the lecture', ['event.view'], true, true],
    ['chat moderator', ['chat.moderate'], false, true],
    ['organiser', ['event.manage'], false, true],
  ])('%s', (_label, list, isSpeaker, expected) => expect(canModerateLecture({ permissions: perms(...list), isSpeaker })).toBe(expected));

  it('lets only platform staff delete', () => {
    expect(canDeleteLecture({ isStaff: true })).toBe(true);
    expect(canDeleteLecture({ isStaff: false })).toBe(false);
  });
});

describe('joinVerdict', () => {
  const start = new Date('2030-05-01T10:00:00Z');
  const end = new Date('2030-05-01T11:00:00Z');
  it.each([
    ['2030-05-01T09:44:59Z', 'early'],
    ['2030-05-01T09:45:00Z', 'open'],
    ['2030-05-01T10:30:00Z', 'open'],
    ['2030-05-01T10:59:59Z', 'open'],
    ['2030-05-01T11:00:00Z', 'over'],
  ])('at %s: %s', (now, verdict) => expect(joinVerdict(new Date(now), start, end)).toBe(verdict));
});

describe('isSafeMaterialUrl', () => {
  it.each([
    ['https://example.org/slides.pdf', true],
    ['/api/v1/files/x.png', true],
    ['http://example.org/slides.pdf', false],
    ['//evil.example/x', false],
    ['/\\evil.example/x', false],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['https://user:pass@example.org/', false],
    ['https://example.org/a b', false],
    ['', false],
  ])('%s: %s', (url, ok) => expect(isSafeMaterialUrl(url)).toBe(ok));
});
