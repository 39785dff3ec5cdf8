import type { MeetingSlot } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { groupByDay, initialSlot, meetingListPath, meetingWhen, pickLocation, viewById } from './format.ts';

const slot = (starts_at: string, state: MeetingSlot['state'] = 'free', past = false): MeetingSlot => ({
  starts_at,
  ends_at: new Date(Date.parse(starts_at) + 30 * 60_000).toISOString(),
  state,
  past,
  meeting_id: null,
  free_location_ids: [1],
});

describe('meeting formatting', () => {
  it('shows the time in the reader timezone as DD.MM.YYYY and HH:mm', () => {
    const meeting = { starts_at: '2026-11-24T09:00:00.000Z', ends_at: '2026-11-24T09:30:00.000Z' };
    expect(meetingWhen(meeting, 'Europe/Moscow')).toBe('24.11.2026, 12:00–12:30');
    expect(meetingWhen(meeting, 'America/New_York')).toBe('24.11.2026, 04:00–04:30');
  });

  it('maps view numbers and builds the list address', () => {
    expect(viewById(1)).toBe('waiting_for_me');
    expect(viewById(6)).toBe('canceled');
    expect(viewById(9)).toBeUndefined();
    expect(meetingListPath({ id: 7, view_id: 1, is_invite: true })).toBe('meetings/list/7?status=1&isInvite=true');
  });

  it('groups slots by the reader day, not the UTC day', () => {
    const slots = [slot('2026-11-24T20:00:00.000Z'), slot('2026-11-24T21:30:00.000Z'), slot('2026-11-25T09:00:00.000Z')];
    expect(groupByDay(slots, 'UTC').map((day) => day.slots.length)).toEqual([2, 1]);
    // In Moscow (UTC+3) 21:30 UTC is already the 25th.
    expect(groupByDay(slots, 'Europe/Moscow').map((day) => [day.date, day.slots.length])).toEqual([
      ['24.11.2026', 1],
      ['25.11.2026', 2],
    ]);
  });
});

describe('initial slot and location', () => {
  const now = Date.parse('2026-11-24T08:00:00.000Z');
  const slots = [slot('2026-11-24T07:00:00.000Z', 'free', true), slot('2026-11-24T09:00:00.000Z', 'busy'), slot('2026-11-24T09:30:00.000Z'), slot('2026-11-24T12:00:00.000Z')];

  it('keeps a wanted slot that is free', () => {
    expect(initialSlot(slots, Date.parse('2026-11-24T12:00:00.000Z'), now)).toEqual({ slot: slots[3], moved: false });
  });

  it('moves to the nearest free slot ahead when the wanted one is busy, past or off the schedule', () => {
    expect(initialSlot(slots, Date.parse('2026-11-24T09:00:00.000Z'), now)).toEqual({ slot: slots[2], moved: true });
    expect(initialSlot(slots, Date.parse('2026-11-24T07:00:00.000Z'), now)).toEqual({ slot: slots[2], moved: true });
    expect(initialSlot(slots, Date.parse('2026-11-24T11:50:00.000Z'), now).slot).toBe(slots[3]);
  });

  it('takes the first free slot when nothing is wanted', () => {
    expect(initialSlot(slots, null, now)).toEqual({ slot: slots[2], moved: false });
  });

  it('reselects a location when the wanted one is full', () => {
    expect(pickLocation([1, 5], 5)).toEqual({ id: 5, reselected: false });
    expect(pickLocation([1, 6], 5)).toEqual({ id: 1, reselected: true });
    expect(pickLocation([], 5)).toEqual({ id: null, reselected: false });
    expect(pickLocation([6], null)).toEqual({ id: 6, reselected: false });
  });
});
