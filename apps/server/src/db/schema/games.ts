import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { events } from './events.ts';
import { users } from './users.ts';

/** A game of a company (product.md section 3, Game). Pictures are media rows with owner_type 'game'. */
export const games = pgTable(
  'games',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    developer: text('developer').notNull(),
    description: text('description').notNull().default(''),
    /** Dictionary values (game.budget, game.genres, game.engines, game.monetization, game.stages, game.platforms). */
    budget: integer('budget'),
    genre: integer('genre'),
    engine: integer('engine'),
    monetization: integer('monetization'),
    stage: integer('stage'),
    platforms: integer('platforms').array().notNull().default(sql`'{}'::integer[]`),
    pitchDeckUrl: text('pitch_deck_url'),
    buildUrl: text('build_url'),
    videoUrl: text('video_url'),
    gameplayUrl: text('gameplay_url'),
    plannedDate: date('planned_date'),
    developmentStart: date('development_start'),
    releaseDate: date('release_date'),
    links: jsonb('links').$type<{ title: string; url: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('games_company').on(t.companyId), index('games_name').on(t.name)],
);

/** A showcase an organiser opens for an event: categories, submissions, the voting window. */
export const showcases = pgTable(
  'showcases',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    submissionsOpen: boolean('submissions_open').notNull().default(true),
    votingStartsAt: timestamp('voting_starts_at', { withTimezone: true }),
    votingEndsAt: timestamp('voting_ends_at', { withTimezone: true }),
    minVotes: integer('min_votes').notNull().default(3),
    topCount: integer('top_count').notNull().default(5),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('showcases_event_slug').on(t.eventId, t.slug)],
);

export const showcaseCategories = pgTable(
  'showcase_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    showcaseId: integer('showcase_id')
      .notNull()
      .references(() => showcases.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('showcase_categories_showcase').on(t.showcaseId, t.position)],
);

/** A game submitted to a showcase (the spec's "request"): pending, accepted or rejected. */
export const showcaseRequests = pgTable(
  'showcase_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    showcaseId: integer('showcase_id')
      .notNull()
      .references(() => showcases.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<'pending' | 'accepted' | 'rejected'>().notNull().default('pending'),
    reason: text('reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('showcase_requests_game').on(t.showcaseId, t.gameId), index('showcase_requests_status').on(t.showcaseId, t.status)],
);

/**
 * One vote per person per category of a showcase (product.md section 5): the primary key is the
 * rule, so concurrent votes of one person in one category store one; voting again moves it.
 */
export const showcaseVotes = pgTable(
  'showcase_votes',
  {
    showcaseId: integer('showcase_id')
      .notNull()
      .references(() => showcases.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => showcaseCategories.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: integer('request_id')
      .notNull()
      .references(() => showcaseRequests.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.categoryId] }), index('showcase_votes_request').on(t.requestId, t.categoryId)],
);
