import type { LectureMaterial, VideoSource } from '@lobby/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { users } from './users.ts';

/** A hall (track) of an event's program, with an optional all-day stream. */
export const halls = pgTable(
  'halls',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    /** The link as the organiser pasted it; source and id are what it normalised to. */
    streamUrl: text('stream_url'),
    streamSource: text('stream_source').$type<VideoSource>(),
    streamVideoId: text('stream_video_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('halls_event').on(t.eventId, t.sort)],
);

/** A lecture of the program: in a hall, at a time, by speakers (members of the event). */
export const lectures = pgTable(
  'lectures',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    hallId: integer('hall_id')
      .notNull()
      .references(() => halls.id, { onDelete: 'restrict' }),
    /** Dictionary program/section value. */
    sectionId: integer('section_id'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    categories: integer('categories').array().notNull().default(sql`'{}'::integer[]`),
    language: text('language').notNull().default('en'),
    videoUrl: text('video_url'),
    videoSource: text('video_source').$type<VideoSource>(),
    videoId: text('video_id'),
    /** The external meeting (Zoom or another service) /zoom-call opens for this lecture: https. */
    externalUrl: text('external_url'),
    /** Storage key of the preview image. */
    previewKey: text('preview_key'),
    materials: jsonb('materials').$type<LectureMaterial[]>().notNull().default([]),
    /** Bumped on every change, for the calendar feeds' SEQUENCE. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lectures_event_start').on(t.eventId, t.startsAt), index('lectures_hall').on(t.hallId, t.startsAt), check('lectures_time', sql`${t.endsAt} > ${t.startsAt}`)],
);

/** Who speaks in a lecture, in the order shown. */
export const lectureSpeakers = pgTable(
  'lecture_speakers',
  {
    lectureId: integer('lecture_id')
      .notNull()
      .references(() => lectures.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.lectureId, t.userId] }), index('lecture_speakers_user').on(t.userId)],
);

/** "Join": one row per person and lecture, the attendance count. */
export const lectureAttendance = pgTable(
  'lecture_attendance',
  {
    lectureId: integer('lecture_id')
      .notNull()
      .references(() => lectures.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lectureId, t.userId] })],
);

/** Whether guests may see an event's program (program-shared, the ICS file). */
export const programSettings = pgTable('program_settings', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  shared: boolean('shared').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A question asked under a lecture (live Q&A). */
export const lectureQuestions = pgTable(
  'lecture_questions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    lectureId: integer('lecture_id')
      .notNull()
      .references(() => lectures.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** Kept equal to the count of lecture_question_votes rows, in the same transaction. */
    votes: integer('votes').notNull().default(0),
    answered: boolean('answered').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lecture_questions_lecture').on(t.lectureId, t.createdAt)],
);

export const lectureQuestionVotes = pgTable(
  'lecture_question_votes',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => lectureQuestions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] })],
);

/** A live poll during a lecture. */
export const lecturePolls = pgTable(
  'lecture_polls',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    lectureId: integer('lecture_id')
      .notNull()
      .references(() => lectures.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    isOpen: boolean('is_open').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lecture_polls_lecture').on(t.lectureId, t.createdAt)],
);

export const lecturePollOptions = pgTable(
  'lecture_poll_options',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    pollId: integer('poll_id')
      .notNull()
      .references(() => lecturePolls.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('lecture_poll_options_poll').on(t.pollId, t.position)],
);

/** One vote per person and poll: the primary key is what makes a second vote fail. */
export const lecturePollVotes = pgTable(
  'lecture_poll_votes',
  {
    pollId: integer('poll_id')
      .notNull()
      .references(() => lecturePolls.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => lecturePollOptions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] }), index('lecture_poll_votes_option').on(t.optionId)],
);

/** A video of the lecture archive (contract.md section 3, video entity), filed under an event. */
export const archiveVideos = pgTable(
  'archive_videos',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    date: timestamp('date', { withTimezone: true }).notNull(),
    link: text('link').notNull(),
    videoSource: text('video_source').$type<VideoSource>().notNull(),
    videoId: text('video_id').notNull(),
    speakerIds: integer('speaker_ids').array().notNull().default(sql`'{}'::integer[]`),
    category: integer('category').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    visibilityType: integer('visibility_type').notNull().default(1),
    duration: integer('duration').notNull().default(0),
    previewKey: text('preview_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('archive_videos_date').on(t.date, t.id),
    index('archive_videos_event').on(t.eventId, t.date),
    index('archive_videos_tags').using('gin', t.tags),
    index('archive_videos_speakers').using('gin', t.speakerIds),
    check('archive_videos_visibility', sql`${t.visibilityType} between 1 and 4`),
  ],
);

/** A person agreed to watch a type 2 video: remembered. */
export const archiveConsents = pgTable(
  'archive_consents',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => archiveVideos.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.userId] })],
);

/** A news source of an event: an RSS or Atom feed. */
export const newsFeeds = pgTable(
  'news_feeds',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    name: text('name').notNull(),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('news_feeds_event_url').on(t.eventId, t.url)],
);

/** A news item: written by the organisers, or brought by a feed (deduplicated by its guid). */
export const newsItems = pgTable(
  'news_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    source: text('source').$type<'organiser' | 'feed'>().notNull().default('organiser'),
    feedId: integer('feed_id').references(() => newsFeeds.id, { onDelete: 'cascade' }),
    /** The feed item's guid (or link): unique per feed, so a refresh never duplicates. */
    guid: text('guid'),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    coverKey: text('cover_key'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    pinned: boolean('pinned').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_items_event').on(t.eventId, t.pinned, t.publishedAt), uniqueIndex('news_items_feed_guid').on(t.feedId, t.guid)],
);
