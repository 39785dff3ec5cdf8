import type { Permission } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { liveAccess, mayDeleteQuestion, moderatesLecture, type LiveReader } from './policy.ts';

const reader = (over: Partial<LiveReader> = {}): LiveReader => ({
  signedIn: true,
  isMember: true,
  ticketKind: 'standard',
  permissions: new Set<Permission>(['event.view']),
  upgradeGrants: null,
  isSpeaker: false,
  ...over,
});

describe('liveAccess', () => {
  it.each<[string, LiveReader, string]>([
    ['member without watch_lecture', reader(), 'unavailable'],
    ['member without it, a business pass would open it', reader({ upgradeGrants: new Set(['lectures.watch']) }), 'upgrade'],
    ['member with watch_lecture', reader({ permissions: new Set(['event.view', 'lectures.watch']) }), 'ok'],
    ['general ticket with watch_lecture', reader({ ticketKind: 'general', permissions: new Set(['event.view', 'lectures.watch']) }), 'unavailable'],
    ['organiser', reader({ isMember: false, ticketKind: null, permissions: new Set(['event.manage']) }), 'ok'],
    ['event moderator without the feature', reader({ permissions: new Set(['event.view', 'chat.moderate']) }), 'ok'],
    ['speaker of the lecture without the feature', reader({ isSpeaker: true }), 'ok'],
    ['not a member', reader({ isMember: false, ticketKind: null, permissions: new Set() }), 'not_member'],
    ['a speaker who left the event', reader({ isMember: false, ticketKind: null, permissions: new Set(), isSpeaker: true }), 'not_member'],
    ['guest', reader({ signedIn: false, isMember: false }), 'sign_in'],
  ])('%s', (_name, who, expected) => expect(liveAccess(who)).toBe(expected));
});

describe('moderatesLecture and mayDeleteQuestion', () => {
  it.each<[string, Parameters<typeof moderatesLecture>[0], boolean]>([
    ['organiser', { permissions: new Set(['event.manage']), isSpeaker: false, isMember: false }, true],
    ['moderator', { permissions: new Set(['chat.moderate']), isSpeaker: false, isMember: true }, true],
    ['speaker of the lecture', { permissions: new Set(), isSpeaker: true, isMember: true }, true],
    ['watcher', { permissions: new Set(['lectures.watch']), isSpeaker: false, isMember: true }, false],
  ])('%s', (_name, who, expected) => expect(moderatesLecture(who)).toBe(expected));
  it('authors and moderators delete questions', () => {
    expect(mayDeleteQuestion({ userId: 1, moderator: false }, 1)).toBe(true);
    expect(mayDeleteQuestion({ userId: 2, moderator: false }, 1)).toBe(false);
    expect(mayDeleteQuestion({ userId: 2, moderator: true }, 1)).toBe(true);
  });
});
