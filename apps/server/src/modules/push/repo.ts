import type { PushPlatform, PushSegment } from '@lobby/contract';
import { and, arrayOverlaps, desc, eq, exists, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { checkIns, customPushes, eventMembers, events, notifications, pushDeliveries, pushSubscriptions, users } from '../../db/schema/index.ts';

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type CustomPushRow = typeof customPushes.$inferSelect;

/**
 * Stores a device's token for a person; a token stored before (the same browser or phone, maybe
 * another account's) moves to this person with its new keys and platform.
 */
export async function upsertSubscription(db: Db, values: { userId: number; platform: PushPlatform; token: string; keys: { p256dh: string; auth: string } | null; timezoneOffset: number | null }): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.token, set: { userId: values.userId, platform: values.platform, keys: values.keys, timezoneOffset: values.timezoneOffset, updatedAt: new Date() } });
}

/** Deletes the person's own token; answers whether there was one. */
export async function deleteOwnSubscription(db: Db, userId: number, token: string): Promise<boolean> {
  const rows = await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.token, token))).returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export const subscriptionsOf = (db: Db, userIds: number[]): Promise<SubscriptionRow[]> =>
  userIds.length === 0 ? Promise.resolve([]) : db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));

/**
 * Claims a delivery: the row is written before the message is sent, so whichever node or retry
 * comes second finds it and sends nothing. Answers whether this call wrote it.
 */
export async function claimDelivery(db: Db, notificationId: number, subscriptionId: number): Promise<boolean> {
  const rows = await db.insert(pushDeliveries).values({ notificationId, subscriptionId }).onConflictDoNothing().returning({ id: pushDeliveries.subscriptionId });
  return rows.length > 0;
}

export async function recordDelivery(db: Db, notificationId: number, subscriptionId: number, status: number): Promise<void> {
  await db.update(pushDeliveries).set({ status, sentAt: new Date() }).where(and(eq(pushDeliveries.notificationId, notificationId), eq(pushDeliveries.subscriptionId, subscriptionId)));
}

/** Gives a claim back after the push service asked to try later, so the job's retry sends it. */
export async function releaseDelivery(db: Db, notificationId: number, subscriptionId: number): Promise<void> {
  await db.delete(pushDeliveries).where(and(eq(pushDeliveries.notificationId, notificationId), eq(pushDeliveries.subscriptionId, subscriptionId)));
}

/** Notifications to push, with what their text needs: the person's language, the event's slug and name. */
const senders = alias(users, 'sender');

export async function notificationsToPush(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ notification: notifications, language: users.language, timezone: users.timezone, eventTimezone: events.timezone, senderFirst: senders.firstName, senderLast: senders.lastName, eventSlug: events.slug, eventName: events.name })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(senders, eq(senders.id, notifications.senderId))
    .leftJoin(events, eq(events.id, notifications.eventId))
    .where(inArray(notifications.id, ids));
}

/** Who a segment reaches: the event's members on one of the ticket types, with one of the roles, checked in or not. */
function segmentWhere(eventId: number, segment: PushSegment): SQL | undefined {
  const checkedIn = checkedInRow(eventId);
  return and(
    eq(eventMembers.eventId, eventId),
    segment.ticket_type_ids && segment.ticket_type_ids.length > 0 ? inArray(eventMembers.ticketTypeId, segment.ticket_type_ids) : undefined,
    segment.role_ids && segment.role_ids.length > 0 ? arrayOverlaps(eventMembers.roleIds, segment.role_ids) : undefined,
    segment.checked_in === true ? exists(checkedIn) : segment.checked_in === false ? notExists(checkedIn) : undefined,
  );
}

// A sub-select correlated with the member row; built without a Db (drizzle's sql only).
const checkedInRow = (eventId: number) => sql`(select 1 from ${checkIns} where ${checkIns.eventId} = ${eventId} and ${checkIns.userId} = ${eventMembers.userId})`;

export async function countSegment(db: Db, eventId: number, segment: PushSegment): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(eventMembers).where(segmentWhere(eventId, segment));
  return row?.n ?? 0;
}

/** The segment's people in pages by user id (a custom push to 50,000 people runs in turns). */
export async function segmentPage(db: Db, eventId: number, segment: PushSegment, afterUserId: number, limit: number) {
  return db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, language: users.language, noMail: users.disableEmailNotifications })
    .from(eventMembers)
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .where(and(segmentWhere(eventId, segment), sql`${eventMembers.userId} > ${afterUserId}`))
    .orderBy(eventMembers.userId)
    .limit(limit);
}

export async function insertCustomPush(db: Db, values: typeof customPushes.$inferInsert): Promise<CustomPushRow> {
  const [row] = await db.insert(customPushes).values(values).returning();
  if (!row) throw new Error('no custom push row');
  return row;
}

export async function findCustomPush(db: Db, id: number): Promise<CustomPushRow | undefined> {
  const [row] = await db.select().from(customPushes).where(eq(customPushes.id, id)).limit(1);
  return row;
}

export const listCustomPushRows = (db: Db, eventId: number): Promise<CustomPushRow[]> =>
  db.select().from(customPushes).where(eq(customPushes.eventId, eventId)).orderBy(desc(customPushes.createdAt), desc(customPushes.id)).limit(200);

export async function countCustomPushesSince(db: Db, eventId: number, since: Date): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(customPushes).where(and(eq(customPushes.eventId, eventId), sql`${customPushes.createdAt} > ${since}`));
  return row?.n ?? 0;
}
