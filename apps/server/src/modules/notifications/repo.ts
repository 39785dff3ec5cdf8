import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications, users } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationInsert = typeof notifications.$inferInsert;

/** Adds notifications; rows whose dedupe key exists already are skipped. Answers the rows written. */
export async function insertNotifications(db: Db, values: NotificationInsert[]): Promise<NotificationRow[]> {
  if (values.length === 0) return [];
  return db.insert(notifications).values(values).onConflictDoNothing({ target: notifications.dedupeKey }).returning();
}

const ofUser = (userId: number, eventId: number | undefined): SQL | undefined => and(eq(notifications.userId, userId), eventId === undefined ? undefined : eq(notifications.eventId, eventId));

export async function listOwn(db: Db, userId: number, eventId: number | undefined, limit: number, offset: number) {
  const where = ofUser(userId, eventId);
  const [rows, [counts]] = await Promise.all([
    db
      .select({ notification: notifications, sender: { id: users.id, firstName: users.firstName, lastName: users.lastName, avatarKey: users.avatarKey, avatarThumbKey: users.avatarThumbKey } })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.senderId))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int`, unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int` }).from(notifications).where(where),
  ]);
  return { rows, total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
}

export async function countUnread(db: Db, userId: number, eventId: number | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(and(ofUser(userId, eventId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the person's own notifications read (ids of anybody else's are simply not matched). */
export async function markRead(db: Db, userId: number, ids: number[] | undefined, eventId: number | undefined): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(ofUser(userId, eventId), isNull(notifications.readAt), ids === undefined ? undefined : inArray(notifications.id, ids.length > 0 ? ids : [0])));
}

export type ListedNotification = Awaited<ReturnType<typeof listOwn>>['rows'][number];
