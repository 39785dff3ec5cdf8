// Organiser pages (product.md section 2; issue 14): /stub/{id?} pages built in the page editor,
// /frame/{id?} pages framing an address the organiser sets, /partyspace the evening page. All are
// closed to the general ticket (SECTIONS.pages); they are edited in the back office.
import { z } from 'zod';
import { dataOf, ZTimestamp } from './common.ts';
import { ZEventId } from './members.ts';
import { ZPageContent } from './page-blocks.ts';
import { defineRoute } from './route.ts';

export const PAGE_KINDS = ['stub', 'frame', 'partyspace'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];
/** A page's slug, its id in /stub/{id} and /frame/{id}: lower-case letters, digits and inner dashes. */
export const PAGE_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
export const PAGE_TITLE_MAX = 200;
export const FRAME_URL_MAX = 2000;

const ZPageSlug = z.string().regex(PAGE_SLUG_PATTERN);
const ZPageId = z.coerce.number().int().min(1).max(2_147_483_647);
const ZEventPath = z.object({ eventId: ZEventId });
const ZAdminPagePath = ZEventPath.extend({ pageId: ZPageId });
/** The address a frame page shows: https only, a host name, no credentials. */
export const ZFrameUrl = z
  .string()
  .trim()
  .max(FRAME_URL_MAX)
  .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain }))
  .refine((value) => !/^https:\/\/[^/]*@/i.test(value), { message: 'An address with a user name or password is not allowed.' });

export const ZPage = z
  .object({
    slug: z.string(),
    kind: z.enum(PAGE_KINDS),
    title: z.string(),
    /** The blocks of a stub or partyspace page; null for a frame page. */
    content: ZPageContent.nullable(),
    /** The https address a frame page shows; null for the other kinds. */
    frame_url: z.string().nullable(),
    updated_at: ZTimestamp,
  })
  .meta({ id: 'Page' });
export type Page = z.infer<typeof ZPage>;

export const ZAdminPage = ZPage.extend({ id: z.number().int(), published: z.boolean(), created_at: ZTimestamp }).meta({ id: 'AdminPage' });
export type AdminPage = z.infer<typeof ZAdminPage>;

/**
 * What the back office sends. `content` is checked by parsePageContent on the server (422
 * validation.failed listing each block problem with its field and the spec's message), after its
 * tmp_ options are stripped.
 */
export const ZPageInput = z.object({
  slug: ZPageSlug,
  kind: z.enum(PAGE_KINDS),
  title: z.string().trim().min(1).max(PAGE_TITLE_MAX),
  published: z.boolean(),
  content: z.unknown().optional(),
  frame_url: ZFrameUrl.nullable().optional(),
});
export type PageInput = z.infer<typeof ZPageInput>;

export const getPage = defineRoute({
  id: 'pages.get',
  method: 'GET',
  path: '/api/v1/{eventId}/pages/{slug}',
  summary: "A published organiser page of the event (stub, frame or partyspace). Members of the event not on a general ticket, organisers and staff; 404 page.not_found for drafts and other events' pages",
  tags: ['pages'],
  auth: true,
  params: ZEventPath.extend({ slug: ZPageSlug }),
  response: dataOf(ZPage),
  errors: [400, 401, 403, 404],
});

export const ZPageSummary = z.object({ slug: z.string(), kind: z.enum(PAGE_KINDS), title: z.string() }).meta({ id: 'PageSummary' });
export type PageSummary = z.infer<typeof ZPageSummary>;

export const listPages = defineRoute({
  id: 'pages.list',
  method: 'GET',
  path: '/api/v1/{eventId}/pages',
  summary: 'The published organiser pages of the event by title (the pages index, /stub and /frame without an id): members not on a general ticket, organisers and staff',
  tags: ['pages'],
  auth: true,
  params: ZEventPath,
  response: z.object({ data: z.array(ZPageSummary) }),
  errors: [400, 401, 403, 404],
});

export const adminListPages = defineRoute({
  id: 'admin.pages.list',
  method: 'GET',
  path: '/api/admin/v1/events/{eventId}/pages',
  summary: "Every organiser page of the event, drafts included, by slug",
  tags: ['admin', 'pages'],
  auth: true,
  params: ZEventPath,
  response: z.object({ data: z.array(ZAdminPage) }),
  errors: [400, 401, 403, 404],
});

export const adminCreatePage = defineRoute({
  id: 'admin.pages.create',
  method: 'POST',
  path: '/api/admin/v1/events/{eventId}/pages',
  summary: 'Make a page: content for stub and partyspace (422 validation.failed per block problem), an https frame_url for frame. 409 page.slug_taken, 409 page.partyspace_taken (one per event)',
  tags: ['admin', 'pages'],
  auth: true,
  params: ZEventPath,
  body: ZPageInput,
  response: dataOf(ZAdminPage),
  status: 201,
  errors: [400, 401, 403, 404, 409, 422],
});

export const adminUpdatePage = defineRoute({
  id: 'admin.pages.update',
  method: 'PUT',
  path: '/api/admin/v1/events/{eventId}/pages/{pageId}',
  summary: 'Change a page (the same rules as making one)',
  tags: ['admin', 'pages'],
  auth: true,
  params: ZAdminPagePath,
  body: ZPageInput,
  response: dataOf(ZAdminPage),
  errors: [400, 401, 403, 404, 409, 422],
});

export const adminDeletePage = defineRoute({
  id: 'admin.pages.delete',
  method: 'DELETE',
  path: '/api/admin/v1/events/{eventId}/pages/{pageId}',
  summary: 'Delete a page',
  tags: ['admin', 'pages'],
  auth: true,
  params: ZAdminPagePath,
  response: dataOf(z.object({ id: z.number().int(), deleted: z.boolean() })),
  errors: [400, 401, 403, 404],
});
