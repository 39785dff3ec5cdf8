import { z } from 'zod';
import { BRANDING_PLACES, ZBanner } from './brandings.ts';
import { dataOf, ZPageMeta, ZSearchText, ZTimestamp } from './common.ts';
import { TICKET_FEATURES } from './constants.ts';
import { ZEvent, ZEventConfigInput, ZEventSlug, ZRequiredField } from './events.ts';
import { PICTURE_URL } from './links.ts';
import { ZEventId, ZTicketKind, ZTicketType } from './members.ts';
import { defineRoute } from './route.ts';
import { ZTimezoneId } from './timezones.ts';
import { ZEmail, ZName } from './validation.ts';

/** A picture given by address: https, or a path on this server (PICTURE_URL in links.ts). */
export const ZMediaUrl = z.string().trim().max(500).regex(PICTURE_URL);

const ZOptionalText = (max: number) => z.string().trim().max(max).nullish();

/** Everything an organiser edits on an event (product.md section 3, Event). */
export const ZEventInputFields = z.object({
  slug: ZEventSlug,
  name: z.string().trim().min(1).max(120),
  tagline: ZOptionalText(200),
  preview_description: ZOptionalText(500),
  description: ZOptionalText(20_000),
  date_from: ZTimestamp,
  date_to: ZTimestamp,
  hub_date_from: ZTimestamp.nullish(),
  hub_date_to: ZTimestamp.nullish(),
  timezone: ZTimezoneId,
  is_online: z.boolean(),
  is_onsite: z.boolean(),
  is_all_users: z.boolean(),
  auto_reg: z.boolean(),
  active: z.boolean(),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
  full_address: ZOptionalText(300),
  address_link: z.url({ protocol: /^https?$/ }).max(500).nullish(),
  required_fields: z.array(ZRequiredField).max(10),
  points: z.array(z.string().trim().min(1).max(80)).max(100),
  config: ZEventConfigInput,
  logo_url: ZMediaUrl.nullish(),
  background_url: ZMediaUrl.nullish(),
  /** Pictures for other languages; pages fall back to the English ones (logo_url, background_url). */
  localized_media: z
    .array(z.object({ category: z.enum(['logo', 'background']), locale: z.enum(['ru', 'zh']), url: ZMediaUrl }))
    .max(4)
    .optional(),
});

const datesInOrder = (value: { date_from: string; date_to: string; hub_date_from?: string | null | undefined; hub_date_to?: string | null | undefined }, ctx: z.core.$RefinementCtx) => {
  if (Date.parse(value.date_to) < Date.parse(value.date_from)) ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'The event cannot end before it starts.', params: { rule: 'invalid' } });
  if (value.hub_date_from && value.hub_date_to && Date.parse(value.hub_date_to) < Date.parse(value.hub_date_from)) ctx.addIssue({ code: 'custom', path: ['hub_date_to'], message: 'The hub cannot close before it opens.', params: { rule: 'invalid' } });
};
export const ZEventInput = ZEventInputFields.superRefine(datesInOrder);
export type EventInput = z.infer<typeof ZEventInput>;

export const ZTicketTypeInput = z.object({
  code: ZEventSlug,
  name: z.string().trim().min(1).max(80),
  kind: ZTicketKind,
  features: z.array(z.enum(TICKET_FEATURES)).max(TICKET_FEATURES.length),
  quota: z.number().int().min(0).max(10_000_000).nullish(),
  self_service: z.boolean(),
  upgrade_url: z.url({ protocol: /^https?$/ }).max(500).nullish(),
  /** Open meeting requests a limited_meetings holder may have; null or left out: DEFAULT_MEETING_QUOTA. */
  meeting_quota: z.number().int().min(0).max(10_000).nullish(),
  sort: z.number().int().min(0).max(1000).optional(),
});
export type TicketTypeInput = z.infer<typeof ZTicketTypeInput>;

export const ZAdminEvent = ZEvent.extend({
  ticket_types: z.array(ZTicketType),
  brandings: z.array(ZBanner),
  members_count: z.number().int(),
  abilities: z.array(z.string()),
}).meta({ id: 'AdminEvent' });
export type AdminEvent = z.infer<typeof ZAdminEvent>;

export const ZAdminMember = z
  .object({
    id: z.number().int(),
    user: z.object({ id: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string() }),
    ticket_type_id: z.number().int().nullable(),
    role_ids: z.array(z.number().int()),
    is_organizer: z.boolean(),
    created_at: ZTimestamp,
  })
  .meta({ id: 'AdminMember' });
export type AdminMember = z.infer<typeof ZAdminMember>;

const ZRoleIds = z.array(z.number().int().min(1).max(10)).min(1).max(10);

export const ZInviteInput = z.object({
  email: ZEmail,
  first_name: ZName.optional(),
  last_name: ZName.optional(),
  ticket_type_id: z.number().int().min(1),
  role_ids: ZRoleIds.optional(),
});

export const ZImportReport = z
  .object({
    rows: z.number().int(),
    added: z.number().int(),
    updated: z.number().int(),
    created_users: z.number().int(),
    failed: z.array(z.object({ row: z.number().int(), email: z.string(), code: z.string(), reason: z.string() })),
  })
  .meta({ id: 'ImportReport' });
export type ImportReport = z.infer<typeof ZImportReport>;

/**
 * Rows one import request may carry: enough for a normal attendee list, small enough that its job
 * finishes in minutes. Larger files go up in parts (the back office splits them).
 */
export const IMPORT_MAX_ROWS = 5_000;

/** An import runs as a background job; the back office polls it for progress and the per-row report. */
export const ZImportJob = z
  .object({
    id: z.number().int(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    /** Data rows in the request (the header not counted). */
    total: z.number().int(),
    /** Rows handled so far; `report` covers exactly these. */
    processed: z.number().int(),
    report: ZImportReport,
  })
  .meta({ id: 'ImportJob' });
export type ImportJob = z.infer<typeof ZImportJob>;

const eventParams = z.object({ id: ZEventId });
const adminErrors = [400, 401, 403, 404] as const;

export const adminListEvents = defineRoute({
  id: 'admin.events.list',
  method: 'GET',
  path: '/api/admin/v1/events',
  summary: 'Events the signed-in person may run (all for platform staff), inactive ones included',
  tags: ['admin'],
  auth: true,
  response: z.object({ data: z.array(ZEvent), can_create: z.boolean() }),
  errors: [401],
});

export const adminCreateEvent = defineRoute({
  id: 'admin.events.create',
  method: 'POST',
  path: '/api/admin/v1/events',
  summary: 'Create an event; its creator runs it',
  tags: ['admin'],
  auth: true,
  body: ZEventInput,
  response: dataOf(ZAdminEvent),
  status: 201,
  errors: [400, 401, 403, 409, 422],
});

export const adminGetEvent = defineRoute({
  id: 'admin.events.get',
  method: 'GET',
  path: '/api/admin/v1/events/{id}',
  summary: 'One event with its ticket types and banners',
  tags: ['admin'],
  auth: true,
  params: eventParams,
  response: dataOf(ZAdminEvent),
  errors: adminErrors,
});

export const adminUpdateEvent = defineRoute({
  id: 'admin.events.update',
  method: 'PUT',
  path: '/api/admin/v1/events/{id}',
  summary: 'Edit every field of an event; open pages reload its configuration (config-changed)',
  tags: ['admin'],
  auth: true,
  params: eventParams,
  body: ZEventInput,
  response: dataOf(ZAdminEvent),
  errors: [...adminErrors, 409, 422],
});

export const adminCreateTicketType = defineRoute({
  id: 'admin.ticket-types.create',
  method: 'POST',
  path: '/api/admin/v1/events/{id}/ticket-types',
  summary: 'Add a ticket type with features and a quota',
  tags: ['admin'],
  auth: true,
  params: eventParams,
  body: ZTicketTypeInput,
  response: dataOf(ZTicketType),
  status: 201,
  errors: [...adminErrors, 409],
});

export const adminUpdateTicketType = defineRoute({
  id: 'admin.ticket-types.update',
  method: 'PUT',
  path: '/api/admin/v1/events/{id}/ticket-types/{ticketTypeId}',
  summary: 'Edit a ticket type; the quota cannot go below what was issued',
  tags: ['admin'],
  auth: true,
  params: eventParams.extend({ ticketTypeId: ZEventId }),
  body: ZTicketTypeInput,
  response: dataOf(ZTicketType),
  errors: [...adminErrors, 409],
});

export const adminDeleteTicketType = defineRoute({
  id: 'admin.ticket-types.delete',
  method: 'DELETE',
  path: '/api/admin/v1/events/{id}/ticket-types/{ticketTypeId}',
  summary: 'Remove a ticket type nobody holds',
  tags: ['admin'],
  auth: true,
  params: eventParams.extend({ ticketTypeId: ZEventId }),
  response: dataOf(z.object({ deleted: z.literal(true) })),
  errors: [...adminErrors, 409],
});

export const adminListMembers = defineRoute({
  id: 'admin.members.list',
  method: 'GET',
  path: '/api/admin/v1/events/{id}/members',
  summary: 'Attendees with their tickets and roles',
  tags: ['admin'],
  auth: true,
  params: eventParams,
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
    'filter[query]': ZSearchText.optional(),
  }),
  response: z.object({ data: z.array(ZAdminMember), meta: ZPageMeta }),
  errors: adminErrors,
});

export const adminInviteMember = defineRoute({
  id: 'admin.members.invite',
  method: 'POST',
  path: '/api/admin/v1/events/{id}/members',
  summary: 'Issue a ticket to a person by e-mail (creates the account if needed and mails them)',
  tags: ['admin'],
  auth: true,
  params: eventParams,
  body: ZInviteInput,
  response: dataOf(ZAdminMember.extend({ created_user: z.boolean() })),
  status: 201,
  errors: [...adminErrors, 409, 422],
});

export const adminImportMembers = defineRoute({
  id: 'admin.members.import',
  method: 'POST',
  path: '/api/admin/v1/events/{id}/members/import',
  summary: `Issue tickets from CSV (email, first_name, last_name, ticket, roles), at most ${IMPORT_MAX_ROWS} rows per request (413 import.too_many_rows beyond). Answers 202 with a job to poll for progress and the per-row report; invitation mails go out at a bounded rate. Send larger files in parts with header and first_row.`,
  tags: ['admin'],
  auth: true,
  params: eventParams,
  body: z.object({ csv: z.string().min(1).max(900_000), first_row: z.number().int().min(1).max(10_000_000).optional(), header: z.string().max(2000).optional() }),
  response: dataOf(ZImportJob),
  status: 202,
  errors: [...adminErrors, 413],
});

export const adminGetImport = defineRoute({
  id: 'admin.members.import.get',
  method: 'GET',
  path: '/api/admin/v1/events/{id}/members/import/{importId}',
  summary: 'Progress and per-row report of an import of this event',
  tags: ['admin'],
  auth: true,
  params: eventParams.extend({ importId: ZEventId }),
  response: dataOf(ZImportJob),
  errors: adminErrors,
});

export const adminUpdateMember = defineRoute({
  id: 'admin.members.update',
  method: 'PUT',
  path: '/api/admin/v1/events/{id}/members/{memberId}',
  summary: "Change a member's ticket, roles (1 Member ... 9 Developer) or organiser flag",
  tags: ['admin'],
  auth: true,
  params: eventParams.extend({ memberId: ZEventId }),
  body: z.object({ ticket_type_id: z.number().int().min(1).nullish(), role_ids: ZRoleIds.optional(), is_organizer: z.boolean().optional() }),
  response: dataOf(ZAdminMember),
  errors: [...adminErrors, 409, 422],
});

export const adminRemoveMember = defineRoute({
  id: 'admin.members.remove',
  method: 'DELETE',
  path: '/api/admin/v1/events/{id}/members/{memberId}',
  summary: 'Take a ticket back',
  tags: ['admin'],
  auth: true,
  params: eventParams.extend({ memberId: ZEventId }),
  response: dataOf(z.object({ deleted: z.literal(true) })),
  errors: [...adminErrors, 409],
});

export const adminSetBrandings = defineRoute({
  id: 'admin.brandings.set',
  method: 'PUT',
  path: '/api/admin/v1/events/{id}/brandings',
  summary: 'Replace the banners of an event',
  tags: ['admin'],
  auth: true,
  params: eventParams,
  body: z.object({ items: z.array(z.object({ place: z.enum(BRANDING_PLACES), image_url: ZMediaUrl, link_url: z.url({ protocol: /^https?$/ }).max(500).nullish(), title: z.string().trim().max(120).optional() })).max(50) }),
  response: z.object({ data: z.array(ZBanner) }),
  errors: adminErrors,
});
