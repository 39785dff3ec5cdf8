import type { HomeworkStatus } from '@lobby/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { users } from './users.ts';

/**
 * The academy of an event (issue 15). A course is the event's modules in sort order; each module
 * holds lessons in sort order. Dates are instants; the course timezone (academy_settings) is how
 * they are shown and entered.
 */
export const academyModules = pgTable(
  'academy_modules',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    fullDescription: text('full_description').notNull().default(''),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    isOpen: boolean('is_open').notNull().default(false),
    active: boolean('active').notNull().default(true),
    blockHomework: boolean('block_homework').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('academy_modules_event').on(t.eventId, t.sort), check('academy_modules_dates', sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} >= ${t.startDate}`)],
);

export const academyLessons = pgTable(
  'academy_lessons',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => academyModules.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    isOpen: boolean('is_open').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    hasHomework: boolean('has_homework').notNull().default(false),
    blockedHomework: boolean('blocked_homework').notNull().default(false),
    homeworkDescription: text('homework_description'),
    /** Page-editor content, saved after parsePageContent, read through migratePageContent. */
    content: jsonb('content').$type<unknown>(),
    /** Skills (vacancy/skills dictionary) an approved homework of this lesson proves (academy-to-hiring). */
    skills: integer('skills').array().notNull().default(sql`'{}'::integer[]`),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('academy_lessons_module').on(t.moduleId, t.sort),
    index('academy_lessons_event').on(t.eventId),
    check('academy_lessons_dates', sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

export const academyLessonTeachers = pgTable(
  'academy_lesson_teachers',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => academyLessons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.userId] }), index('academy_lesson_teachers_user').on(t.userId)],
);

/**
 * A student's homework on a lesson: one row per student and lesson, sent again after a decline
 * (attempts counts the sends). files are chat upload keys, attached to the homework message.
 */
export const academyHomeworks = pgTable(
  'academy_homeworks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => academyLessons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: smallint('status').$type<HomeworkStatus>().notNull().default(1),
    comment: text('comment').notNull().default(''),
    files: jsonb('files').$type<string[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(1),
    reviewComment: text('review_comment'),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('academy_homeworks_student').on(t.lessonId, t.userId),
    index('academy_homeworks_queue').on(t.eventId, t.status, t.updatedAt),
    check('academy_homeworks_status', sql`${t.status} in (1, 2, 3)`),
  ],
);

/** A student's rating of a lesson, 1 to 5; rating again replaces it. */
export const academyLessonRatings = pgTable(
  'academy_lesson_ratings',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => academyLessons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.userId] }), check('academy_lesson_ratings_range', sql`${t.rating} between 1 and 5`)],
);

/** Lessons a student has opened (a lesson without homework is done once opened). */
export const academyLessonViews = pgTable(
  'academy_lesson_views',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => academyLessons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.userId] })],
);

/**
 * Each student's progress as last computed: refreshed hourly by the job queue and at once after a
 * review or a first view (contract.md section 9).
 */
export const academyProgress = pgTable(
  'academy_progress',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    educationProgress: integer('education_progress').notNull().default(0),
    lessonsTotal: integer('lessons_total').notNull().default(0),
    importantEducationProgress: integer('important_education_progress').notNull().default(0),
    importantTotal: integer('important_total').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

/** The course settings of an event; without a row the event's timezone and no certificate text. */
export const academySettings = pgTable('academy_settings', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  timezone: text('timezone').notNull(),
  certificateText: text('certificate_text').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A promo message of the academy: posted in the academy's promo channel (chat_channels, a
 * promo_company channel of no company) and, when asked, mailed to the students with the event's
 * Custom e-mail template or Lobby's own mail.
 */
export const academyPromoMessages = pgTable(
  'academy_promo_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    /** The chat message that carries it (chat_messages.id). */
    messageId: bigint('message_id', { mode: 'number' }),
    /** The e-mail template chosen (email_templates.id; kept as a number: a template may be deleted later). */
    emailTemplateId: integer('email_template_id'),
    emailTemplateName: text('email_template_name'),
    /** Whether it was mailed, and to how many students. */
    emailed: boolean('emailed').notNull().default(false),
    recipients: integer('recipients').notNull().default(0),
    /** The mailing job's place: the last student (user id) mailed, so a retried job goes on from there. */
    mailedUpTo: integer('mailed_up_to').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('academy_promo_messages_event').on(t.eventId, t.createdAt)],
);

/**
 * A student's certificate of the course (e-mail type 13): issued once, when their progress first
 * shows the course complete, with what it says frozen at that moment; its random code is all a
 * verifier needs.
 */
export const academyCertificates = pgTable(
  'academy_certificates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    studentName: text('student_name').notNull(),
    course: text('course').notNull(),
    text: text('text').notNull().default(''),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its mail was written (null until the mailing job has run). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('academy_certificates_student').on(t.eventId, t.userId), uniqueIndex('academy_certificates_code').on(t.code)],
);
