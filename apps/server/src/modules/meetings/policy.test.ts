import type { Permission } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { allowedLocations, checkRequest, meetingQuota, takesMeetings, type MeetingActor } from './policy.ts';

const actor = (features: string[], extra: Permission[] = [], quota: number | null = null): MeetingActor => {
  const permissions = new Set<Permission>(extra);
  if (features.includes('limited_meetings') || features.includes('unlimited_meetings')) permissions.add('meetings.request');
  if (features.includes('offline')) permissions.add('meetings.offline');
  return { isMember: true, permissions, features, quota };
};
const codeOf = (run: () => void): string | null => {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : 'thrown';
  }
};

describe('meeting policy', () => {
  it.each([
    [actor(['limited_meetings']), true, 10],
    [actor(['limited_meetings'], [], 3), true, 3],
    [actor(['unlimited_meetings']), true, null],
    [actor(['limited_meetings', 'unlimited_meetings']), true, null],
    [actor(['limited_meetings'], ['event.manage']), true, null],
    [actor(['highlight']), false, null],
    [{ ...actor(['limited_meetings']), isMember: false }, false, 10],
  ] as const)('%#: takes meetings %s, quota %s', (who, takes, quota) => {
    expect(takesMeetings(who)).toBe(takes);
    expect(meetingQuota(who)).toBe(quota);
  });

  it('offers the points only when both people are on site', () => {
    expect(allowedLocations(actor(['limited_meetings', 'offline']), actor(['limited_meetings', 'offline']), [5, 6])).toEqual([1, 5, 6]);
    expect(allowedLocations(actor(['limited_meetings', 'offline']), actor(['limited_meetings']), [5, 6])).toEqual([1]);
  });

  const base = { requester: actor(['limited_meetings', 'offline'], [], 2), requesterId: 1, invitee: actor(['unlimited_meetings', 'offline']), inviteeId: 2, eventOver: false, liveRequests: 0, locationId: 5, pointIds: [5] };
  it.each([
    [{}, null],
    [{ eventOver: true }, 'meeting.event_over'],
    [{ requester: actor(['highlight']) }, 'section.locked'],
    [{ invitee: null, inviteeId: null }, 'member.not_found'],
    [{ inviteeId: 1 }, 'meeting.self'],
    [{ invitee: actor(['highlight']) }, 'meeting.not_allowed'],
    [{ liveRequests: 2 }, 'meeting.limit_reached'],
    [{ liveRequests: 1 }, null],
    [{ invitee: actor(['unlimited_meetings']) }, 'meeting.online_only'],
    [{ invitee: actor(['unlimited_meetings']), locationId: 1 }, null],
    [{ locationId: 9 }, 'meeting.location_unavailable'],
  ] as const)('%#: a request %o answers %s', (change, code) => {
    expect(codeOf(() => checkRequest({ ...base, ...change }))).toBe(code);
  });
});
