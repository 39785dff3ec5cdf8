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
    /** Jury voting (voting/{slug}): the jury scores the finalists between these dates; results stay with the organisers until published. */
    juryStartsAt: timestamp('jury_starts_at', { withTimezone: true }),
    juryEndsAt: timestamp('jury_ends_at', { withTimezone: true }),
    juryResultsPublished: boolean('jury_results_published').notNull().default(false),
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

/** What the jury scores each finalist on (the organiser's criteria), 1..max_score each. */
export const juryCriteria = pgTable(
  'jury_criteria',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    showcaseId: integer('showcase_id')
      .notNull()
      .references(() => showcases.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    maxScore: integer('max_score').notNull().default(10),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('jury_criteria_showcase').on(t.showcaseId, t.position)],
);

/** One score per juror, finalist and criterion: the primary key is the rule; scoring again replaces it. */
export const juryScores = pgTable(
  'jury_scores',
  {
    showcaseId: integer('showcase_id')
      .notNull()
      .references(() => showcases.id, { onDelete: 'cascade' }),
    requestId: integer('request_id')
      .notNull()
      .references(() => showcaseRequests.id, { onDelete: 'cascade' }),
    criterionId: integer('criterion_id')
      .notNull()
      .references(() => juryCriteria.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.requestId, t.criterionId] }), index('jury_scores_request').on(t.requestId)],
);

/** A juror's note on a finalist, beside the scores (seen by the organisers with the results). */
export const juryComments = pgTable(
  'jury_comments',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => showcaseRequests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.requestId] })],
);

/**
 * A question of a game's poll in one event (the game_poll feature), asked by the game's company
 * or the event's organisers. jury_only: its answers are seen only by the jury, the game's company
 * and moderators (product.md section 6).
 */
export const gamePollQuestions = pgTable(
  'game_poll_questions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    /** 'choice' (one of options) or 'text' (a free answer). */
    kind: text('kind').$type<'choice' | 'text'>().notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    juryOnly: boolean('jury_only').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('game_poll_questions_game').on(t.eventId, t.gameId, t.position)],
);

/** One answer per person per question (the primary key); answering again replaces it. */
export const gamePollAnswers = pgTable(
  'game_poll_answers',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => gamePollQuestions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Index into the question's options, for a choice question. */
    choice: integer('choice'),
    text: text('text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] })],
);

/** Games a person starred (the game page's star); a publisher's star is a showcase-to-deal signal. */
export const gameFavorites = pgTable(
  'game_favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] }), index('game_favorites_game').on(t.gameId)],
);

/**
 * Showcase-to-deal: a publisher showed interest in a game (vote, star, poll answer) in an event;
 * the game's developers were told once (the primary key) with times free for both.
 */
export const dealSuggestions = pgTable(
  'deal_suggestions',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    cause: text('cause').$type<'vote' | 'favorite' | 'poll'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.publisherId, t.gameId] })],
);

/** The event's press kit on the Media page: files (stored by the file store) and links. */
export const pressKitItems = pgTable(
  'press_kit_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<'file' | 'link'>().notNull(),
    url: text('url'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    contentType: text('content_type'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('press_kit_items_event').on(t.eventId, t.position)],
);
