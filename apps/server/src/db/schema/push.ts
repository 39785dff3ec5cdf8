import type { PushPlatform, PushSegment } from '@lobby/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { notifications } from './meetings.ts';
import { users } from './users.ts';

/**
 * A device that receives pushes (contract.md section 3, push registration: platform, token,
 * timezone offset in hours). A web push subscription's token is its endpoint, with its keys.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<PushPlatform>().notNull(),
    token: text('token').notNull(),
    /** Web push: the subscription's p256dh and auth keys. */
    keys: jsonb('keys').$type<{ p256dh: string; auth: string }>(),
    timezoneOffset: integer('timezone_offset'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_token').on(t.token),
    index('push_subscriptions_user').on(t.userId),
    check('push_subscriptions_platform', sql`${t.platform} in ('windows', 'windows_phone', 'android', 'ios', 'unknown', 'web')`),
  ],
);

/** A notification pushed to a device: written before it is sent, so it is never sent twice. */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    status: integer('status'),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.subscriptionId] })],
);

/** An organiser's message to a segment of the event's people (custom_push). */
export const customPushes = pgTable('custom_pushes', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  text: text('text').notNull(),
  url: text('url'),
  /** Who gets it: ticket types, roles, checked in or not (empty = everybody). */
  segment: jsonb('segment').$type<PushSegment>().notNull().default({}),
  recipients: integer('recipients').notNull().default(0),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
