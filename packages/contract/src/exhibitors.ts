// The back office's exhibitors: the companies taking part in an event, with the sponsor tier and
// the stand the organisers give them (event_companies). The companies list, the expo hall and the
// publishers pavilion read what is set here.
import { z } from 'zod';
import { pageOf, ZQueryIds, ZSearchText } from './common.ts';
import { ZEventId } from './members.ts';
import { defineRoute } from './route.ts';

/** The longest stand location, in characters. */
export const EXHIBITOR_LOCATION_MAX = 200;

const ZCompanyId = z.coerce.number().int().min(1).max(2_147_483_647);
const ZEventPath = z.object({ eventId: ZEventId });
const ZExhibitorPath = ZEventPath.extend({ companyId: ZCompanyId });

/** A sponsor tier: a code of the sponsor.levels dictionary (0 Exhibitor ... 9 Partner), null for none. */
export const ZSponsorType = z.number().int().min(0).max(9).nullable();
/** Where the company's stand is; blank means none. */
export const ZStandLocation = z
  .string()
  .trim()
  .max(EXHIBITOR_LOCATION_MAX)
  .nullable()
  .transform((value) => (value === null || value === '' ? null : value));

export const ZExhibitor = z
  .object({
    id: z.number().int(),
    name: z.string(),
    logo_url: z.string().nullable(),
    sponsor_type: z.number().int().min(0).max(9).nullable(),
    location: z.string().nullable(),
    media_partner: z.boolean(),
    /** The company's people who are members of this event (while any is, the company stays in it). */
    members_count: z.number().int(),
  })
  .meta({ id: 'Exhibitor' });
export type Exhibitor = z.infer<typeof ZExhibitor>;

export const ZExhibitorInput = z.object({ sponsor_type: ZSponsorType, location: ZStandLocation });
export const ZExhibitorAddInput = z.object({ company_id: z.number().int().min(1).max(2_147_483_647), sponsor_type: ZSponsorType.optional(), location: ZStandLocation.optional() });

export const adminListExhibitors = defineRoute({
  id: 'admin.exhibitors.list',
  method: 'GET',
  path: '/api/admin/v1/events/{eventId}/exhibitors',
  summary:
    "The event's companies with their sponsor tier, stand and media partner mark, ranked by tier (the companies list's order), then by name; filter[query] by name, filter[tier] keeps some tiers",
  tags: ['admin', 'expo'],
  auth: true,
  params: ZEventPath,
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
    'filter[query]': ZSearchText.optional(),
    'filter[tier]': ZQueryIds(10).optional(),
  }),
  response: pageOf(ZExhibitor),
  errors: [400, 401, 403, 404],
});

export const adminAddExhibitor = defineRoute({
  id: 'admin.exhibitors.add',
  method: 'POST',
  path: '/api/admin/v1/events/{eventId}/exhibitors',
  summary: 'Add an existing company to the event, optionally with a tier and a stand (404 unknown company, 409 when it already takes part)',
  tags: ['admin', 'expo'],
  auth: true,
  params: ZEventPath,
  body: ZExhibitorAddInput,
  response: z.object({ data: ZExhibitor }),
  status: 201,
  errors: [400, 401, 403, 404, 409, 422],
});

export const adminUpdateExhibitor = defineRoute({
  id: 'admin.exhibitors.update',
  method: 'PUT',
  path: '/api/admin/v1/events/{eventId}/exhibitors/{companyId}',
  summary: "Set a company's sponsor tier and stand in the event (null clears them; 404 for a company not in the event)",
  tags: ['admin', 'expo'],
  auth: true,
  params: ZExhibitorPath,
  body: ZExhibitorInput,
  response: z.object({ data: ZExhibitor }),
  errors: [400, 401, 403, 404, 422],
});

export const adminRemoveExhibitor = defineRoute({
  id: 'admin.exhibitors.remove',
  method: 'DELETE',
  path: '/api/admin/v1/events/{eventId}/exhibitors/{companyId}',
  summary: 'Take a company out of the event; refused (409 exhibitor.has_members) while any of its people is a member of the event',
  tags: ['admin', 'expo'],
  auth: true,
  params: ZExhibitorPath,
  response: z.object({ data: z.object({ id: z.number().int(), deleted: z.boolean() }) }),
  errors: [400, 401, 403, 404, 409],
});
