import { z } from 'zod';
import { dataOf, ZSearchText } from './common.ts';
import { defineRoute } from './route.ts';

/** IANA identifiers: letters, digits, "_", "+", "-" and "/" separators. */
export const ZTimezoneId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/, 'Must be a timezone identifier such as "Europe/Moscow"');

export const ZTimezone = z
  .object({
    id: ZTimezoneId,
    name: z.string().meta({ description: 'Name in the language of Accept-Language' }),
    city: z.string(),
    offset: z.string().meta({ description: 'Current UTC offset, e.g. "+03:00"' }),
    offset_minutes: z.number().int(),
    label: z.string().meta({ description: 'Offset label shown to people, e.g. "(UTC+03:00) Moscow"' }),
  })
  .meta({ id: 'Timezone' });
export type Timezone = z.infer<typeof ZTimezone>;

export const listTimezones = defineRoute({
  id: 'timezones.list',
  method: 'GET',
  path: '/api/v1/timezones',
  summary: 'Search timezones by name, city or offset in ru, en and zh; sorted by offset',
  tags: ['timezones'],
  query: z.object({ query: ZSearchText.optional() }),
  response: z.object({ data: z.array(ZTimezone) }),
  errors: [400],
});

export const getTimezone = defineRoute({
  id: 'timezones.get',
  method: 'GET',
  path: '/api/v1/timezones/{id}',
  summary: 'One timezone; the id is URL-encoded ("Europe%2FMoscow")',
  tags: ['timezones'],
  params: z.object({ id: ZTimezoneId }),
  response: dataOf(ZTimezone),
  errors: [400, 404],
});
