import { resolvePermissions, type Permission, type TicketKind } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { academyVerdict, datesValid, learns, presentLock, seesWholeCourse, uniqueTeachers, wantsHomeworkMail, type AcademyNeed, type AcademyReader } from './policy.ts';

const member = (roleIds: number[], options: { organiser?: boolean; ticketKind?: TicketKind } = {}): AcademyReader => ({
  signedIn: true,
  isMember: true,
  ticketKind: options.ticketKind ?? 'standard',
  permissions: resolvePermissions({ isStaff: false, isPlatformOrganizer: false, member: { isOrganizer: options.organiser ?? false, roleIds, features: [], ticketKind: options.ticketKind ?? 'standard' }, companyRoles: [] }),
});
const staff: AcademyReader = { signedIn: true, isMember: false, ticketKind: null, permissions: resolvePermissions({ isStaff: true, isPlatformOrganizer: false, member: null, companyRoles: [] }) };
const outsider: AcademyReader = { signedIn: true, isMember: false, ticketKind: null, permissions: new Set<Permission>() };
const guest: AcademyReader = { signedIn: false, isMember: false, ticketKind: null, permissions: new Set<Permission>() };

describe('academyVerdict', () => {
  const needs: AcademyNeed[] = ['view', 'admin', 'edit', 'review'];
  it.each([
    ['student (role 6)', member([6]), ['ok', 'locked', 'forbidden', 'forbidden']],
    ['student on a general ticket', member([6], { ticketKind: 'general' }), ['ok', 'locked', 'forbidden', 'forbidden']],
    ['teacher (role 5)', member([5]), ['ok', 'ok', 'forbidden', 'ok']],
    ['course admin (role 4)', member([4]), ['ok', 'ok', 'ok', 'ok']],
    ['organiser', member([1], { organiser: true }), ['ok', 'ok', 'ok', 'ok']],
    ['platform staff', staff, ['ok', 'ok', 'ok', 'ok']],
    ['attendee (role 1)', member([1]), ['locked', 'locked', 'forbidden', 'forbidden']],
    ['moderator (role 2)', member([2]), ['locked', 'locked', 'forbidden', 'forbidden']],
    ['outsider', outsider, ['not_member', 'not_member', 'not_member', 'not_member']],
    ['guest', guest, ['sign_in', 'sign_in', 'sign_in', 'sign_in']],
  ] as const)('%s', (_name, reader, expected) => {
    expect(needs.map((need) => academyVerdict(reader, need))).toEqual(expected);
  });
});

describe('who sees the whole course and who rates', () => {
  it.each([
    ['student', member([6]), false, true],
    ['teacher', member([5]), true, false],
    ['course admin', member([4]), true, false],
    ['organiser', member([1], { organiser: true }), true, false],
    ['staff', staff, true, false],
    ['attendee', member([1]), false, false],
  ] as const)('%s', (_name, reader, whole, rates) => {
    expect(seesWholeCourse(reader.permissions)).toBe(whole);
    expect(learns(reader.permissions)).toBe(rates);
  });
});

describe('datesValid', () => {
  const d = (iso: string) => new Date(iso);
  it.each([
    [null, null, true],
    [d('2030-01-01T00:00:00Z'), null, true],
    [null, d('2030-01-01T00:00:00Z'), true],
    [d('2030-01-01T00:00:00Z'), d('2030-01-01T00:00:00Z'), true],
    [d('2030-01-01T00:00:00Z'), d('2030-01-02T00:00:00Z'), true],
    [d('2030-01-02T00:00:00Z'), d('2030-01-01T23:59:59Z'), false],
  ])('%s to %s: %s', (start, end, valid) => expect(datesValid(start, end)).toBe(valid));
});

describe('presentLock', () => {
  const titles = (id: number) => (id === 7 ? 'Design doc' : '');
  it.each([
    ['no lock (staff)', undefined, { state: 'open', opens_at: null, blocked_by: null }],
    ['open', { state: 'open' } as const, { state: 'open', opens_at: null, blocked_by: null }],
    ['opens on a date', { state: 'not_yet_open', opensAt: new Date('2030-01-01T09:00:00Z') } as const, { state: 'not_yet_open', opens_at: '2030-01-01T09:00:00.000Z', blocked_by: null }],
    ['opens by hand', { state: 'not_yet_open', opensAt: null } as const, { state: 'not_yet_open', opens_at: null, blocked_by: null }],
    ['blocked', { state: 'blocked', blockedBy: 7 } as const, { state: 'blocked', opens_at: null, blocked_by: { id: 7, short_description: 'Design doc' } }],
  ])('%s', (_name, access, shown) => expect(presentLock(access, titles)).toEqual(shown));
});

describe('wantsHomeworkMail', () => {
  it.each([
    [{ enable_homework_teacher_notification: true }, true],
    [{ enable_homework_teacher_notification: false }, false],
    [{ enable_homework_teacher_notification: 'true' }, false],
    [{}, false],
    [null, false],
  ])('%j: %s', (settings, wanted) => expect(wantsHomeworkMail(settings)).toBe(wanted));
});

describe('uniqueTeachers', () => {
  it('keeps each teacher once, in the order given', () => expect(uniqueTeachers([3, 1, 3, 2, 1])).toEqual([3, 1, 2]));
});
