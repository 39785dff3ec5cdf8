import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Small key/value facts about the installation (e.g. which ICU built the timezone table). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** IANA timezones with names in ru, en and zh; offsets are computed when asked (DST). */
export const timezones = pgTable(
  'timezones',
  {
    id: text('id').primaryKey(),
    city: text('city').notNull(),
    nameEn: text('name_en').notNull(),
    nameRu: text('name_ru').notNull(),
    nameZh: text('name_zh').notNull(),
    /** Lower-cased id, city and names in every language: what `query` searches. */
    search: text('search').notNull(),
  },
  (t) => [index('timezones_search_trgm').using('gin', t.search.op('gin_trgm_ops'))],
);
