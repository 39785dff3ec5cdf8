import { meetingSlots, ONLINE_LOCATION_ID, type MeetingSlot, type SlotRange } from '@lobby/contract';
import type { Db } from '../../db/client.ts';
import { holdsOf, tablesTaken, type HoldRow, type MeetingEvent } from './repo.ts';

const overlaps = (a: { startsAt: Date; endsAt: Date }, from: number, to: number) => a.startsAt.getTime() < to && a.endsAt.getTime() > from;

/** The event's slots in UTC. */
export const eventSlots = (event: MeetingEvent): SlotRange[] => meetingSlots(event.days, event.slotMinutes, event.timezone);

/**
 * Every slot with the reader's state in it (free, locked by them, busy with a meeting) and, with
 * another person, busy when that person is taken; plus the locations with a free table.
 */
export async function slotStates(db: Db, event: MeetingEvent, me: number, other: number | null, allowedLocations: readonly number[], now = Date.now()): Promise<MeetingSlot[]> {
  const slots = eventSlots(event);
  const first = slots[0];
  const last = slots[slots.length - 1];
  if (!first || !last) return [];
  const from = new Date(first.starts_at);
  const to = new Date(last.ends_at);
  const people = other === null ? [me] : [me, other];
  const pointIds = event.points.map((point) => point.id).filter((id) => allowedLocations.includes(id));
  const [holds, tables] = await Promise.all([holdsOf(db, people, from, to), tablesTaken(db, pointIds, from, to)]);
  const capacity = new Map(event.points.map((point) => [point.id, point.capacity]));
  return slots.map((slot) => {
    const start = Date.parse(slot.starts_at);
    const end = Date.parse(slot.ends_at);
    const here = holds.filter((hold) => overlaps(hold, start, end));
    const myHold: HoldRow | undefined = here.find((hold) => hold.userId === me);
    const otherBusy = other !== null && here.some((hold) => hold.userId === other);
    const state = myHold ? (myHold.meetingId === null ? 'locked' : 'busy') : otherBusy ? 'busy' : 'free';
    const free = allowedLocations.filter((id) => id === ONLINE_LOCATION_ID || tables.filter((table) => table.pointId === id && overlaps(table, start, end)).length < (capacity.get(id) ?? 0));
    return { starts_at: slot.starts_at, ends_at: slot.ends_at, state, past: start <= now, meeting_id: myHold?.meetingId ?? null, free_location_ids: free };
  });
}

/** The lowest table number free at a point for the range, or null when all are taken. */
export async function freeTable(db: Db, point: { id: number; capacity: number }, startsAt: Date, endsAt: Date): Promise<number | null> {
  const taken = new Set((await tablesTaken(db, [point.id], startsAt, endsAt)).map((table) => table.tableNo));
  for (let table = 1; table <= point.capacity; table++) if (!taken.has(table)) return table;
  return null;
}
