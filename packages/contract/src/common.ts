import { z } from 'zod';
import { LANGUAGES, SEARCH_TEXT_MAX } from './constants.ts';
import { DATE_YEAR_MAX, DATE_YEAR_MIN } from './validation.ts';

export const ZLanguage = z.enum(LANGUAGES);

/** Whether a timestamp falls in the years the API accepts (in UTC); unreadable text is the format check's to report. */
const inDateWindow = (value: string): boolean => {
  const year = new Date(value).getUTCFullYear();
  return Number.isNaN(year) || (year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX);
};

/**
 * ISO 8601 timestamp, as the API speaks it: a real calendar date (zod's pattern knows month
 * lengths and leap years) in the years DATE_YEAR_MIN..DATE_YEAR_MAX. Every date the API takes is
 * one of these, so `0000-01-01` is a 400 and never reaches the database.
 */
export const ZTimestamp = z.iso
  .datetime({ offset: true })
  .refine(inDateWindow, { params: { rule: 'date_range' } })
  .meta({ example: '2026-11-22T09:00:00.000Z' });

/** Wraps a single resource: `{ data: T }`. */
export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** Page query of every paged list. */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
});

export const ZPageMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});

/** A free-text search value: trimmed, at most 100 characters. */
export const ZSearchText = z.string().trim().max(SEARCH_TEXT_MAX);

/** A paged list: the one envelope every list answers with. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: ZPageMeta });

/**
 * Ids in a query: `filter[ids]=1,2`, `filter[ids]=1&filter[ids]=2` or `filter[ids][]=1`; at most
 * `max` of them. The querystring parser gives a string or an array of strings.
 */
export const ZQueryIds = (max = 50) =>
  z.preprocess(
    (value) => (Array.isArray(value) ? value.flatMap((item) => String(item).split(',')) : typeof value === 'string' ? value.split(',') : value),
    z.array(z.coerce.number().int().min(0).max(2_147_483_647)).max(max),
  );

/** Several values of a list in a query, spelled like ZQueryIds. */
export const ZQueryList = <T extends z.ZodType>(item: T, max = 20) =>
  z.preprocess((value) => (Array.isArray(value) ? value.flatMap((v) => String(v).split(',')) : typeof value === 'string' ? value.split(',') : value), z.array(item).max(max));

/** A yes/no flag in a query: 1, 0, true, false. */
export const ZQueryFlag = z.enum(['1', '0', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/** A dictionary value as read: id and label in the request's language. */
export const ZRef = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'Ref' });
export type Ref = z.infer<typeof ZRef>;
