import type { EventConfig } from '@lobby/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timezones } from './system.ts';
import { users } from './users.ts';

export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    tagline: text('tagline'),
    previewDescription: text('preview_description'),
    description: text('description'),
    dateFrom: timestamp('date_from', { withTimezone: true }).notNull(),
    dateTo: timestamp('date_to', { withTimezone: true }).notNull(),
    hubDateFrom: timestamp('hub_date_from', { withTimezone: true }),
    hubDateTo: timestamp('hub_date_to', { withTimezone: true }),
    timezone: text('timezone')
      .notNull()
      .default('UTC')
      .references(() => timezones.id),
    isOnline: boolean('is_online').notNull().default(true),
    isOnsite: boolean('is_onsite').notNull().default(false),
    isAllUsers: boolean('is_all_users').notNull().default(false),
    autoReg: boolean('auto_reg').notNull().default(false),
    active: boolean('active').notNull().default(true),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    fullAddress: text('full_address'),
    addressLink: text('address_link'),
    requiredFields: jsonb('required_fields').$type<{ type: 'job' | 'company' | 'country' | 'city' | 'avatar'; required: boolean }[]>().notNull().default([]),
    config: jsonb('config').$type<EventConfig>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('events_slug').on(t.slug), index('events_dates').on(t.dateFrom, t.dateTo)],
);

/** Onsite meeting locations; their ids continue after Online (location id 1). */
export const meetingPoints = pgTable(
  'meeting_points',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 2 }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    /** Tables at the point: how many meetings it holds at once. */
    capacity: integer('capacity').notNull().default(1),
  },
  (t) => [uniqueIndex('meeting_points_event_name').on(t.eventId, t.name)],
);

/** Pictures attached to events, users and companies; one row per category and locale. */
export const media = pgTable(
  'media',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ownerType: text('owner_type').$type<'event' | 'user' | 'company' | 'game'>().notNull(),
    ownerId: integer('owner_id').notNull(),
    category: text('category').notNull().default('logo'),
    locale: text('locale').notNull().default('en'),
    url: text('url').notNull(),
    thumbUrl: text('thumb_url'),
    mimeType: text('mime_type').notNull(),
    /** Where the file lies in the storage (local folder or S3 bucket); the URL is made from it. */
    storageKey: text('storage_key'),
    thumbStorageKey: text('thumb_storage_key'),
    size: integer('size'),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_owner').on(t.ownerType, t.ownerId)],
);

export const ticketTypes = pgTable(
  'ticket_types',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** general (blocked from forbidden-on-general sections), standard, business (the upgrade offer), service_provider, staff. */
    kind: text('kind').$type<'general' | 'standard' | 'business' | 'service_provider' | 'staff'>().notNull().default('standard'),
    features: text('features').array().notNull().default([]),
    /** How many may be issued (null = no limit) and how many were; `issued <= quota` is checked in one update. */
    quota: integer('quota'),
    issued: integer('issued').notNull().default(0),
    /** Attendees may take this ticket themselves when registering (free passes). */
    selfService: boolean('self_service').notNull().default(false),
    /** Where to buy this ticket; set on the business pass offered as an upgrade. */
    upgradeUrl: text('upgrade_url'),
    /** Meetings a limited_meetings holder may have pending or accepted as requester; null = DEFAULT_MEETING_QUOTA. */
    meetingQuota: integer('meeting_quota'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('ticket_types_event_code').on(t.eventId, t.code), check('ticket_types_quota', sql`${t.quota} is null or ${t.issued} <= ${t.quota}`)],
);

export const eventMembers = pgTable(
  'event_members',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketTypeId: integer('ticket_type_id').references(() => ticketTypes.id, { onDelete: 'set null' }),
    roleIds: integer('role_ids').array().notNull().default([1]),
    /** Runs this event: its back office and every event-level permission. */
    isOrganizer: boolean('is_organizer').notNull().default(false),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    language: text('language'),
    /** When the person last used the event (the directory's default order). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // What the directory filters on, copied from the person (and their company's name) by triggers
    // (migration 0005): with the filters beside the scope and the order, one GIN index answers a
    // text + region + offer query instead of joining 50,000 users (docs/decisions.md, Members directory).
    /** Lower-cased "first last job", a newline, then the company name. */
    search: text('search').notNull().default(''),
    region: text('region'),
    offerIds: integer('offer_ids').array().notNull().default([]),
    lookingIds: integer('looking_ids').array().notNull().default([]),
    /** The directory's "not empty" rule: a job, an avatar, an offer or a looking-for. */
    hasProfile: boolean('has_profile').notNull().default(false),
  },
  (t) => [
    uniqueIndex('event_members_event_user').on(t.eventId, t.userId),
    index('event_members_user').on(t.userId),
    index('event_members_last_seen').on(t.eventId, t.lastSeenAt.desc(), t.id.desc()),
    // One multi-column GIN (region through btree_gin) so the planner ANDs every filter inside one
    // index scan; event_id is left out: its posting list holds every member and cost more to
    // intersect than the heap recheck of the few rows of other events.
    // fastupdate off: new entries would otherwise wait in GIN's pending list, scanned linearly by
    // every search until a vacuum merges it, and PGlite runs no autovacuum (a seeded PGlite
    // database planned a sequential scan at 10 requests/s).
    index('event_members_directory').using('gin', t.region, t.offerIds, t.lookingIds, sql`${t.search} gin_trgm_ops`).with({ fastupdate: false }),
  ],
);

/** Sponsor and partner banners of an event, grouped by the place they are shown in. */
export const brandings = pgTable(
  'brandings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    place: text('place').notNull(),
    imageUrl: text('image_url').notNull(),
    linkUrl: text('link_url'),
    title: text('title').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('brandings_event').on(t.eventId)],
);
