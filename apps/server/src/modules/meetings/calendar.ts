import { ErrorCode, findSlot, type MeetingSettings, type MeetingSlot } from '@lobby/contract';
import type { AccessSource, EventAccess } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { EXCLUSION_VIOLATION, pgCode } from '../../db/sql.ts';
import { AppError } from '../../http/errors.ts';
import { deleteLock, insertHolds, loadMeetingEvent, saveSchedule, setPointCapacity, type MeetingEvent } from './repo.ts';
import { allowedLocations } from './policy.ts';
import { actorOf, openMeetings } from './service.ts';
import { eventSlots, slotStates } from './slots.ts';

/** The slot the person wants to lock or unlock: one of the schedule's, not past. */
function ownSlot(event: MeetingEvent, startsAt: string): { startsAt: Date; endsAt: Date } {
  const slot = findSlot(eventSlots(event), startsAt);
  if (!slot || Date.parse(slot.starts_at) <= Date.now()) throw new AppError(422, ErrorCode.meetingDateInvalid, 'The date or time is incorrect or already past: choose one of the slots.');
  return { startsAt: new Date(slot.starts_at), endsAt: new Date(slot.ends_at) };
}

/** The person's own state in one slot, after a lock or unlock. */
async function stateOf(db: Db, event: MeetingEvent, access: EventAccess, me: number, startsAt: Date): Promise<MeetingSlot> {
  const own = actorOf(access);
  const slots = await slotStates(db, event, me, null, allowedLocations(own, own, event.points.map((point) => point.id)));
  const slot = slots.find((candidate) => Date.parse(candidate.starts_at) === startsAt.getTime());
  if (!slot) throw new AppError(422, ErrorCode.meetingDateInvalid, 'The date or time is incorrect.');
  return slot;
}

/** Locks a free slot of one's own; the same exclusion constraint as meetings refuses a busy one (409). Locking twice is harmless. */
export async function lockSlot(db: Db, source: AccessSource, eventId: number, startsAt: string): Promise<MeetingSlot> {
  const { event, access, me } = await openMeetings(db, source, eventId);
  const range = ownSlot(event, startsAt);
  try {
    await insertHolds(db, eventId, null, [me], range.startsAt, range.endsAt);
  } catch (error) {
    if (pgCode(error) !== EXCLUSION_VIOLATION) throw error;
    const slot = await stateOf(db, event, access, me, range.startsAt);
    if (slot.state === 'locked') return slot;
    throw new AppError(409, ErrorCode.slotLockFailed, 'This slot could not be locked: a meeting holds it.');
  }
  return stateOf(db, event, access, me, range.startsAt);
}

export async function unlockSlot(db: Db, source: AccessSource, eventId: number, startsAt: string): Promise<MeetingSlot> {
  const { event, access, me } = await openMeetings(db, source, eventId);
  const range = ownSlot(event, startsAt);
  if (!(await deleteLock(db, me, range.startsAt))) throw new AppError(409, ErrorCode.slotUnlockFailed, 'This slot could not be unlocked: it is not locked by you.');
  return stateOf(db, event, access, me, range.startsAt);
}

export async function meetingSettings(db: Db, eventId: number): Promise<MeetingSettings> {
  const event = await loadMeetingEvent(db, eventId);
  if (!event) throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  return { timezone: event.timezone, slot_minutes: event.slotMinutes, days: event.days, points: event.points };
}

/** Organisers only: the route checks event.manage first. */
export async function updateMeetingSettings(db: Db, eventId: number, input: { slot_minutes: number; days: MeetingSettings['days']; points: { id: number; capacity: number }[] }): Promise<MeetingSettings> {
  await db.transaction(async (tx) => {
    await saveSchedule(tx, eventId, input.slot_minutes, input.days);
    for (const point of input.points) await setPointCapacity(tx, eventId, point.id, point.capacity);
  });
  return meetingSettings(db, eventId);
}
