// The notification dispatcher's push side (docs/decisions.md, "Push and error reporting"): every
// notification stored by notifications/service.ts notify() is pushed from the durable queue to
// each device of its person, once per device: the push_deliveries row is written before sending.
import type { NotificationType } from '@lobby/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { claimDelivery, deleteSubscription, notificationsToPush, recordDelivery, releaseDelivery, subscriptionsOf, type SubscriptionRow } from './repo.ts';
import type { PushMessage, PushSenders } from './senders.ts';
import { languageOf, pushText } from './texts.ts';

export interface DispatchContext {
  db: Db;
  senders: PushSenders;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/** Devices sent to at once within one job. */
const PARALLEL = 8;

/** A reminder is worth nothing once its meeting or lecture has begun: the push service drops it after 15 minutes. */
const SHORT_LIVED = new Set<NotificationType>(['meeting_reminder_v2', 'lecture_reminder']);
const LOW_URGENCY = new Set<NotificationType>(['showcase_decision', 'deal_suggestion', 'custom_push', 'homework_status_updated']);

type PushRow = Awaited<ReturnType<typeof notificationsToPush>>[number];

/** The push of one stored notification: its text in the person's language and the data pushRoute reads. */
export function messageOf(row: PushRow): PushMessage {
  const n = row.notification;
  const d = n.data;
  const text = pushText({
    type: n.type,
    data: d,
    language: languageOf(row.language),
    timezone: row.timezone ?? row.eventTimezone ?? 'UTC',
    sender: `${row.senderFirst ?? ''} ${row.senderLast ?? ''}`.trim(),
    eventName: row.eventName,
  });
  return {
    ...text,
    data: {
      type: n.type,
      notification_id: n.id,
      event_id: n.eventId,
      event_slug: d.event_slug ?? row.eventSlug ?? null,
      meeting_id: n.meetingId,
      channel_id: d.channel_id ?? null,
      lesson_id: d.lesson_id ?? null,
      lecture_id: d.lecture_id ?? null,
      hall_id: d.hall_id ?? null,
      request_id: d.request_id ?? null,
      member_id: d.member_id ?? null,
      url: d.url ?? null,
    },
    ttl: SHORT_LIVED.has(n.type) ? 15 * 60 : 24 * 3600,
    high: !LOW_URGENCY.has(n.type),
  };
}

/** Runs tasks at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Sends one notification to one device unless another run did; answers whether it must be tried again. */
async function deliverOne(ctx: DispatchContext, notificationId: number, subscription: SubscriptionRow, message: PushMessage): Promise<boolean> {
  if (!(await claimDelivery(ctx.db, notificationId, subscription.id))) return false;
  const delivery = await ctx.senders.send(subscription, message);
  switch (delivery.outcome) {
    case 'sent':
      await recordDelivery(ctx.db, notificationId, subscription.id, delivery.status);
      return false;
    case 'gone':
      // The browser unsubscribed or the app was removed: the device is forgotten (its deliveries with it).
      await deleteSubscription(ctx.db, subscription.id);
      ctx.log.info({ subscription: subscription.id, status: delivery.status }, 'push subscription gone, deleted');
      return false;
    case 'retry':
      await releaseDelivery(ctx.db, notificationId, subscription.id);
      ctx.log.warn({ subscription: subscription.id, notification: notificationId, status: delivery.status, detail: delivery.detail.slice(0, 300) }, 'push service asked to try later');
      return true;
    case 'refused':
      await recordDelivery(ctx.db, notificationId, subscription.id, delivery.status);
      ctx.log.warn({ subscription: subscription.id, notification: notificationId, status: delivery.status, detail: delivery.detail.slice(0, 300) }, 'push refused');
      return false;
  }
}

/**
 * The dispatch job: { ids } of stored notifications. A device already delivered to (another node,
 * an earlier run) is skipped; one whose service asked to try later makes the job fail, so the
 * queue runs it again with back-off for those devices only.
 */
export function dispatchHandler(ctx: DispatchContext): JobHandler {
  return async (job) => {
    const ids = (Array.isArray(job.payload.ids) ? job.payload.ids : []).map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
    const rows = await notificationsToPush(ctx.db, ids);
    const devices = await subscriptionsOf(ctx.db, [...new Set(rows.map((row) => row.notification.userId))]);
    const work = rows.flatMap((row) => {
      const message = messageOf(row);
      return devices.filter((device) => device.userId === row.notification.userId && ctx.senders.canReach(device)).map((device) => ({ id: row.notification.id, device, message }));
    });
    let again = 0;
    await inParallel(work, PARALLEL, async (item) => {
      if (await deliverOne(ctx, item.id, item.device, item.message)) again += 1;
    });
    if (again > 0) throw new Error(`${again} push(es) to be tried again`);
  };
}
