import { describe, expect, it } from 'vitest';
import { meetingActions, meetingSlots, meetingView, nearestSlot, zonedToUtc, type MeetingFacts } from './meeting-rules.ts';

const A = 1;
const B = 2;
const meeting = (over: Partial<MeetingFacts>): MeetingFacts => ({ status: 'invited', organizerId: A, inviteeId: B, awaitingId: B, closedById: null, ...over });

describe('meeting views and actions', () => {
  it.each([
    [meeting({}), A, 'waiting_for_other', ['reschedule', 'cancel']],
    [meeting({}), B, 'waiting_for_me', ['accept', 'decline', 'reschedule', 'cancel']],
    [meeting({ awaitingId: A }), A, 'waiting_for_me', ['accept', 'decline', 'reschedule', 'cancel']],
    [meeting({ awaitingId: A }), B, 'waiting_for_other', ['reschedule', 'cancel']],
    [meeting({ status: 'accepted', awaitingId: null }), A, 'accepted', ['cancel']],
    [meeting({ status: 'accepted', awaitingId: null }), B, 'accepted', ['cancel']],
    [meeting({ status: 'rejected', awaitingId: null, closedById: B }), B, 'declined_by_me', []],
    [meeting({ status: 'rejected', awaitingId: null, closedById: B }), A, 'declined_by_other', []],
    [meeting({ status: 'canceled', awaitingId: null, closedById: A }), B, 'canceled', []],
    [meeting({}), 3, 'waiting_for_other', []],
  ] as const)('%#: %o seen by %i is %s', (facts, me, view, actions) => {
    expect(meetingView(facts, me)).toBe(view);
    expect(meetingActions(facts, me)).toEqual(actions);
  });
});

describe('time slots', () => {
  it('turns local hours in the event timezone into UTC slots', () => {
    const slots = meetingSlots([{ date: '2026-11-25', start: '10:00', end: '11:00' }], 30, 'Europe/Moscow');
    expect(slots).toEqual([
      { starts_at: '2026-11-25T07:00:00.000Z', ends_at: '2026-11-25T07:30:00.000Z' },
      { starts_at: '2026-11-25T07:30:00.000Z', ends_at: '2026-11-25T08:00:00.000Z' },
    ]);
  });

  it('drops a last slot that would run past the end of the day and sorts days', () => {
    const slots = meetingSlots([{ date: '2026-11-26', start: '09:00', end: '09:50' }, { date: '2026-11-25', start: '09:00', end: '09:20' }], 20, 'UTC');
    expect(slots.map((s) => s.starts_at)).toEqual(['2026-11-25T09:00:00.000Z', '2026-11-26T09:00:00.000Z', '2026-11-26T09:20:00.000Z']);
  });

  it('settles daylight-saving days', () => {
    // New York moves to summer time on 2026-03-08 at 02:00.
    expect(zonedToUtc('2026-03-07', '10:00', 'America/New_York').toISOString()).toBe('2026-03-07T15:00:00.000Z');
    expect(zonedToUtc('2026-03-08', '10:00', 'America/New_York').toISOString()).toBe('2026-03-08T14:00:00.000Z');
  });

  it('finds the nearest free slot ahead of now', () => {
    const slots = meetingSlots([{ date: '2026-11-25', start: '10:00', end: '12:00' }], 30, 'UTC');
    const now = Date.parse('2026-11-25T10:10:00Z');
    expect(nearestSlot(slots, Date.parse('2026-11-25T09:00:00Z'), now)?.starts_at).toBe('2026-11-25T10:30:00.000Z');
    expect(nearestSlot(slots, Date.parse('2026-11-25T11:40:00Z'), now)?.starts_at).toBe('2026-11-25T11:30:00.000Z');
    expect(nearestSlot(slots, Date.parse('2026-11-25T11:40:00Z'), now, (s) => s.starts_at !== '2026-11-25T11:30:00.000Z')?.starts_at).toBe('2026-11-25T11:00:00.000Z');
  });
});
