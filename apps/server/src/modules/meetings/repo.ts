import type { MeetingDay, MeetingViewName } from '@lobby/contract';
import { and, asc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { companies, eventMembers, events, meetingHolds, meetingPoints, meetings, meetingSchedules, meetingTables, users } from '../../db/schema/index.ts';

export type MeetingRow = typeof meetings.$inferSelect;

export interface MeetingEvent {
  id: number;
  name: string;
  slug: string;
  timezone: string;
  dateTo: Date;
  slotMinutes: number;
  days: MeetingDay[];
  points: { id: number; name: string; capacity: number }[];
}

/** The event with its meeting schedule and points; undefined when it is unknown or inactive. */
export async function loadMeetingEvent(db: Db, eventId: number): Promise<MeetingEvent | undefined> {
  const [event] = await db
    .select({ id: events.id, name: events.name, slug: events.slug, timezone: events.timezone, dateTo: events.dateTo, slotMinutes: meetingSchedules.slotMinutes, days: meetingSchedules.days })
    .from(events)
    .leftJoin(meetingSchedules, eq(meetingSchedules.eventId, events.id))
    .where(and(eq(events.id, eventId), eq(events.active, true)))
    .limit(1);
  if (!event) return undefined;
  const points = await db.select({ id: meetingPoints.id, name: meetingPoints.name, capacity: meetingPoints.capacity }).from(meetingPoints).where(eq(meetingPoints.eventId, eventId)).orderBy(asc(meetingPoints.sort), asc(meetingPoints.id));
  return { ...event, slotMinutes: event.slotMinutes ?? 30, days: event.days ?? [], points };
}

/** The user behind a membership of the event. */
export async function memberUser(db: Db, eventId: number, memberId: number): Promise<number | undefined> {
  const [row] = await db.select({ userId: eventMembers.userId }).from(eventMembers).where(and(eq(eventMembers.id, memberId), eq(eventMembers.eventId, eventId))).limit(1);
  return row?.userId;
}

/** Requests a person has out in the event that still count against a quota. */
export async function countLiveRequests(db: Db, eventId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(meetings)
    .where(and(eq(meetings.eventId, eventId), eq(meetings.organizerId, userId), inArray(meetings.status, ['invited', 'accepted'])));
  return row?.n ?? 0;
}

export interface HoldRow {
  userId: number;
  meetingId: number | null;
  startsAt: Date;
  endsAt: Date;
}

/** Every hold of these people that overlaps the range (any event: a person is in one place at a time). */
export async function holdsOf(db: Db, userIds: number[], from: Date, to: Date): Promise<HoldRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: meetingHolds.userId, meetingId: meetingHolds.meetingId, startsAt: meetingHolds.startsAt, endsAt: meetingHolds.endsAt })
    .from(meetingHolds)
    .where(and(inArray(meetingHolds.userId, userIds), sql`tstzrange(${meetingHolds.startsAt}, ${meetingHolds.endsAt}) && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`));
}

/** Tables taken at the event's points in the range. */
export async function tablesTaken(db: Db, pointIds: number[], from: Date, to: Date): Promise<{ pointId: number; tableNo: number; startsAt: Date; endsAt: Date }[]> {
  if (pointIds.length === 0) return [];
  return db
    .select({ pointId: meetingTables.pointId, tableNo: meetingTables.tableNo, startsAt: meetingTables.startsAt, endsAt: meetingTables.endsAt })
    .from(meetingTables)
    .where(and(inArray(meetingTables.pointId, pointIds), sql`tstzrange(${meetingTables.startsAt}, ${meetingTables.endsAt}) && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`));
}

export async function insertHolds(db: Db, eventId: number, meetingId: number | null, userIds: number[], startsAt: Date, endsAt: Date): Promise<void> {
  await db.insert(meetingHolds).values(userIds.map((userId) => ({ eventId, userId, meetingId, startsAt, endsAt })));
}

export async function releaseMeeting(db: Db, meetingId: number): Promise<void> {
  await db.delete(meetingHolds).where(eq(meetingHolds.meetingId, meetingId));
  await db.delete(meetingTables).where(eq(meetingTables.meetingId, meetingId));
}

export async function deleteLock(db: Db, userId: number, startsAt: Date): Promise<boolean> {
  const rows = await db
    .delete(meetingHolds)
    .where(and(eq(meetingHolds.userId, userId), eq(meetingHolds.startsAt, startsAt), sql`${meetingHolds.meetingId} is null`))
    .returning({ id: meetingHolds.id });
  return rows.length > 0;
}

export async function insertTable(db: Db, meetingId: number, pointId: number, tableNo: number, startsAt: Date, endsAt: Date): Promise<void> {
  await db.insert(meetingTables).values({ meetingId, pointId, tableNo, startsAt, endsAt });
}

export async function insertMeeting(db: Db, values: typeof meetings.$inferInsert): Promise<MeetingRow> {
  const [row] = await db.insert(meetings).values(values).returning();
  if (!row) throw new Error('no meeting row');
  return row;
}

/** Moves a meeting on, only from the status it was read in: a concurrent answer makes this a no-op (undefined). */
export async function updateMeetingFrom(db: Db, id: number, from: MeetingRow['status'], values: Partial<typeof meetings.$inferInsert>, awaiting?: number): Promise<MeetingRow | undefined> {
  const [row] = await db
    .update(meetings)
    .set({ ...values, updatedAt: new Date(), sequence: sql`${meetings.sequence} + 1` })
    .where(and(eq(meetings.id, id), eq(meetings.status, from), awaiting === undefined ? undefined : eq(meetings.awaitingId, awaiting)))
    .returning();
  return row;
}

/** A meeting of the event that this person takes part in. */
export async function findOwnMeeting(db: Db, eventId: number, id: number, userId: number): Promise<MeetingRow | undefined> {
  const [row] = await db
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, id), eq(meetings.eventId, eventId), or(eq(meetings.organizerId, userId), eq(meetings.inviteeId, userId))))
    .limit(1);
  return row;
}

export const viewCondition = (view: MeetingViewName, me: number): SQL => {
  switch (view) {
    case 'waiting_for_me':
      return sql`${meetings.status} = 'invited' and ${meetings.awaitingId} = ${me}`;
    case 'waiting_for_other':
      return sql`${meetings.status} = 'invited' and ${meetings.awaitingId} is distinct from ${me}`;
    case 'accepted':
      return sql`${meetings.status} = 'accepted'`;
    case 'declined_by_me':
      return sql`${meetings.status} = 'rejected' and ${meetings.closedById} = ${me}`;
    case 'declined_by_other':
      return sql`${meetings.status} = 'rejected' and ${meetings.closedById} is distinct from ${me}`;
    case 'canceled':
      return sql`${meetings.status} = 'canceled'`;
  }
};

const mine = (eventId: number, me: number) => and(eq(meetings.eventId, eventId), or(eq(meetings.organizerId, me), eq(meetings.inviteeId, me)));

export async function listOwnMeetings(db: Db, eventId: number, me: number, filter: { view?: MeetingViewName | undefined; from?: Date | undefined; to?: Date | undefined }, limit: number, offset: number) {
  const where = and(mine(eventId, me), filter.view ? viewCondition(filter.view, me) : undefined, filter.from ? gte(meetings.startsAt, filter.from) : undefined, filter.to ? lte(meetings.startsAt, filter.to) : undefined);
  const [rows, [counted]] = await Promise.all([
    db.select().from(meetings).where(where).orderBy(asc(meetings.startsAt), asc(meetings.id)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(meetings).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** How many meetings of the person's are in each view (the list's tabs). */
export async function countViews(db: Db, eventId: number, me: number): Promise<Record<MeetingViewName, number>> {
  const count = (view: MeetingViewName) => sql<number>`(count(*) filter (where ${viewCondition(view, me)}))::int`;
  const [row] = await db
    .select({
      waiting_for_me: count('waiting_for_me'),
      waiting_for_other: count('waiting_for_other'),
      accepted: count('accepted'),
      declined_by_me: count('declined_by_me'),
      declined_by_other: count('declined_by_other'),
      canceled: count('canceled'),
    })
    .from(meetings)
    .where(mine(eventId, me));
  return row ?? { waiting_for_me: 0, waiting_for_other: 0, accepted: 0, declined_by_me: 0, declined_by_other: 0, canceled: 0 };
}

export interface ParticipantRow {
  userId: number;
  memberId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  job: string | null;
  avatarKey: string | null;
  avatarThumbKey: string | null;
  companyName: string | null;
  timezone: string | null;
  language: string;
  disableEmailNotifications: boolean;
}

/** The people of these meetings, with their membership in the event. */
export async function participants(db: Db, eventId: number, userIds: number[]): Promise<Map<number, ParticipantRow>> {
  if (userIds.length === 0) return new Map();
  const member = alias(eventMembers, 'member');
  const rows = await db
    .select({
      userId: users.id,
      memberId: member.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      job: users.job,
      avatarKey: users.avatarKey,
      avatarThumbKey: users.avatarThumbKey,
      companyName: companies.name,
      timezone: users.timezone,
      language: users.language,
      disableEmailNotifications: users.disableEmailNotifications,
    })
    .from(users)
    .leftJoin(member, and(eq(member.userId, users.id), eq(member.eventId, eventId)))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.userId, row]));
}

export async function saveSchedule(db: Db, eventId: number, slotMinutes: number, days: MeetingDay[]): Promise<void> {
  await db
    .insert(meetingSchedules)
    .values({ eventId, slotMinutes, days })
    .onConflictDoUpdate({ target: meetingSchedules.eventId, set: { slotMinutes, days, updatedAt: new Date() } });
}

export async function setPointCapacity(db: Db, eventId: number, pointId: number, capacity: number): Promise<void> {
  await db.update(meetingPoints).set({ capacity }).where(and(eq(meetingPoints.id, pointId), eq(meetingPoints.eventId, eventId)));
}
