import { MEETING_CHANGED, USER_NOTIFICATION, type NotificationType } from '@lobby/contract';
import type { Db } from '../../db/client.ts';
import { pageMeta } from '../../db/sql.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { DISPATCH_JOB } from '../push/kinds.ts';
import type { FileUrls } from '../../files/urls.ts';
import type { Realtime } from '../../realtime/server.ts';
import type { NotificationData } from '../../db/schema/index.ts';
import { presentNotification, type SenderRow } from './present.ts';
import { countUnread, insertNotifications, listOwn, markRead, type NotificationRow } from './repo.ts';

export async function listNotifications(db: Db, files: FileUrls, userId: number, eventId: number | undefined, page: number, perPage: number) {
  const { rows, total, unread } = await listOwn(db, userId, eventId, perPage, (page - 1) * perPage);
  return { data: rows.map((row) => presentNotification(row.notification, row.sender, files)), meta: { ...pageMeta(page, perPage, total), unread } };
}

export const unreadCount = (db: Db, userId: number, eventId: number | undefined) => countUnread(db, userId, eventId);

export async function readNotifications(db: Db, userId: number, ids: number[] | undefined, eventId: number | undefined): Promise<number> {
  await markRead(db, userId, ids, eventId);
  return countUnread(db, userId, eventId);
}

export interface NotifyInput {
  userId: number;
  type: NotificationType;
  eventId: number;
  meetingId: number | null;
  sender: SenderRow | null;
  data: NotificationData;
  dedupeKey?: string;
}

/**
 * The notification dispatcher (docs/decisions.md, "Push and error reporting"): stores
 * notifications, sends the new ones to their people's private channel on every node, and queues
 * their push to each person's devices (modules/push/dispatch.ts), so a request never waits on a
 * push service. Answers the rows written (a dedupe key seen before writes none).
 */
export async function notifyRows(db: Db, realtime: Realtime, files: FileUrls, items: NotifyInput[]): Promise<NotificationRow[]> {
  if (items.length === 0) return [];
  // The rows and their push job commit together: a crash between them would lose the push.
  const rows = await db.transaction(async (tx) => {
    const written = await insertNotifications(
      tx as unknown as Db,
      items.map((item) => ({ userId: item.userId, type: item.type, eventId: item.eventId, meetingId: item.meetingId, senderId: item.sender?.id ?? null, data: item.data, dedupeKey: item.dedupeKey ?? null })),
    );
    if (written.length > 0) await enqueueJob(tx as unknown as Db, DISPATCH_JOB, { ids: written.map((row) => row.id) });
    return written;
  });
  for (const row of rows) {
    const item = items.find((candidate) => candidate.userId === row.userId && candidate.type === row.type);
    realtime.toUser(row.userId, USER_NOTIFICATION, presentNotification(row, item?.sender ?? null, files));
  }
  return rows;
}

/** notifyRows, answering how many were written. */
export const notify = async (db: Db, realtime: Realtime, files: FileUrls, items: NotifyInput[]): Promise<number> => (await notifyRows(db, realtime, files, items)).length;

/** Tells both participants' open pages that a meeting changed. */
export function meetingChanged(realtime: Realtime, userIds: number[], eventId: number, meetingId: number): void {
  for (const userId of new Set(userIds)) realtime.toUser(userId, MEETING_CHANGED, { event_id: eventId, meeting_id: meetingId });
}
