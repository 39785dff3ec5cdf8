import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { academyHomeworks, academyLessons } from './academy.ts';
import { companies } from './companies.ts';
import { events } from './events.ts';
import { users } from './users.ts';

export const VACANCY_SENIORITIES = ['intern', 'junior', 'middle', 'senior', 'lead'] as const;
export const VACANCY_RESPONSE_STATUSES = ['new', 'seen', 'declined', 'invited'] as const;

/**
 * A job a company posts (product.md section 2, vacancies); it shows in every event the company
 * takes part in. Salaries are whole currency units a year (a range shown to people, never summed).
 */
export const vacancies = pgTable(
  'vacancies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Markdown, sanitised where it is shown. */
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    remote: boolean('remote').notNull().default(false),
    seniority: text('seniority').$type<(typeof VACANCY_SENIORITIES)[number]>().notNull(),
    /** Values of the vacancy/skills dictionary. */
    skills: integer('skills').array().notNull().default(sql`'{}'::integer[]`),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    salaryCurrency: text('salary_currency'),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    published: boolean('published').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vacancies_company').on(t.companyId),
    check('vacancies_seniority', sql`${t.seniority} in ('intern', 'junior', 'middle', 'senior', 'lead')`),
    check('vacancies_salary', sql`${t.salaryMin} is null or ${t.salaryMax} is null or ${t.salaryMin} <= ${t.salaryMax}`),
  ],
);

/** A person's answer to a vacancy: one per person and vacancy (the unique index decides a race). */
export const vacancyResponses = pgTable(
  'vacancy_responses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    vacancyId: integer('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The event the person answered from (its mail template and language). */
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    message: text('message').notNull().default(''),
    cvKey: text('cv_key'),
    cvName: text('cv_name'),
    cvType: text('cv_type'),
    cvSize: integer('cv_size'),
    status: text('status').$type<(typeof VACANCY_RESPONSE_STATUSES)[number]>().notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vacancy_responses_once').on(t.vacancyId, t.userId),
    index('vacancy_responses_user').on(t.userId),
    check('vacancy_responses_status', sql`${t.status} in ('new', 'seen', 'declined', 'invited')`),
  ],
);

/** An event's jobs feed (JSON Feed or RSS), read by a job. */
export const jobFeeds = pgTable('job_feeds', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }),
  error: text('error'),
});

/** Jobs from an event's feed, one per feed item (guid). */
export const externalJobs = pgTable(
  'external_jobs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    guid: text('guid').notNull(),
    title: text('title').notNull(),
    companyName: text('company_name').notNull().default(''),
    url: text('url').notNull(),
    location: text('location').notNull().default(''),
    /** Plain text. */
    summary: text('summary').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('external_jobs_guid').on(t.eventId, t.guid)],
);

/**
 * A skill a person proved in the academy (issue 15, academy-to-hiring): an approved homework of a
 * lesson that teaches it. Vacancies asking for the skill show the match.
 */
export const verifiedSkills = pgTable(
  'verified_skills',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skill: integer('skill').notNull(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => academyLessons.id, { onDelete: 'cascade' }),
    homeworkId: integer('homework_id').references(() => academyHomeworks.id, { onDelete: 'set null' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.skill, t.lessonId] })],
);
