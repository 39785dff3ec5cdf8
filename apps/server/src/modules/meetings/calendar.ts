import { ErrorCode, findSlot, type MeetingSettings, type MeetingSlot } from '@lobby/contract';
import type { AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { EXCLUSION_VIOLATION, pgCode } from '../../db/sql.ts';
import { AppError } from '../../http/errors.ts';
import { deleteLock, insertHolds, loadMeetingEvent, saveSchedule, setPointCapacity, type MeetingEvent } from './repo.ts';
import { listSlots } from './service.ts';
import { eventSlots } from './slots.ts';

/** The slot the person wants to lock or unlock: one of the schedule's, not past. */
function ownSlot(event: MeetingEvent, startsAt: string, code: string): { startsAt: Date; endsAt: Date } {
  const slot = findSlot(eventSlots(event), startsAt);
  if (!slot || Date.parse(slot.starts_at) <= Date.now()) throw new AppError(422, ErrorCode.meetingDateInvalid, 'The date or time is incorrect or already past: choose one of the slots.', { failure: code });
  return { startsAt: new Date(slot.starts_at), endsAt: new Date(slot.ends_at) };
}

async function slotNow(db: Db, source: AccessSource, eventId: number, startsAt: string): Promise<MeetingSlot> {
  const { slots } = await listSlots(db, source, eventId, undefined);
  const slot = slots.find((candidate) => Date.parse(candidate.starts_at) === Date.parse(startsAt));
  if (!slot) throw new AppError(422, ErrorCode.meetingDateInvalid, 'The date or time is incorrect.');
  return slot;
}

/** Locks a free slot of one's own; the same exclusion constraint as meetings refuses a busy one (409). */
export async function lockSlot(db: Db, source: AccessSource, eventId: number, startsAt: string): Promise<MeetingSlot> {
  const before = await slotNow(db, source, eventId, startsAt);
  const access = await source.get(eventId);
  const event = await loadMeetingEvent(db, eventId);
  if (!event || access.userId === null) throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  if (before.state === 'locked') return before;
  const range = ownSlot(event, startsAt, ErrorCode.slotLockFailed);
  try {
    await insertHolds(db, eventId, null, [access.userId], range.startsAt, range.endsAt);
  } catch (error) {
    if (pgCode(error) === EXCLUSION_VIOLATION) throw new AppError(409, ErrorCode.slotLockFailed, 'This slot could not be locked: a meeting holds it.');
    throw error;
  }
  return slotNow(db, source, eventId, startsAt);
}

export async function unlockSlot(db: Db, source: AccessSource, eventId: number, startsAt: string): Promise<MeetingSlot> {
  await slotNow(db, source, eventId, startsAt);
  const access = await source.get(eventId);
  if (access.userId === null || !(await deleteLock(db, access.userId, new Date(startsAt)))) {
    throw new AppError(409, ErrorCode.slotUnlockFailed, 'This slot could not be unlocked: it is not locked by you.');
  }
  return slotNow(db, source, eventId, startsAt);
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
