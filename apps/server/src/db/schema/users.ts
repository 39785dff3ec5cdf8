import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timezones } from './system.ts';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    uid: uuid('uid').notNull().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    job: text('job'),
    bio: text('bio'),
    portfolio: text('portfolio'),
    phone: text('phone'),
    whatsapp: text('whatsapp'),
    linkedin: text('linkedin'),
    contacts: jsonb('contacts').$type<Record<string, string>>().notNull().default({}),
    cityId: integer('city_id'),
    geo: integer('geo'),
    timezone: text('timezone')
      .notNull()
      .default('UTC')
      .references(() => timezones.id),
    language: text('language').notNull().default('en'),
    disableEmailNotifications: boolean('disable_email_notifications').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    /** May create events (and then runs them). */
    isOrganizer: boolean('is_organizer').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower').on(sql`lower(${t.email})`), uniqueIndex('users_uid').on(t.uid)],
);
