import { CALL_SEAT_TTL_S, type CallStatus } from '@lobby/contract';
import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calls, callSeats, meetings } from '../../db/schema/index.ts';

export type CallRow = typeof calls.$inferSelect;
export type NewCall = typeof calls.$inferInsert;

export async function insertCall(db: Db, values: NewCall): Promise<CallRow> {
  const [row] = await db.insert(calls).values(values).returning();
  if (!row) throw new Error('call not stored');
  return row;
}

export async function findCall(db: Db, id: string): Promise<CallRow | null> {
  const [row] = await db.select().from(calls).where(eq(calls.id, id)).limit(1);
  return row ?? null;
}

/** The call, its row locked until the transaction ends: seats and statuses change one at a time. */
export async function lockCall(tx: Db, id: string): Promise<CallRow | null> {
  const [row] = await tx.select().from(calls).where(eq(calls.id, id)).for('update');
  return row ?? null;
}

/** The meeting's call, made once: two people opening it at once get the same call. */
export async function meetingCallOf(db: Db, values: NewCall & { meetingId: number }): Promise<CallRow> {
  await db.insert(calls).values(values).onConflictDoNothing({ target: calls.meetingId, where: sql`${calls.meetingId} is not null` });
  const [row] = await db.select().from(calls).where(eq(calls.meetingId, values.meetingId)).limit(1);
  if (!row) throw new Error('meeting call not stored');
  return row;
}

export async function setStatus(db: Db, id: string, status: CallStatus, at: { answered?: boolean; ended?: boolean; reopened?: boolean } = {}): Promise<CallRow> {
  const [row] = await db
    .update(calls)
    .set({
      status,
      ...(at.answered ? { answeredAt: sql`now()` } : {}),
      ...(at.ended ? { endedAt: sql`now()` } : {}),
      ...(at.reopened ? { endedAt: null } : {}),
    })
    .where(eq(calls.id, id))
    .returning();
  if (!row) throw new Error('call vanished');
  return row;
}

/** Seats held now: not given back, and beating within CALL_SEAT_TTL_S. */
const heldNow = () => and(isNull(callSeats.leftAt), gt(callSeats.seenAt, sql`now() - ${sql.raw(`interval '${Math.trunc(CALL_SEAT_TTL_S)} seconds'`)}`));

export async function seatedUsers(db: Db, callId: string): Promise<number[]> {
  const rows = await db.select({ userId: callSeats.userId }).from(callSeats).where(and(eq(callSeats.callId, callId), heldNow())).orderBy(callSeats.joinedAt);
  return rows.map((row) => row.userId);
}

/** Seats held now in each of these calls. */
export async function seatedByCall(db: Db, callIds: string[]): Promise<Map<string, number[]>> {
  const seated = new Map<string, number[]>();
  if (callIds.length === 0) return seated;
  const rows = await db.select({ callId: callSeats.callId, userId: callSeats.userId }).from(callSeats).where(and(inArray(callSeats.callId, callIds), heldNow())).orderBy(callSeats.joinedAt);
  for (const row of rows) seated.set(row.callId, [...(seated.get(row.callId) ?? []), row.userId]);
  return seated;
}

/** Takes (or takes again) the person's seat; its time starts now. */
export async function takeSeat(db: Db, callId: string, userId: number): Promise<void> {
  await db
    .insert(callSeats)
    .values({ callId, userId })
    .onConflictDoUpdate({
      target: [callSeats.callId, callSeats.userId],
      set: { leftAt: null, seenAt: sql`now()`, joinedAt: sql`case when ${callSeats.leftAt} is null then ${callSeats.joinedAt} else now() end` },
    });
}

/** Gives the seat back; false when the person held none. */
export async function releaseSeat(db: Db, callId: string, userId: number): Promise<boolean> {
  const rows = await db
    .update(callSeats)
    .set({ leftAt: sql`now()` })
    .where(and(eq(callSeats.callId, callId), eq(callSeats.userId, userId), isNull(callSeats.leftAt)))
    .returning({ userId: callSeats.userId });
  return rows.length > 0;
}

/** Every seat of the call given back at once (a direct call that is over keeps nobody seated). */
export async function releaseAllSeats(db: Db, callId: string): Promise<void> {
  await db.update(callSeats).set({ leftAt: sql`now()` }).where(and(eq(callSeats.callId, callId), isNull(callSeats.leftAt)));
}

/** The seat's heartbeat; false when the seat was given back or timed out (take it again by joining). */
export async function beatSeat(db: Db, callId: string, userId: number): Promise<boolean> {
  const rows = await db
    .update(callSeats)
    .set({ seenAt: sql`now()` })
    .where(and(eq(callSeats.callId, callId), eq(callSeats.userId, userId), heldNow()))
    .returning({ userId: callSeats.userId });
  return rows.length > 0;
}

/** Direct and group calls a person started in an event (limited_video_call counts them). */
export async function countStarted(db: Db, eventId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(calls)
    .where(and(eq(calls.eventId, eventId), eq(calls.createdBy, userId), inArray(calls.kind, ['direct', 'group'])));
  return row?.n ?? 0;
}

export async function findMeeting(db: Db, eventId: number, id: number) {
  const [row] = await db
    .select({ id: meetings.id, organizerId: meetings.organizerId, inviteeId: meetings.inviteeId, status: meetings.status, isOnline: meetings.isOnline, startsAt: meetings.startsAt, endsAt: meetings.endsAt })
    .from(meetings)
    .where(and(eq(meetings.eventId, eventId), eq(meetings.id, id)))
    .limit(1);
  return row ?? null;
}
