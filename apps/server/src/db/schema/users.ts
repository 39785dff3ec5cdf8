import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** The city as the person writes it (no catalog of cities exists; docs/decisions.md). */
    city: text('city'),
    geo: integer('geo'),
    timezone: text('timezone')
      .notNull()
      .default('UTC')
      .references(() => timezones.id),
    language: text('language').notNull().default('en'),
    disableEmailNotifications: boolean('disable_email_notifications').notNull().default(false),
    /** The company the person works for (companies.id); roles there are in company_users. */
    companyId: integer('company_id'),
    /** Dictionary values of user.can_offer and user.looking_for. */
    offerIds: integer('offer_ids').array().notNull().default([]),
    lookingIds: integer('looking_ids').array().notNull().default([]),
    /** Region of `geo` (the country), kept beside it so the directory filters on one column. */
    region: text('region'),
    /** Storage keys of the current avatar (media category logo), kept here so lists need no join; URLs are signed when presented. */
    avatarKey: text('avatar_key'),
    avatarThumbKey: text('avatar_thumb_key'),
    /** Whether other members see the phone number and the e-mail address. */
    showEmail: boolean('show_email').notNull().default(false),
    showPhone: boolean('show_phone').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    /** May create events (and then runs them). */
    isOrganizer: boolean('is_organizer').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    uniqueIndex('users_uid').on(t.uid),
    index('users_company').on(t.companyId),
    index('users_region').on(t.region),
    index('users_offer_ids').using('gin', t.offerIds),
    index('users_looking_ids').using('gin', t.lookingIds),
    index('users_search_trgm').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || coalesce(${t.job}, '')) gin_trgm_ops`),
  ],
);
