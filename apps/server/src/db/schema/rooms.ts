import type { CallKind, CallStatus, RecordingStatus } from '@lobby/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { chatChannels } from './chat.ts';
import { events } from './events.ts';
import { meetings } from './meetings.ts';
import { users } from './users.ts';

/**
 * Recordings of a WN Meet room (contract.md, "Meeting recording (room video)"): the event's
 * wnmeet.roomId or a meeting's room. The page editor's video widget offers them for jitsi videos.
 */
export const roomVideos = pgTable(
  'room_videos',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    room: text('room').notNull(),
    broadcast: text('broadcast').$type<'jitsi'>().notNull().default('jitsi'),
    link: text('link').notNull(),
    /** The file's name (a Jitsi recording's, or the name given when recording here). */
    name: text('name'),
    /** A recording made here: its poster and duration come from it. */
    recordingId: integer('recording_id').references(() => recordings.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('room_videos_link').on(t.eventId, t.room, t.link), check('room_videos_broadcast', sql`${t.broadcast} in ('jitsi')`)],
);

/**
 * A recording made in the browser (product.md section 4: start, stop, saved after processing),
 * filed under the event's room. Its parts are stored as they arrive (recording_parts); once
 * processed it is saved among the room's recordings (room_videos.recording_id) with a secret
 * address (`token`).
 */
export const recordings = pgTable(
  'recordings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    room: text('room').notNull(),
    name: text('name').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The group call it records, when it records one. */
    callId: uuid('call_id'),
    status: text('status').$type<RecordingStatus>().notNull().default('recording'),
    token: text('token').notNull(),
    parts: integer('parts').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    durationMs: integer('duration_ms'),
    posterKey: text('poster_key'),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last part's arrival: a recording silent for RECORDING_IDLE_STOP_S is stopped by the server. */
    lastPartAt: timestamp('last_part_at', { withTimezone: true }).notNull().defaultNow(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    savedAt: timestamp('saved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('recordings_token').on(t.token),
    index('recordings_room').on(t.eventId, t.room),
    check('recordings_status', sql`${t.status} in ('recording', 'processing', 'saved', 'failed')`),
  ],
);

/** The parts of a recording in their order, each a stored file. */
export const recordingParts = pgTable(
  'recording_parts',
  {
    recordingId: integer('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    fileKey: text('file_key').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.seq] })],
);

/**
 * A video call (product.md section 2): direct (1:1 from a private chat), group (mesh), or the call
 * of an online meeting (one per meeting).
 */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CallKind>().notNull(),
    status: text('status').$type<CallStatus>().notNull(),
    channelId: uuid('channel_id').references(() => chatChannels.id, { onDelete: 'set null' }),
    meetingId: integer('meeting_id').references(() => meetings.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calleeId: integer('callee_id').references(() => users.id, { onDelete: 'cascade' }),
    maxPeople: integer('max_people').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calls_meeting').on(t.meetingId).where(sql`${t.meetingId} is not null`),
    index('calls_starter').on(t.eventId, t.createdBy),
    check('calls_kind', sql`${t.kind} in ('direct', 'group', 'meeting')`),
    check('calls_status', sql`${t.status} in ('ringing', 'active', 'ended', 'declined', 'missed')`),
    check('calls_max_people', sql`${t.maxPeople} >= 2`),
  ],
);

/** A seat in a call: held while its socket beats (seen_at), given back on leave or disconnect. */
export const callSeats = pgTable(
  'call_seats',
  {
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.callId, t.userId] })],
);
