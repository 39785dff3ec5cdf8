import { z } from 'zod';
import { LANGUAGES } from './constants.ts';

export const ZLanguage = z.enum(LANGUAGES);

/** ISO 8601 timestamp in UTC, as the API speaks it. */
export const ZTimestamp = z.iso.datetime({ offset: true }).meta({ example: '2026-11-22T09:00:00.000Z' });

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
export const ZSearchText = z.string().trim().max(100);
