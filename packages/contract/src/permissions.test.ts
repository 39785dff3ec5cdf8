import { describe, expect, it } from 'vitest';
import { grantsOfFeatures, PERMISSIONS, resolvePermissions, sectionAccess, type GrantInput, type Permission } from './permissions.ts';

const member = (overrides: Partial<NonNullable<GrantInput['member']>> = {}): GrantInput => ({
  isStaff: false,
  isPlatformOrganizer: false,
  companyRoles: [],
  member: { isOrganizer: false, roleIds: [1], features: [], ticketKind: 'standard', ...overrides },
});

describe('resolvePermissions', () => {
  const cases: [string, GrantInput, Permission[], Permission[]][] = [
    ['guest of the event', { isStaff: false, isPlatformOrganizer: false, companyRoles: [], member: null }, [], ['event.view', 'members.view']],
    ['platform staff', { isStaff: true, isPlatformOrganizer: false, companyRoles: [], member: null }, [...PERMISSIONS], []],
    ['platform organiser, not in the event', { isStaff: false, isPlatformOrganizer: true, companyRoles: [], member: null }, ['event.create'], ['event.manage', 'event.view']],
    ['member without features', member(), ['event.view'], ['members.view', 'chat.send', 'meetings.request', 'event.manage']],
    ['limited chats', member({ features: ['limited_chats'] }), ['chat.send', 'members.view'], ['meetings.request']],
    ['unlimited meetings', member({ features: ['unlimited_meetings'] }), ['meetings.request', 'members.view'], ['chat.send']],
    ['video calls', member({ features: ['limited_video_call'] }), ['calls.video'], []],
    ['offline feature', member({ features: ['offline'] }), ['meetings.offline'], ['meetings.request']],
    ['highlight', member({ features: ['highlight'] }), ['profile.highlight'], []],
    ['game poll', member({ features: ['game_poll'] }), ['voting.vote'], ['voting.jury']],
    ['jury', member({ features: ['jury'] }), ['voting.jury'], ['voting.vote']],
    ['watch lecture', member({ features: ['watch_lecture'] }), ['lectures.watch'], ['members.view']],
    ['moderator', member({ roleIds: [2] }), ['chat.moderate', 'members.view', 'chat.send'], ['event.manage']],
    ['helper', member({ roleIds: [3] }), ['volunteer.badges'], ['chat.moderate']],
    ['course admin', member({ roleIds: [4] }), ['academy.view', 'academy.admin.view', 'academy.lesson.edit', 'academy.homework.review'], ['event.manage']],
    ['course teacher', member({ roleIds: [5] }), ['academy.view', 'academy.admin.view', 'academy.homework.review'], ['academy.lesson.edit']],
    ['course student', member({ roleIds: [6] }), ['academy.view'], ['academy.admin.view']],
    ['sponsor', member({ roleIds: [7] }), ['members.view', 'profile.highlight'], []],
    ['speaker', member({ roleIds: [8] }), ['members.view', 'chat.send'], ['meetings.request']],
    ['developer', member({ roleIds: [9] }), ['members.view', 'chat.send', 'lectures.watch'], ['event.manage']],
    ['event organiser', member({ isOrganizer: true }), ['event.manage', 'members.view', 'academy.lesson.edit', 'voting.jury'], ['event.create', 'event.analytics']],
    ['analytics manager (role given by staff)', member({ roleIds: [10] }), ['event.analytics'], ['event.manage']],
    ['organiser trusted with analytics', member({ isOrganizer: true, roleIds: [1, 10] }), ['event.manage', 'event.analytics'], ['event.create']],
    ['company admin', { isStaff: false, isPlatformOrganizer: false, companyRoles: ['admin'], member: null }, ['company.edit', 'company.chat'], ['event.view']],
    ['company chat manager', { isStaff: false, isPlatformOrganizer: false, companyRoles: ['chat'], member: null }, ['company.chat'], ['company.edit']],
    ['unknown role and feature', member({ roleIds: [99], features: ['teleport'] }), ['event.view'], ['members.view']],
  ];
  it.each(cases)('%s', (_name, input, has, lacks) => {
    const granted = resolvePermissions(input);
    for (const p of has) expect(granted.has(p), `has ${p}`).toBe(true);
    for (const p of lacks) expect(granted.has(p), `lacks ${p}`).toBe(false);
  });
});

describe('sectionAccess', () => {
  const business = grantsOfFeatures(['unlimited_chats', 'unlimited_meetings', 'watch_lecture', 'game_poll']);
  const who = (overrides: Partial<Parameters<typeof sectionAccess>[1]> = {}) => ({
    signedIn: true,
    isMember: true,
    ticketKind: 'standard' as const,
    permissions: resolvePermissions(member({ features: ['watch_lecture'] })),
    upgradeGrants: business,
    ...overrides,
  });
  it.each([
    ['guest', 'members', who({ signedIn: false }), 'sign_in'],
    ['not a member', 'members', who({ isMember: false }), 'not_member'],
    ['visitor ticket, networking', 'members', who(), 'upgrade'],
    ['visitor ticket, lectures', 'lectures', who(), 'ok'],
    ['visitor ticket, no business pass offered', 'members', who({ upgradeGrants: null }), 'unavailable'],
    ['general ticket with the feature', 'lectures', who({ ticketKind: 'general' }), 'upgrade'],
    ['general ticket, section not forbidden on general', 'academy', who({ ticketKind: 'general', permissions: resolvePermissions(member({ roleIds: [6] })) }), 'ok'],
    ['nothing opens it', 'academy', who(), 'unavailable'],
    ['organiser', 'voting', who({ permissions: resolvePermissions(member({ isOrganizer: true })) }), 'ok'],
    ['program needs only membership', 'program', who(), 'ok'],
  ] as const)('%s: %s -> %s', (_name, section, input, expected) => {
    expect(sectionAccess(section, input)).toBe(expected);
  });
});
