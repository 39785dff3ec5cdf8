import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { events } from './events.ts';
import { users } from './users.ts';

/**
 * A printed badge (product.md section 2, volunteer/badges/{userId}/{badgeId}): its QR carries the
 * badge id and a signature, no personal data. Printing again revokes the badge before it: one live
 * badge per person and event (a partial unique index).
 */
export const badges = pgTable(
  'badges',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    printedBy: integer('printed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('badges_live').on(t.eventId, t.userId).where(sql`${t.revokedAt} is null`), index('badges_user').on(t.userId)],
);

/** A person checked in at the venue (scanned at the door); once per event. */
export const checkIns = pgTable(
  'check_ins',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badgeId: integer('badge_id').references(() => badges.id, { onDelete: 'set null' }),
    checkedInBy: integer('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

/** Two attendees scanned each other's badge: each is in the other's contacts (lower id first). */
export const contactExchanges = pgTable(
  'contact_exchanges',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userLow: integer('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: integer('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userLow, t.userHigh] }), check('contact_exchanges_order', sql`${t.userLow} < ${t.userHigh}`)],
);

/** A visitor an exhibitor's staff scanned at the booth: one lead per company and visitor in an event. */
export const leads = pgTable(
  'leads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    capturedBy: integer('captured_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    /** 1 to 5, or none. */
    rating: integer('rating'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('leads_once').on(t.eventId, t.companyId, t.userId),
    index('leads_visitor').on(t.userId, t.eventId),
    check('leads_rating', sql`${t.rating} is null or (${t.rating} between 1 and 5)`),
  ],
);
