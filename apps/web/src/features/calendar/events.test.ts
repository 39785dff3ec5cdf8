import type { Meeting, MeetingSlot } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { calendarItems, firstDay, fromWall, toWall, visibleHours } from './events.ts';

const slot = (starts_at: string, state: MeetingSlot['state'], extra: Partial<MeetingSlot> = {}): MeetingSlot => ({
  starts_at,
  ends_at: new Date(Date.parse(starts_at) + 30 * 60_000).toISOString(),
  state,
  past: false,
  meeting_id: null,
  free_location_ids: [],
  ...extra,
});
const meeting = (id: number, view: Meeting['view']) => ({ id, view, starts_at: '2026-11-24T09:00:00.000Z', ends_at: '2026-11-24T09:30:00.000Z' }) as Meeting;
const titles = { meeting: (m: Meeting) => `meeting ${m.id}`, slot: (s: MeetingSlot) => s.state };

describe('calendar items', () => {
  it('writes the reader wall clock as UTC and reads it back', () => {
    expect(toWall('2026-11-24T09:00:00.000Z', 'Asia/Shanghai')).toBe('2026-11-24T17:00:00Z');
    expect(fromWall(new Date('2026-11-24T17:00:00Z'), 'Asia/Shanghai')).toBe('2026-11-24T09:00:00.000Z');
    expect(fromWall(new Date('2026-03-29T03:30:00Z'), 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
  });

  it('shows live meetings and the slots without a meeting, never past ones', () => {
    const items = calendarItems(
      [meeting(1, 'accepted'), meeting(2, 'canceled'), meeting(3, 'waiting_for_me')],
      [slot('2026-11-24T09:00:00.000Z', 'busy', { meeting_id: 1 }), slot('2026-11-24T09:30:00.000Z', 'free'), slot('2026-11-24T10:00:00.000Z', 'locked'), slot('2026-11-24T08:00:00.000Z', 'free', { past: true })],
      'Europe/Moscow',
      titles,
    );
    expect(items.map((item) => item.id)).toEqual(['m1', 'm3', 's2026-11-24T09:30:00.000Z', 's2026-11-24T10:00:00.000Z']);
    expect(items[2]).toMatchObject({ kind: 'slot', state: 'free', start: '2026-11-24T12:30:00Z', title: 'free' });
  });

  it('opens on the day of the next slot in the reader timezone', () => {
    const slots = [slot('2026-11-24T07:00:00.000Z', 'free', { past: true }), slot('2026-11-24T22:00:00.000Z', 'free')];
    expect(firstDay(slots, 'Asia/Tokyo', 0)).toBe('2026-11-25');
    expect(firstDay([], 'UTC', Date.parse('2026-11-20T10:00:00Z'))).toBe('2026-11-20');
  });
});

describe('visible hours', () => {
  const item = (start: string, end: string) => ({ start, end });
  it('pads the items by an hour and covers the whole day across midnight', () => {
    expect(visibleHours([])).toEqual({ min: '08:00:00', max: '20:00:00' });
    expect(visibleHours([item('2026-11-25T16:00:00Z', '2026-11-25T16:30:00Z'), item('2026-11-25T23:30:00Z', '2026-11-26T00:00:00Z')])).toEqual({ min: '15:00:00', max: '24:00:00' });
    expect(visibleHours([item('2026-11-25T10:00:00Z', '2026-11-25T10:30:00Z'), item('2026-11-25T17:30:00Z', '2026-11-25T18:00:00Z')])).toEqual({ min: '09:00:00', max: '19:00:00' });
    expect(visibleHours([item('2026-11-25T23:45:00Z', '2026-11-26T00:15:00Z')])).toEqual({ min: '00:00:00', max: '24:00:00' });
  });
});
