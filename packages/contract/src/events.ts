import { z } from 'zod';
import { dataOf, ZLanguage, ZSearchText, ZTimestamp } from './common.ts';
import { EVENT_GROUPS, GOOGLE_TAG_PATTERN, MEDIA_CATEGORIES, REQUIRED_FIELD_TYPES, YANDEX_METRIKA_PATTERN } from './constants.ts';
import { ZExternalMeetingUrl } from './external-meetings.ts';
import { defineRoute } from './route.ts';

export const ZMedia = z
  .object({
    id: z.number().int(),
    url: z.string(),
    thumb_url: z.string().nullable(),
    mime_type: z.string(),
    locale: ZLanguage.default('en'),
    category: z.enum(MEDIA_CATEGORIES).default('logo'),
  })
  .meta({ id: 'Media' });
export type Media = z.infer<typeof ZMedia>;

export const ZEventTheme = z.object({
  name: z.string().max(40).optional(),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/).optional(),
  palette: z.array(z.string().regex(/^#[0-9a-fA-F]{6}$/)).max(12).optional(),
  font: z.string().max(60).optional(),
});

/**
 * Theme fonts Lobby serves itself (weights 300 to 900, no third-party font host). Another name in
 * an event's theme is not loaded: the page keeps its own font and logs a warning.
 */
export const EVENT_FONTS = ['Inter', 'Roboto', 'Montserrat', 'Rubik'] as const;
export type EventFont = (typeof EVENT_FONTS)[number];

export const ZEventConfig = z.object({
  languages: z.array(ZLanguage).min(1),
  theme: ZEventTheme,
  analytics: z.object({
    yandexMetrika: z.string().max(20).nullable().optional(),
    googleTag: z.string().max(20).nullable().optional(),
  }),
  wnmeet: z.object({ roomId: z.string().max(100).nullable().optional() }),
  /** The external meeting (Zoom or any other service) /zoom-call opens when a lecture has none of its own: an https address. */
  zoom: z.object({ url: z.string().max(2000).nullable().optional() }).optional(),
  /** b2b (default): profiles need both names and the required fields; b2c: first name and e-mail (product.md section 5). */
  audience: z.enum(['b2b', 'b2c']).optional(),
});
export type EventConfig = z.infer<typeof ZEventConfig>;


/** What organisers send: the config with strictly formatted analytics ids. */
export const ZEventConfigInput = ZEventConfig.extend({
  analytics: z.object({
    yandexMetrika: z.string().regex(YANDEX_METRIKA_PATTERN, 'Must be a Yandex Metrika counter number').nullable().optional(),
    googleTag: z.string().regex(GOOGLE_TAG_PATTERN, 'Must be a Google tag id (G-..., GT-..., AW-..., DC-...) or a Tag Manager id (GTM-...)').nullable().optional(),
  }),
  zoom: z.object({ url: ZExternalMeetingUrl.nullable().optional() }).optional(),
});

export const ZRequiredField = z.object({
  type: z.enum(REQUIRED_FIELD_TYPES),
  required: z.boolean(),
});
export type RequiredField = z.infer<typeof ZRequiredField>;

export const ZEventGroup = z.enum(EVENT_GROUPS);
export type EventGroup = z.infer<typeof ZEventGroup>;

/** Lower-case letters, digits and single hyphens, with at least one letter: "2026" would read as an id. */
export const ZEventSlug = z
  .string()
  .min(1)
  .max(64)
  .regex(/^(?=[a-z0-9-]*[a-z])[a-z0-9]+(-[a-z0-9]+)*$/, 'Must be lower-case letters, digits and single hyphens, with at least one letter');

/** An event is addressed by slug, or by numeric id in public links (/events/{id}). */
export const ZEventRef = z
  .string()
  .min(1)
  .max(64)
  .regex(/^([1-9][0-9]{0,8}|(?=[a-z0-9-]*[a-z])[a-z0-9]+(-[a-z0-9]+)*)$/, 'Must be an event slug (lower-case letters, digits, single hyphens) or a numeric id');

export const ZEvent = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    tagline: z.string().nullable(),
    title: z.string().meta({ description: 'The tagline when present, else the name' }),
    preview_description: z.string().nullable(),
    description: z.string().nullable(),
    logo: ZMedia.nullable().meta({ description: 'Logo for the request language, falling back to en' }),
    background: ZMedia.nullable(),
    media: z.array(ZMedia),
    date_from: ZTimestamp,
    date_to: ZTimestamp,
    hub_date_from: ZTimestamp.nullable(),
    hub_date_to: ZTimestamp.nullable(),
    timezone: z.string(),
    is_online: z.boolean(),
    is_onsite: z.boolean(),
    is_all_users: z.boolean(),
    auto_reg: z.boolean(),
    active: z.boolean(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    full_address: z.string().nullable(),
    address_link: z.string().nullable(),
    required_fields: z.array(ZRequiredField),
    points: z.record(z.string(), z.number().int()).meta({ description: 'Meeting point name -> location id' }),
    config: ZEventConfig,
    group: ZEventGroup,
  })
  .meta({ id: 'Event' });
export type Event = z.infer<typeof ZEvent>;

export const ZEventGroups = z.object({
  past: z.array(ZEvent),
  current: z.array(ZEvent),
  upcoming: z.array(ZEvent),
  /** Signed in only: events the person is a member of (open-to-all events included). */
  my: z.array(ZEvent).optional(),
});
export type EventGroups = z.infer<typeof ZEventGroups>;

export const listEvents = defineRoute({
  id: 'events.list',
  method: 'GET',
  path: '/api/v1/events',
  summary: 'Active events grouped as past, current and upcoming',
  tags: ['events'],
  query: z.object({
    'filter[query]': ZSearchText.optional(),
    'filter[group]': ZEventGroup.optional(),
  }),
  response: dataOf(ZEventGroups),
  errors: [400],
});

export const getEvent = defineRoute({
  id: 'events.get',
  method: 'GET',
  path: '/api/v1/events/{slug}',
  summary: 'One active event by slug or numeric id',
  tags: ['events'],
  params: z.object({ slug: ZEventRef }),
  response: dataOf(ZEvent),
  errors: [400, 404],
});
