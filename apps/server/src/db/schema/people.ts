import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { users } from './users.ts';

/** Stars a person puts on members, companies and (with the program) lectures of an event. */
export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** member (event_members.id), company (companies.id), lecture. */
    entityType: text('entity_type').$type<'member' | 'company' | 'lecture'>().notNull(),
    entityId: integer('entity_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId, t.entityType, t.entityId] }), index('favorites_entity').on(t.eventId, t.entityType, t.entityId)],
);

/** A private note about a member or a company, readable by its author only. */
export const notes = pgTable(
  'notes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    subjectType: text('subject_type').$type<'member' | 'company'>().notNull(),
    subjectId: integer('subject_id').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notes_author_subject').on(t.authorId, t.eventId, t.subjectType, t.subjectId)],
);

/** An event's own list for one dictionary (labels in ru, en, zh), replacing the platform default. */
export const eventDictionaries = pgTable(
  'event_dictionaries',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    items: jsonb('items').$type<{ value: number | string; labels: { ru: string; en: string; zh: string } }[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.name] })],
);
