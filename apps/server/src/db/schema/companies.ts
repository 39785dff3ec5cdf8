import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { users } from './users.ts';

/** Companies of the games industry; their employees hold the roles chat and admin. */
export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    site: text('site'),
    /** Markdown; sanitised where it is shown. */
    description: text('description'),
    /** Dictionary values of company.business, company.tag and company.size. */
    business: integer('business').array().notNull().default([]),
    primaryBusiness: integer('primary_business'),
    tags: integer('tags').array().notNull().default([]),
    size: integer('size'),
    /** Country id (contract COUNTRIES). */
    geo: integer('geo'),
    /** Written by the company, never sent back to other people. */
    email: text('email'),
    hasChat: boolean('has_chat').notNull().default(false),
    wnManagerId: integer('wn_manager_id').references(() => users.id, { onDelete: 'set null' }),
    location: text('location'),
    /** A publisher's profile (the publishers pavilion): publisher.looking_for ids and publisher.genres keys. */
    publisherLookingFor: integer('publisher_looking_for').array().notNull().default([]),
    publisherGenres: text('publisher_genres').array().notNull().default([]),
    logoKey: text('logo_key'),
    logoThumbKey: text('logo_thumb_key'),
    coverKey: text('cover_key'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('companies_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`), index('companies_business').using('gin', t.business), index('companies_tags').using('gin', t.tags)],
);

export const companyUsers = pgTable(
  'company_users',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roles: text('roles').array().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('company_users_user').on(t.userId)],
);

/**
 * A company taking part in an event: added when one of its people joins the event or when the
 * organisers add it. The sponsor tier (0 Exhibitor ... 9 partner) belongs to the event.
 */
export const eventCompanies = pgTable(
  'event_companies',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sponsorType: integer('sponsor_type'),
    location: text('location'),
    /** Shown among the media partners on the event's Media page. */
    mediaPartner: boolean('media_partner').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.companyId] }),
    index('event_companies_company').on(t.companyId),
    check('event_companies_sponsor_type', sql`${t.sponsorType} is null or ${t.sponsorType} between 0 and 9`),
  ],
);
