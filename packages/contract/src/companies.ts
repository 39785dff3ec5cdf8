import { z } from 'zod';
import { dataOf, pageOf, ZQueryFlag, ZQueryIds, ZRef, ZSearchText } from './common.ts';
import { PUBLISHER_GENRES } from './expo-rules.ts';
import { ZEventId } from './members.ts';
import { ZCountryId } from './profile.ts';
import { defineRoute } from './route.ts';
import { ZSelectedIds, ZWebsite } from './validation.ts';

export const COMPANY_ROLES = ['chat', 'admin'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const COMPANY_DESCRIPTION_MAX = 5000;
export const COMPANY_OPTIONS_MAX = 5;

const ZId = z.coerce.number().int().min(1).max(2_147_483_647);

/** A company in the event's list. sponsor_type is the event's tier (0 Exhibitor ... 9 partner), null for none. */
export const ZCompanyCard = z
  .object({
    id: z.number().int(),
    name: z.string(),
    logo_url: z.string().nullable(),
    logo_thumb_url: z.string().nullable(),
    sponsor_type: z.number().int().min(0).max(9).nullable(),
    business: z.array(ZRef),
    tags: z.array(ZRef),
    size: ZRef.nullable(),
    geo: z.number().int().nullable(),
    country: z.string().nullable().meta({ description: "The country's name in the request language" }),
    has_chat: z.boolean(),
    is_favorite: z.boolean(),
    members_count: z.number().int(),
  })
  .meta({ id: 'CompanyCard' });
export type CompanyCard = z.infer<typeof ZCompanyCard>;

export const ZCompanyMedia = z
  .object({ id: z.number().int(), category: z.string(), url: z.string(), thumb_url: z.string().nullable(), mime_type: z.string() })
  .meta({ id: 'CompanyMedia' });

export const ZCompanyPerson = z
  .object({
    user_id: z.number().int(),
    /** The membership in this event, when the person is a member (links to /members/{id}). */
    member_id: z.number().int().nullable(),
    first_name: z.string(),
    last_name: z.string(),
    job: z.string().nullable(),
    avatar_url: z.string().nullable(),
    roles: z.array(z.enum(COMPANY_ROLES)),
  })
  .meta({ id: 'CompanyPerson' });
export type CompanyPerson = z.infer<typeof ZCompanyPerson>;

/** One company's page. email is written, never read back (product.md section 3). */
export const ZCompany = ZCompanyCard.extend({
  site: z.string().nullable(),
  description: z.string().nullable().meta({ description: 'Markdown; the web app sanitises it' }),
  cover_url: z.string().nullable(),
  media: z.array(ZCompanyMedia).meta({ description: 'Categories starting with hero are hero media' }),
  primary_business: ZRef.nullable(),
  location: z.string().nullable(),
  /** A publisher's profile for the publishers pavilion: publisher.looking_for values and publisher.genres keys. */
  publisher_looking_for: z.array(ZRef),
  publisher_genres: z.array(z.enum(PUBLISHER_GENRES)),
  wn_manager: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  members: z.array(ZCompanyPerson),
  /** What the reader may do: edit (company admin), chat (has_chat and a member who may chat). */
  abilities: z.object({ edit: z.boolean(), manage_members: z.boolean(), chat: z.boolean() }),
}).meta({ id: 'Company' });
export type Company = z.infer<typeof ZCompany>;

/** Company fields; business needs at least one value ("company needs at least one value"). */
export const ZCompanyInput = z.object({
  name: z.string().trim().min(1).max(120),
  site: ZWebsite.optional(),
  description: z.string().trim().max(COMPANY_DESCRIPTION_MAX).optional(),
  business: ZSelectedIds(COMPANY_OPTIONS_MAX, { atLeastOne: true }),
  primary_business: z.number().int().min(0).max(2_147_483_647).nullable().optional(),
  tags: ZSelectedIds(COMPANY_OPTIONS_MAX).optional(),
  size: z.number().int().min(0).max(2_147_483_647).nullable().optional(),
  geo: ZCountryId.nullable().optional(),
  email: z.union([z.literal(''), z.email().max(254)]).optional(),
  location: z.string().trim().max(200).optional(),
  has_chat: z.boolean().optional(),
  /** Publishers (business 2): what they look for and the genres they take (publisher.looking_for ids, publisher.genres keys). */
  publisher_looking_for: ZSelectedIds(COMPANY_OPTIONS_MAX).optional(),
  publisher_genres: z.array(z.enum(PUBLISHER_GENRES)).max(PUBLISHER_GENRES.length).optional(),
});
export type CompanyInput = z.input<typeof ZCompanyInput>;

export const COMPANY_SORTS = ['name', 'sponsor', 'created_at'] as const;

export const listCompanies = defineRoute({
  id: 'companies.list',
  method: 'GET',
  path: '/api/v1/{eventId}/companies',
  summary:
    "Companies taking part in the event, sponsors first by tier by default. filter[business] and filter[tags] are dictionary ids, filter[categories][] sponsor types (0-9), filter[id] picks companies; show_previous adds companies of the platform's earlier events",
  tags: ['companies'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
    sort: z.enum(COMPANY_SORTS).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    'filter[query]': ZSearchText.optional(),
    'filter[business]': ZQueryIds(10).optional(),
    'filter[tags]': ZQueryIds(10).optional(),
    'filter[categories][]': ZQueryIds(10).optional(),
    'filter[categories]': ZQueryIds(10).optional(),
    'filter[id]': ZQueryIds(100).optional(),
    show_previous: ZQueryFlag.optional(),
  }),
  response: pageOf(ZCompanyCard),
  errors: [400, 401, 403, 404],
});

export const getCompany = defineRoute({
  id: 'companies.get',
  method: 'GET',
  path: '/api/v1/{eventId}/companies/{id}',
  summary: 'One company with media, people and their roles, and what the reader may do',
  tags: ['companies'],
  auth: true,
  params: z.object({ eventId: ZEventId, id: ZId }),
  response: dataOf(ZCompany),
  errors: [400, 401, 403, 404],
});

/** Outside any event: the settings pages of a person's own company read it here. */
export const getOwnCompany = defineRoute({
  id: 'companies.get-own',
  method: 'GET',
  path: '/api/v1/companies/{id}',
  summary: "A company read by its own people (and platform staff) outside any event, for the company settings pages; 404 for everyone else",
  tags: ['companies'],
  auth: true,
  params: z.object({ id: ZId }),
  response: dataOf(ZCompany),
  errors: [400, 401, 404],
});

export const createCompany = defineRoute({
  id: 'companies.create',
  method: 'POST',
  path: '/api/v1/companies',
  summary: 'Create a company; its creator becomes its admin (roles chat and admin) and it becomes their company. event_id adds it to that event',
  tags: ['companies'],
  auth: true,
  body: ZCompanyInput.extend({ event_id: z.number().int().min(1).max(2_147_483_647).optional() }),
  response: dataOf(ZCompany),
  status: 201,
  errors: [400, 401, 403, 404],
});

export const updateCompany = defineRoute({
  id: 'companies.update',
  method: 'PUT',
  path: '/api/v1/companies/{id}',
  summary: 'Edit a company (company admins and platform staff; 403 "company edit forbidden" otherwise)',
  tags: ['companies'],
  auth: true,
  params: z.object({ id: ZId }),
  body: ZCompanyInput,
  response: dataOf(ZCompany),
  errors: [400, 401, 403, 404],
});

export const autocompleteCompanies = defineRoute({
  id: 'companies.autocomplete',
  method: 'GET',
  path: '/api/v1/companies/autocomplete',
  summary: 'Up to 20 companies whose name matches, for the profile company picker',
  tags: ['companies'],
  auth: true,
  query: z.object({ query: ZSearchText.optional() }),
  response: z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string(), logo_url: z.string().nullable() })) }),
  errors: [400, 401],
});

export const setCompanyRole = defineRoute({
  id: 'companies.set-role',
  method: 'POST',
  path: '/api/v1/companies/{id}/set-role',
  summary: "Set a company person's roles (chat, admin); company admins only. The last admin cannot give up admin",
  tags: ['companies'],
  auth: true,
  params: z.object({ id: ZId }),
  body: z.object({ user_id: z.number().int().min(1).max(2_147_483_647), roles: z.array(z.enum(COMPANY_ROLES)).max(2) }),
  response: dataOf(ZCompanyPerson),
  errors: [400, 401, 403, 404, 409],
});

export const removeCompanyUser = defineRoute({
  id: 'companies.users.remove',
  method: 'DELETE',
  path: '/api/v1/companies/{id}/users/{userId}',
  summary: 'Remove a person from the company (company admins; anyone may leave). The last admin cannot be removed',
  tags: ['companies'],
  auth: true,
  params: z.object({ id: ZId, userId: ZId }),
  response: dataOf(z.object({ removed: z.literal(true) })),
  errors: [400, 401, 403, 404, 409],
});

export const listCompanyUsers = defineRoute({
  id: 'companies.users',
  method: 'GET',
  path: '/api/v1/companies/{id}/users',
  summary: 'The people of a company with their roles, paged',
  tags: ['companies'],
  auth: true,
  params: z.object({ id: ZId }),
  query: z.object({ page: z.coerce.number().int().min(1).max(100_000).optional(), per_page: z.coerce.number().int().min(1).max(100).optional() }),
  response: pageOf(ZCompanyPerson),
  errors: [400, 401, 404],
});
