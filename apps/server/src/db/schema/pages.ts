import type { PageKind } from '@lobby/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { users } from './users.ts';

/**
 * Organiser pages (issue 14): stub pages built in the page editor (content: versioned blocks, saved
 * after parsePageContent, read through migratePageContent), frame pages (frame_url) and the one
 * partyspace page of an event.
 */
export const eventPages = pgTable(
  'event_pages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    kind: text('kind').$type<PageKind>().notNull(),
    title: text('title').notNull(),
    published: boolean('published').notNull().default(false),
    content: jsonb('content').$type<unknown>(),
    frameUrl: text('frame_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_pages_slug').on(t.eventId, t.slug),
    // One evening page per event.
    uniqueIndex('event_pages_partyspace').on(t.eventId).where(sql`${t.kind} = 'partyspace'`),
    index('event_pages_event').on(t.eventId, t.published),
    check('event_pages_kind', sql`${t.kind} in ('stub', 'frame', 'partyspace')`),
    check('event_pages_frame', sql`(${t.kind} = 'frame') = (${t.frameUrl} is not null)`),
  ],
);

/**
 * Answers to a page's Form blocks (type 8): one row per person and form, replaced when sent again.
 * form_title is the form's title (or block id) when it was sent; values are by field key.
 */
export const pageFormSubmissions = pgTable(
  'page_form_submissions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    pageId: integer('page_id')
      .notNull()
      .references(() => eventPages.id, { onDelete: 'cascade' }),
    blockId: text('block_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    formTitle: text('form_title').notNull(),
    values: jsonb('values').$type<Record<string, string | boolean>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('page_form_submissions_person').on(t.pageId, t.blockId, t.userId), index('page_form_submissions_page').on(t.pageId, t.updatedAt)],
);
