import type { Meeting, MeetingSlot } from '@lobby/contract';
import { isoToZoned, zonedToIso } from '../../lib/format.ts';

/**
 * The calendar runs in UTC with the reader's wall-clock times written as UTC: what it draws at
 * 10:00 is 10:00 in the reader's timezone whatever the browser's, with no timezone plugin.
 */
export const toWall = (iso: string, timeZone: string): string => `${isoToZoned(iso, timeZone)}:00Z`;
export const fromWall = (wall: Date, timeZone: string): string => zonedToIso(wall.toISOString().slice(0, 16), timeZone);

export type CalendarItem =
  | { kind: 'meeting'; id: string; meetingId: number; title: string; start: string; end: string; view: Meeting['view'] }
  | { kind: 'slot'; id: string; startsAt: string; title: string; start: string; end: string; state: MeetingSlot['state'] };

const SHOWN = new Set<Meeting['view']>(['waiting_for_me', 'waiting_for_other', 'accepted']);

/**
 * Live meetings (pending or accepted) and the reader's own slots that hold no meeting: free and
 * locked ones (to lock or unlock), busy ones as busy. Past slots are left out.
 */
export function calendarItems(meetings: readonly Meeting[], slots: readonly MeetingSlot[], timeZone: string, titles: { meeting: (m: Meeting) => string; slot: (s: MeetingSlot) => string }): CalendarItem[] {
  const items: CalendarItem[] = [];
  for (const meeting of meetings) {
    if (!SHOWN.has(meeting.view)) continue;
    items.push({ kind: 'meeting', id: `m${meeting.id}`, meetingId: meeting.id, title: titles.meeting(meeting), start: toWall(meeting.starts_at, timeZone), end: toWall(meeting.ends_at, timeZone), view: meeting.view });
  }
  for (const slot of slots) {
    if (slot.past || slot.meeting_id !== null) continue;
    items.push({ kind: 'slot', id: `s${slot.starts_at}`, startsAt: slot.starts_at, title: titles.slot(slot), start: toWall(slot.starts_at, timeZone), end: toWall(slot.ends_at, timeZone), state: slot.state });
  }
  return items;
}

/** The first day worth opening the calendar on: the day of the next slot, else today (both as wall dates). */
export function firstDay(slots: readonly MeetingSlot[], timeZone: string, nowMs: number): string {
  const next = slots.find((slot) => !slot.past);
  return isoToZoned(next?.starts_at ?? new Date(nowMs).toISOString(), timeZone).slice(0, 10);
}

/**
 * The hours the time grid shows: from the earliest item's hour to the latest end, padded by an
 * hour; the whole day when items cross midnight in the reader's timezone, 08-20 with no items.
 */
export function visibleHours(items: readonly Pick<CalendarItem, 'start' | 'end'>[]): { min: string; max: string } {
  if (items.length === 0) return { min: '08:00:00', max: '20:00:00' };
  let min = 24;
  let max = 0;
  for (const item of items) {
    if (item.start.slice(0, 10) !== item.end.slice(0, 10) && !item.end.endsWith('T00:00:00Z')) return { min: '00:00:00', max: '24:00:00' };
    const start = Number(item.start.slice(11, 13));
    const endHour = Number(item.end.slice(11, 13)) + (item.end.slice(14, 16) === '00' ? 0 : 1);
    min = Math.min(min, start);
    max = Math.max(max, item.end.endsWith('T00:00:00Z') ? 24 : endHour);
  }
  const pad = (hour: number) => `${String(hour).padStart(2, '0')}:00:00`;
  return { min: pad(Math.max(0, min - 1)), max: pad(Math.min(24, max + 1)) };
}
