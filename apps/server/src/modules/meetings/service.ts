import { ErrorCode, findSlot, MEETING_REMINDER_MINUTES, ONLINE_LOCATION_ID, otherParticipant, type Meeting, type MeetingRequest, type MeetingSlot, type MeetingSlots, type MeetingViewName } from '@lobby/contract';
import { sql } from 'drizzle-orm';
import { loadAccess, type AccessSource, type EventAccess } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { DEADLOCK, EXCLUSION_VIOLATION, pageMeta, pgCode } from '../../db/sql.ts';
import type { Deps } from '../../deps.ts';
import { fileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { tellOther, type MeetingNews } from './notify.ts';
import { allowedLocations, checkLocation, checkRequest, takesMeetings, type MeetingActor } from './policy.ts';
import { presentMeeting } from './present.ts';
import {
  countLiveRequests,
  countViews,
  findOwnMeeting,
  insertHolds,
  insertMeeting,
  insertTable,
  listOwnMeetings,
  loadMeetingEvent,
  memberUser,
  participants,
  releaseMeeting,
  updateMeetingFrom,
  type MeetingEvent,
  type MeetingRow,
} from './repo.ts';
import { eventSlots, freeTable, slotStates } from './slots.ts';

export const MEETING_REMINDER_JOB = 'meeting.reminder';
type MeetingDeps = Pick<Deps, 'db' | 'mailer' | 'realtime' | 'config' | 'jobs'>;

export const actorOf = (access: EventAccess): MeetingActor => ({ isMember: access.member !== null || access.can('event.manage'), permissions: access.permissions, features: access.ticketType?.features ?? [], quota: access.ticketType?.meetingQuota ?? null });

const eventNotFound = (eventId: number) => new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
const meetingNotFound = (id: number) => new AppError(404, ErrorCode.meetingNotFound, `Meeting ${id} was not found.`);
const slotBusy = () => new AppError(409, ErrorCode.meetingSlotBusy, 'This time slot is busy or locked: choose another one.');
const statusChanged = () => new AppError(409, ErrorCode.meetingStatusChanged, 'This meeting was already accepted or declined.');

/** The event and the signed-in person's access; 401 for guests, 404 for an unknown event, 403 without meetings. */
export async function openMeetings(db: Db, source: AccessSource, eventId: number): Promise<{ event: MeetingEvent; access: EventAccess; me: number }> {
  const [event, access] = await Promise.all([loadMeetingEvent(db, eventId), source.get(eventId)]);
  if (access.userId === null) throw new AppError(401, ErrorCode.unauthorized, 'Sign in to continue.');
  if (!event) throw eventNotFound(eventId);
  if (access.member === null && !access.can('event.manage')) throw new AppError(404, ErrorCode.memberNotFound, 'You are not a member of this event.');
  if (!takesMeetings(actorOf(access))) throw new AppError(403, ErrorCode.sectionLocked, 'Your ticket does not include meetings.', { section: 'meetings' });
  return { event, access, me: access.userId };
}

async function present(db: Db, secret: string, event: MeetingEvent, rows: MeetingRow[], me: number): Promise<Meeting[]> {
  const people = await participants(db, event.id, rows.flatMap((row) => [row.organizerId, row.inviteeId]));
  const files = fileUrls(secret);
  return rows.map((row) => presentMeeting(row, me, event, people, files));
}

/** The schedule's slot at `startsAt`, still ahead; 409 when the event has no slots, 422 for any other time. */
function slotAt(event: MeetingEvent, startsAt: string, now = Date.now()): { startsAt: Date; endsAt: Date } {
  const slots = eventSlots(event);
  if (slots.length === 0) throw new AppError(409, ErrorCode.meetingNoFreeSlots, 'There are no free time slots for meetings at this event.');
  const slot = findSlot(slots, startsAt);
  if (!slot || Date.parse(slot.starts_at) <= now) throw new AppError(422, ErrorCode.meetingDateInvalid, 'The date or time is incorrect or already past: choose one of the free slots.');
  return { startsAt: new Date(slot.starts_at), endsAt: new Date(slot.ends_at) };
}

/** Holds the slot for both people and a table at the point; the database refuses overlaps (409). */
async function book(tx: Db, event: MeetingEvent, meeting: MeetingRow, people: number[], range: { startsAt: Date; endsAt: Date }): Promise<void> {
  try {
    await insertHolds(tx, event.id, meeting.id, people, range.startsAt, range.endsAt);
  } catch (error) {
    if (pgCode(error) === EXCLUSION_VIOLATION || pgCode(error) === DEADLOCK) throw slotBusy();
    throw error;
  }
  if (meeting.pointId === null) return;
  await tx.execute(lockPoint(meeting.pointId));
  const point = event.points.find((candidate) => candidate.id === meeting.pointId);
  const table = point ? await freeTable(tx, point, range.startsAt, range.endsAt) : null;
  const full = () => new AppError(409, ErrorCode.meetingLocationUnavailable, 'This location has no free table in the slot: choose another location.', { location_id: meeting.pointId });
  if (table === null) throw full();
  try {
    await insertTable(tx, meeting.id, meeting.pointId, table, range.startsAt, range.endsAt);
  } catch (error) {
    if (pgCode(error) === EXCLUSION_VIOLATION) throw full();
    throw error;
  }
}

/** Adds the free locations to a location_unavailable answer, so the person (or the app) can pick another. */
async function withFreeLocations<T>(db: Db, event: MeetingEvent, me: number, other: number, allowed: number[], startsAt: Date, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== ErrorCode.meetingLocationUnavailable || error.status !== 409) throw error;
    const slot = (await slotStates(db, event, me, other, allowed)).find((candidate) => Date.parse(candidate.starts_at) === startsAt.getTime());
    throw new AppError(409, error.code, error.message, { ...error.details, free_location_ids: slot?.free_location_ids ?? [] });
  }
}

async function inviteeOf(db: Db, eventId: number, memberId: number): Promise<{ userId: number; actor: MeetingActor } | null> {
  const userId = await memberUser(db, eventId, memberId);
  if (userId === undefined) return null;
  return { userId, actor: actorOf(await loadAccess(db, userId, eventId)) };
}

async function scheduleReminder(db: Db, meeting: MeetingRow): Promise<void> {
  const runAt = new Date(meeting.startsAt.getTime() - MEETING_REMINDER_MINUTES * 60_000);
  await enqueueJob(db, MEETING_REMINDER_JOB, { meetingId: meeting.id, startsAt: meeting.startsAt.toISOString() }, { runAt: runAt.getTime() < Date.now() ? new Date() : runAt });
}

/** Tells the other participant, and answers the meeting as the actor sees it (the two people read once for both). */
async function after(deps: MeetingDeps, event: MeetingEvent, meeting: MeetingRow, actorId: number, news: MeetingNews): Promise<Meeting> {
  const people = await participants(deps.db, event.id, [meeting.organizerId, meeting.inviteeId]);
  await tellOther(deps, event, meeting, people, actorId, news);
  return presentMeeting(meeting, actorId, event, people, fileUrls(deps.config.secret));
}

export async function requestMeeting(deps: MeetingDeps, source: AccessSource, eventId: number, input: MeetingRequest): Promise<Meeting> {
  const { db } = deps;
  const [event, access] = await Promise.all([loadMeetingEvent(db, eventId), source.get(eventId)]);
  if (access.userId === null) throw new AppError(401, ErrorCode.unauthorized, 'Sign in to continue.');
  if (!event) throw eventNotFound(eventId);
  if (access.member === null && !access.can('event.manage')) throw new AppError(404, ErrorCode.memberNotFound, 'You are not a member of this event.');
  const me = access.userId;
  const requester = actorOf(access);
  const invitee = await inviteeOf(db, eventId, input.member_id);
  const pointIds = event.points.map((point) => point.id);
  const check = (live: number) =>
    checkRequest({ requester, requesterId: me, invitee: invitee?.actor ?? null, inviteeId: invitee?.userId ?? null, eventOver: event.dateTo.getTime() <= Date.now(), liveRequests: live, locationId: input.location_id, pointIds });
  check(await countLiveRequests(db, eventId, me));
  if (!invitee) throw new AppError(404, ErrorCode.memberNotFound, 'This person is not a member of the event.');
  const range = slotAt(event, input.starts_at);
  const locationId = input.location_id ?? ONLINE_LOCATION_ID;
  const allowed = allowedLocations(requester, invitee.actor, pointIds);
  const meeting = await withFreeLocations(db, event, me, invitee.userId, allowed, range.startsAt, () =>
    db.transaction(async (tx) => {
      // One booking at a time per person, so two requests at once cannot both slip under the quota.
      await tx.execute(lockPeople([me, invitee.userId]));
      check(await countLiveRequests(tx, eventId, me));
      const row = await insertMeeting(tx, {
        eventId,
        organizerId: me,
        inviteeId: invitee.userId,
        startsAt: range.startsAt,
        endsAt: range.endsAt,
        pointId: locationId === ONLINE_LOCATION_ID ? null : locationId,
        isOnline: locationId === ONLINE_LOCATION_ID,
        agenda: input.agenda ?? '',
        awaitingId: invitee.userId,
      });
      await book(tx, event, row, [me, invitee.userId], range);
      return row;
    }),
  );
  return after(deps, event, meeting, me, 'requested');
}

/**
 * Bookings of one person (and one point) go one at a time: the rows are locked in one order, so two
 * transactions never wait on each other's half-inserted holds (exclusion checks that wait on each
 * other deadlock). The exclusion constraints stay the guarantee; this only keeps them calm. "No key
 * update" so the key-share locks that foreign keys take (a meeting row pointing at the point) never
 * wait on these.
 */
const lockPeople = (userIds: number[]) => sql`select id from users where id in (${sql.join([...new Set(userIds)].sort((a, b) => a - b).map((id) => sql`${id}`), sql`, `)}) order by id for no key update`;
const lockPoint = (pointId: number) => sql`select id from meeting_points where id = ${pointId} for no key update`;

/** A meeting of the person's in the event, or 404 (anybody else's meeting is simply not there). */
async function ownMeeting(db: Db, source: AccessSource, eventId: number, id: number) {
  const opened = await openMeetings(db, source, eventId);
  const row = await findOwnMeeting(db, eventId, id, opened.me);
  if (!row) throw meetingNotFound(id);
  return { ...opened, row };
}

export async function getMeeting(db: Db, secret: string, source: AccessSource, eventId: number, id: number): Promise<Meeting> {
  const { event, me, row } = await ownMeeting(db, source, eventId, id);
  const [meeting] = await present(db, secret, event, [row], me);
  if (!meeting) throw meetingNotFound(id);
  return meeting;
}

export async function listMeetings(db: Db, secret: string, source: AccessSource, eventId: number, filter: { view?: MeetingViewName | undefined; from?: string | undefined; to?: string | undefined }, page: number, perPage: number) {
  const { event, me } = await openMeetings(db, source, eventId);
  const [{ rows, total }, counts] = await Promise.all([
    listOwnMeetings(db, eventId, me, { view: filter.view, from: filter.from ? new Date(filter.from) : undefined, to: filter.to ? new Date(filter.to) : undefined }, perPage, (page - 1) * perPage),
    countViews(db, eventId, me),
  ]);
  return { data: await present(db, secret, event, rows, me), meta: { ...pageMeta(page, perPage, total), counts } };
}

/** Only the participant the proposal waits for answers it; an answered one cannot change again. */
function requireAnswerable(row: MeetingRow, me: number): void {
  if (row.status !== 'invited') throw statusChanged();
  if (row.awaitingId !== me) throw new AppError(403, ErrorCode.meetingNotAllowed, 'This proposal waits for the other participant.');
}

export async function acceptMeeting(deps: MeetingDeps, source: AccessSource, eventId: number, id: number): Promise<Meeting> {
  const { event, me, row } = await ownMeeting(deps.db, source, eventId, id);
  requireAnswerable(row, me);
  if (row.startsAt.getTime() <= Date.now()) throw new AppError(422, ErrorCode.meetingDateInvalid, 'The time of this meeting is already past: propose another one.');
  const updated = await deps.db.transaction(async (tx) => {
    const moved = await updateMeetingFrom(tx, id, 'invited', { status: 'accepted', awaitingId: null }, me);
    if (!moved) throw statusChanged();
    await scheduleReminder(tx, moved);
    return moved;
  });
  deps.jobs.nudge();
  return after(deps, event, updated, me, 'accepted');
}

export async function declineMeeting(deps: MeetingDeps, source: AccessSource, eventId: number, id: number, reason: string): Promise<Meeting> {
  const { event, me, row } = await ownMeeting(deps.db, source, eventId, id);
  requireAnswerable(row, me);
  const updated = await deps.db.transaction(async (tx) => {
    const moved = await updateMeetingFrom(tx, id, 'invited', { status: 'rejected', awaitingId: null, reason, closedById: me }, me);
    if (!moved) throw statusChanged();
    await releaseMeeting(tx, id);
    return moved;
  });
  return after(deps, event, updated, me, 'declined');
}

export async function cancelMeeting(deps: MeetingDeps, source: AccessSource, eventId: number, id: number, reason: string | undefined): Promise<Meeting> {
  const { event, me, row } = await ownMeeting(deps.db, source, eventId, id);
  if (row.status !== 'invited' && row.status !== 'accepted') throw statusChanged();
  const updated = await deps.db.transaction(async (tx) => {
    const moved = await updateMeetingFrom(tx, id, row.status, { status: 'canceled', awaitingId: null, reason: reason || null, closedById: me });
    if (!moved) throw statusChanged();
    await releaseMeeting(tx, id);
    return moved;
  });
  // The invited person calling off an accepted meeting leaves it (type 11); anything else cancels it (type 10).
  return after(deps, event, updated, me, row.status === 'accepted' && row.inviteeId === me ? 'left' : 'canceled');
}

export async function rescheduleMeeting(deps: MeetingDeps, source: AccessSource, eventId: number, id: number, input: { starts_at: string; location_id?: number | undefined; agenda?: string | undefined }): Promise<Meeting> {
  const { db } = deps;
  const { event, access, me, row } = await ownMeeting(db, source, eventId, id);
  if (row.status !== 'invited') throw statusChanged();
  const other = otherParticipant(row, me);
  const otherActor = actorOf(await loadAccess(db, other, eventId));
  const pointIds = event.points.map((point) => point.id);
  const locationId = input.location_id ?? row.pointId ?? ONLINE_LOCATION_ID;
  checkLocation(actorOf(access), otherActor, locationId, pointIds);
  if (event.dateTo.getTime() <= Date.now()) throw new AppError(422, ErrorCode.meetingEventOver, 'The event is over: meetings can no longer be booked.');
  const range = slotAt(event, input.starts_at);
  const allowed = allowedLocations(actorOf(access), otherActor, pointIds);
  const updated = await withFreeLocations(db, event, me, other, allowed, range.startsAt, () =>
    db.transaction(async (tx) => {
      await tx.execute(lockPeople([row.organizerId, row.inviteeId]));
      await releaseMeeting(tx, id);
      const moved = await updateMeetingFrom(tx, id, 'invited', {
        startsAt: range.startsAt,
        endsAt: range.endsAt,
        pointId: locationId === ONLINE_LOCATION_ID ? null : locationId,
        isOnline: locationId === ONLINE_LOCATION_ID,
        agenda: input.agenda ?? row.agenda,
        awaitingId: other,
        rescheduled: true,
      });
      if (!moved) throw statusChanged();
      await book(tx, event, moved, [row.organizerId, row.inviteeId], range);
      return moved;
    }),
  );
  return after(deps, event, updated, me, 'rescheduled');
}

/** The slots with the person's state (and the other person's, with memberId). */
export async function listSlots(db: Db, source: AccessSource, eventId: number, memberId: number | undefined): Promise<MeetingSlots> {
  const { event, access, me } = await openMeetings(db, source, eventId);
  const mine = actorOf(access);
  const pointIds = event.points.map((point) => point.id);
  let other: { userId: number; actor: MeetingActor } | null = null;
  if (memberId !== undefined) {
    other = await inviteeOf(db, eventId, memberId);
    if (!other) throw new AppError(404, ErrorCode.memberNotFound, 'This person is not a member of the event.');
  }
  const allowed = other ? allowedLocations(mine, other.actor, pointIds) : allowedLocations(mine, mine, pointIds);
  const slots = await slotStates(db, event, me, other?.userId ?? null, allowed);
  const locations = [{ id: ONLINE_LOCATION_ID, name: 'Online', is_online: true }, ...event.points.filter((point) => allowed.includes(point.id)).map((point) => ({ id: point.id, name: point.name, is_online: false }))];
  return { timezone: event.timezone, slot_minutes: event.slotMinutes, slots, locations, can_meet_offline: allowed.length > 1 };
}

/** The first slots ahead free for both, each with the location to book (a point when both are on site, else Online). */
export async function findTime(db: Db, source: AccessSource, eventId: number, memberId: number, limit: number) {
  const { event, access, me } = await openMeetings(db, source, eventId);
  const other = await inviteeOf(db, eventId, memberId);
  if (!other) throw new AppError(404, ErrorCode.memberNotFound, 'This person is not a member of the event.');
  if (other.userId === me) throw new AppError(422, ErrorCode.meetingSelf, 'You cannot request a meeting with yourself.');
  const allowed = allowedLocations(actorOf(access), other.actor, event.points.map((point) => point.id));
  return firstFree(await slotStates(db, event, me, other.userId, allowed), limit);
}

/** The first `limit` slots ahead free for both with a free location, each with the location to book (a point when both are on site, else Online). */
function firstFree(slots: readonly MeetingSlot[], limit: number) {
  const free = slots.filter((slot) => slot.state === 'free' && !slot.past && slot.free_location_ids.length > 0).slice(0, limit);
  return free.map((slot) => ({ starts_at: slot.starts_at, ends_at: slot.ends_at, location_id: slot.free_location_ids.find((id) => id !== ONLINE_LOCATION_ID) ?? ONLINE_LOCATION_ID, free_location_ids: slot.free_location_ids }));
}

/**
 * findTime for two people the server names (showcase-to-deal): the first slots ahead free for both.
 * Nothing when the event has no meeting schedule, either person is not in it, or either one's
 * ticket takes no meetings.
 */
export async function freeTimesBetween(db: Db, eventId: number, a: number, b: number, limit: number) {
  if (a === b) return [];
  const [event, first, second] = await Promise.all([loadMeetingEvent(db, eventId), loadAccess(db, a, eventId), loadAccess(db, b, eventId)]);
  if (!event || first.member === null || second.member === null) return [];
  const [actorA, actorB] = [actorOf(first), actorOf(second)];
  if (!takesMeetings(actorA) || !takesMeetings(actorB)) return [];
  const allowed = allowedLocations(actorA, actorB, event.points.map((point) => point.id));
  return firstFree(await slotStates(db, event, a, b, allowed), limit);
}
