import type { MeetingDay, MeetingStatus, NotificationType } from '@lobby/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events, meetingPoints } from './events.ts';
import { users } from './users.ts';

/** When an event's meetings run: days and hours in the event's timezone, cut into equal slots. */
export const meetingSchedules = pgTable('meeting_schedules', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  slotMinutes: integer('slot_minutes').notNull().default(30),
  days: jsonb('days').$type<MeetingDay[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A 1:1 meeting between the person who asked (organizer) and the person invited. */
export const meetings = pgTable(
  'meetings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteeId: integer('invitee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<MeetingStatus>().notNull().default('invited'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** A meeting point of the event; null = Online (location 1). */
    pointId: integer('point_id').references(() => meetingPoints.id, { onDelete: 'set null' }),
    isOnline: boolean('is_online').notNull().default(true),
    agenda: text('agenda').notNull().default(''),
    /** Whose answer the current proposal waits for. */
    awaitingId: integer('awaiting_id'),
    rescheduled: boolean('rescheduled').notNull().default(false),
    reason: text('reason'),
    closedById: integer('closed_by_id'),
    /** Bumped on every change, for the calendar feed's SEQUENCE. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('meetings_event_organizer').on(t.eventId, t.organizerId, t.startsAt),
    index('meetings_event_invitee').on(t.eventId, t.inviteeId, t.startsAt),
    check('meetings_two_people', sql`${t.organizerId} <> ${t.inviteeId}`),
    check('meetings_status', sql`${t.status} in ('invited', 'accepted', 'rejected', 'canceled')`),
    check('meetings_times', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * What keeps a person's time: a live meeting (one row per participant) or a slot they locked. An
 * exclusion constraint (migration 0006) forbids two holds of one person that overlap, so no two
 * live meetings share a person's slot, whatever the concurrency.
 */
export const meetingHolds = pgTable(
  'meeting_holds',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    meetingId: integer('meeting_id').references(() => meetings.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('meeting_holds_event_user').on(t.eventId, t.userId, t.startsAt), uniqueIndex('meeting_holds_meeting_user').on(t.meetingId, t.userId)],
);

/**
 * The table a live on-site meeting takes at its point. Tables are numbered 1..capacity (a trigger
 * checks the bound) and an exclusion constraint keeps one meeting per table at a time, so a point
 * never holds more meetings than it has tables.
 */
export const meetingTables = pgTable(
  'meeting_tables',
  {
    meetingId: integer('meeting_id')
      .primaryKey()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    pointId: integer('point_id')
      .notNull()
      .references(() => meetingPoints.id, { onDelete: 'cascade' }),
    tableNo: integer('table_no').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('meeting_tables_point').on(t.pointId, t.startsAt)],
);

export interface NotificationData {
  starts_at?: string;
  reason?: string;
  event_name?: string;
  event_slug?: string;
  location?: string;
  /** A lecture reminder's lecture, its hall and title. */
  lecture_id?: number;
  hall_id?: number;
  title?: string;
  /** A showcase decision's game, entry and status; a deal suggestion's game, the publisher's member id, company and cause. */
  game_id?: number;
  request_id?: number;
  status?: string;
  company_name?: string;
  member_id?: number;
  cause?: string;
  /** A homework verdict's lesson and homework (homework_status_updated). */
  lesson_id?: number;
  homework_id?: number;
  /** A new chat message's channel and the start of its text; a custom push's text and address (title above). */
  channel_id?: string;
  text?: string;
  url?: string;
}

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    meetingId: integer('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    /** Makes a notification that must exist once (a reminder) idempotent: a second insert does nothing. */
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread').on(t.userId, t.eventId).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_dedupe').on(t.dedupeKey),
  ],
);

/** A person's secret calendar feed address; resetting it replaces the token. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token').on(t.token)],
);

/** An event's own text for one e-mail type, in each language it was written in (contract.md, Email template types). */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    typeId: integer('type_id').notNull(),
    name: text('name').notNull(),
    translations: jsonb('translations').$type<Partial<Record<'ru' | 'en' | 'zh', { subject: string; body: string }>>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One override per type and event; Custom (14) templates are as many as the organisers like.
    uniqueIndex('email_templates_event_type').on(t.eventId, t.typeId).where(sql`${t.typeId} <> 14`),
    index('email_templates_event').on(t.eventId),
    check('email_templates_type', sql`${t.typeId} between 1 and 14`),
  ],
);
