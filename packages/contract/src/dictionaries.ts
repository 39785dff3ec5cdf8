import { z } from 'zod';
import { dataOf, ZLanguage, ZTimestamp } from './common.ts';
import { DICTIONARY_NAMES } from './dictionary-defaults.ts';
import { REGIONS } from './constants.ts';
import { ZEventId } from './members.ts';
import { defineRoute } from './route.ts';

export const ZDictionaryName = z.enum(DICTIONARY_NAMES);

/** One dictionary (product.md section 3): name group.key, items of value and label, updated_at. */
export const ZDictionary = z
  .object({
    name: ZDictionaryName,
    items: z.array(z.object({ value: z.union([z.number().int(), z.string()]), label: z.string() })),
    /** The event replaced the platform list (back office). */
    custom: z.boolean(),
    editable: z.boolean(),
    updated_at: ZTimestamp.nullable(),
  })
  .meta({ id: 'Dictionary' });
export type Dictionary = z.infer<typeof ZDictionary>;

export const ZCountry = z.object({ id: z.number().int(), code: z.string(), name: z.string(), region: z.enum(REGIONS) }).meta({ id: 'Country' });

export const listDictionaries = defineRoute({
  id: 'dictionaries.list',
  method: 'GET',
  path: '/api/v1/dictionaries',
  summary: 'Every dictionary and catalog in the request language (Accept-Language), with countries; event_id gives that event\'s lists',
  tags: ['dictionaries'],
  query: z.object({ event_id: ZEventId.optional() }),
  response: z.object({ data: z.array(ZDictionary), countries: z.array(ZCountry) }),
  errors: [400, 404],
});

/** An editable list as the back office edits it: labels in every language. */
export const ZDictionaryItemInput = z.object({
  value: z.number().int().min(0).max(2_147_483_647),
  labels: z.object({ ru: z.string().trim().min(1).max(100), en: z.string().trim().min(1).max(100), zh: z.string().trim().min(1).max(100) }),
});

export const ZAdminDictionary = z
  .object({
    name: ZDictionaryName,
    items: z.array(z.object({ value: z.union([z.number().int(), z.string()]), labels: z.record(ZLanguage, z.string()) })),
    custom: z.boolean(),
    editable: z.boolean(),
    updated_at: ZTimestamp.nullable(),
  })
  .meta({ id: 'AdminDictionary' });

export const adminListDictionaries = defineRoute({
  id: 'admin.dictionaries.list',
  method: 'GET',
  path: '/api/admin/v1/events/{id}/dictionaries',
  summary: "The event's dictionaries with labels in every language (organisers)",
  tags: ['admin'],
  auth: true,
  params: z.object({ id: ZEventId }),
  response: z.object({ data: z.array(ZAdminDictionary) }),
  errors: [400, 401, 403, 404],
});

export const adminSetDictionary = defineRoute({
  id: 'admin.dictionaries.set',
  method: 'PUT',
  path: '/api/admin/v1/events/{id}/dictionaries/{name}',
  summary: 'Replace one editable dictionary of the event (values unique, 1-200 items); 422 for the fixed ones (regions, sponsor levels, publisher genres, meeting locations)',
  tags: ['admin'],
  auth: true,
  params: z.object({ id: ZEventId, name: ZDictionaryName }),
  body: z.object({ items: z.array(ZDictionaryItemInput).min(1).max(200) }),
  response: dataOf(ZAdminDictionary),
  errors: [400, 401, 403, 404, 422],
});

export const adminResetDictionary = defineRoute({
  id: 'admin.dictionaries.reset',
  method: 'DELETE',
  path: '/api/admin/v1/events/{id}/dictionaries/{name}',
  summary: 'Go back to the platform list for one dictionary',
  tags: ['admin'],
  auth: true,
  params: z.object({ id: ZEventId, name: ZDictionaryName }),
  response: dataOf(ZAdminDictionary),
  errors: [400, 401, 403, 404],
});
