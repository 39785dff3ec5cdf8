import { describe, expect, it } from 'vitest';
import { notificationTarget, notificationTextContext, notificationTextKey, relativeAge } from './present.ts';

describe('notification presentation', () => {
  const now = Date.parse('2026-11-24T12:00:00.000Z');

  it('is relative under a day old and absolute from a day on', () => {
    expect(relativeAge('2026-11-24T11:59:30.000Z', now)).toEqual({ value: 30, unit: 'second' });
    expect(relativeAge('2026-11-24T11:15:00.000Z', now)).toEqual({ value: 45, unit: 'minute' });
    expect(relativeAge('2026-11-23T12:00:01.000Z', now)).toEqual({ value: 23, unit: 'hour' });
    expect(relativeAge('2026-11-23T12:00:00.000Z', now)).toBeNull();
    // A clock slightly behind the server's never says "in 3 seconds".
    expect(relativeAge('2026-11-24T12:00:03.000Z', now)).toEqual({ value: 0, unit: 'second' });
  });

  it('routes like the push routing of the spec', () => {
    expect(notificationTarget({ type: 'new_meeting_request', meeting_id: 4 })).toBe('meetings/list/4?isInvite=true');
    expect(notificationTarget({ type: 'meeting_confirmed', meeting_id: 4 })).toBe('meetings/list/4');
    expect(notificationTarget({ type: 'meeting_reminder_v2', meeting_id: 4 })).toBe('calendar/4');
    expect(notificationTarget({ type: 'meeting_rescheduled_v2', meeting_id: 4 })).toBe('calendar/4');
    expect(notificationTarget({ type: 'new_message', meeting_id: null })).toBe('');
    expect(notificationTarget({ type: 'custom_push', meeting_id: null })).toBe('notifications');
    expect(notificationTarget({ type: 'lecture_reminder', meeting_id: null, data: { hall_id: 2, lecture_id: 9 } })).toBe('lectures/2/9?chat=open');
    expect(notificationTarget({ type: 'lecture_reminder', meeting_id: null, data: {} })).toBe('program');
    expect(notificationTarget({ type: 'showcase_decision', meeting_id: null, data: { request_id: 12 } })).toBe('showcase/showcase-game/12');
    expect(notificationTarget({ type: 'showcase_decision', meeting_id: null, data: {} })).toBe('showcase');
    expect(notificationTarget({ type: 'deal_suggestion', meeting_id: null, data: { member_id: 31 } })).toBe('members/31/create-meeting');
    // With the first time free for both, the meeting form opens at that time (calendar/create, product.md section 2).
    expect(notificationTarget({ type: 'deal_suggestion', meeting_id: null, data: { member_id: 31, starts_at: '2026-11-24T12:00:00.000Z' } })).toBe('calendar/create?start=1795521600&member=31');
    expect(notificationTarget({ type: 'deal_suggestion', meeting_id: null, data: { member_id: 31, starts_at: 'not a date' } })).toBe('members/31/create-meeting');
  });

  it('reads a showcase decision by its status and a deal suggestion with its free time', () => {
    expect(notificationTextContext({ type: 'showcase_decision', data: { status: 'accepted' } })).toBe('accepted');
    expect(notificationTextContext({ type: 'showcase_decision', data: { status: 'rejected' } })).toBe('rejected');
    expect(notificationTextContext({ type: 'showcase_decision', data: { status: 'odd' } })).toBeUndefined();
    expect(notificationTextContext({ type: 'deal_suggestion', data: { starts_at: '2026-11-24T12:00:00.000Z' } })).toBe('time');
    expect(notificationTextContext({ type: 'deal_suggestion', data: {} })).toBeUndefined();
    expect(notificationTextContext({ type: 'new_message', data: { status: 'accepted' } })).toBeUndefined();
  });

  it('reads V2 variants with the first texts', () => {
    expect(notificationTextKey('meeting_confirmed_v2')).toBe('notifications.type_meeting_confirmed');
    expect(notificationTextKey('meeting_reminder_v2')).toBe('notifications.type_meeting_reminder');
  });
});
