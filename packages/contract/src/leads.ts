// Booth leads (issue 17, "Contact exchange and leads"): an exhibitor's staff scan a visitor's badge
// at the booth and keep a note and a rating; the company's admins list and export them, the
// visitor sees which companies captured them. Rules in venue-rules.ts (leadRole, mayTouchLead).
import { z } from 'zod';
import { dataOf, pageOf, ZSearchText, ZTimestamp } from './common.ts';
import { ZBadgeQrInput } from './badges.ts';
import { ZEventId } from './members.ts';
import { defineRoute } from './route.ts';
import { LEAD_NOTE_MAX, LEAD_RATING_MAX, LEAD_RATING_MIN } from './venue-rules.ts';

const ZId = z.coerce.number().int().min(1).max(2_147_483_647);
const ZCompanyPath = z.object({ eventId: ZEventId, id: ZId });

export const ZLeadRating = z.number().int().min(LEAD_RATING_MIN).max(LEAD_RATING_MAX);
const ZLeadNote = z.string().trim().max(LEAD_NOTE_MAX);

export const ZLead = z
  .object({
    id: z.number().int(),
    company_id: z.number().int(),
    visitor: z.object({
      user_id: z.number().int(),
      /** The membership in the event (links to /members/{id}); null once they left it. */
      member_id: z.number().int().nullable(),
      first_name: z.string(),
      last_name: z.string(),
      job: z.string().nullable(),
      company: z.string().nullable(),
      avatar_url: z.string().nullable(),
      /** Only where the visitor shows them (their profile's settings, as on their page). */
      email: z.string().nullable(),
      phone: z.string().nullable(),
    }),
    note: z.string(),
    rating: ZLeadRating.nullable(),
    captured_by: z.object({ user_id: z.number().int(), name: z.string() }).nullable(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
  })
  .meta({ id: 'Lead' });
export type Lead = z.infer<typeof ZLead>;

export const captureLead = defineRoute({
  id: 'leads.capture',
  method: 'POST',
  path: '/api/v1/{eventId}/companies/{id}/leads',
  summary:
    "Capture a visitor at the company's booth by their badge QR, with a note and a rating; one lead per company and visitor (scanning again updates it, created: false). The company's people with a role; 422 badge.self, lead.own_company",
  tags: ['leads'],
  auth: true,
  params: ZCompanyPath,
  body: z.object({ qr: ZBadgeQrInput, note: ZLeadNote.optional(), rating: ZLeadRating.nullable().optional() }),
  response: dataOf(ZLead).extend({ created: z.boolean() }),
  errors: [400, 401, 403, 404, 410, 422],
});

export const listLeads = defineRoute({
  id: 'leads.list',
  method: 'GET',
  path: '/api/v1/{eventId}/companies/{id}/leads',
  summary: "The company's leads in the event, newest first: every lead for its admins, their own captures for the rest of its staff; role says which",
  tags: ['leads'],
  auth: true,
  params: ZCompanyPath,
  query: z.object({ page: z.coerce.number().int().min(1).max(100_000).optional(), per_page: z.coerce.number().int().min(1).max(100).optional(), 'filter[query]': ZSearchText.optional() }),
  response: pageOf(ZLead).extend({ role: z.enum(['admin', 'staff']) }),
  errors: [400, 401, 403, 404],
});

export const updateLead = defineRoute({
  id: 'leads.update',
  method: 'PATCH',
  path: '/api/v1/{eventId}/companies/{id}/leads/{leadId}',
  summary: "Change a lead's note or rating (null clears it); admins any lead of the company, its staff their own captures (404 otherwise)",
  tags: ['leads'],
  auth: true,
  params: ZCompanyPath.extend({ leadId: ZId }),
  body: z.object({ note: ZLeadNote.optional(), rating: ZLeadRating.nullable().optional() }),
  response: dataOf(ZLead),
  errors: [400, 401, 403, 404],
});

export const exportLeads = defineRoute({
  id: 'leads.export',
  method: 'GET',
  path: '/api/v1/{eventId}/companies/{id}/leads/export',
  summary: "Every lead of the company in the event as a CSV attachment (spreadsheet formulas neutralised); the company's admins",
  tags: ['leads'],
  auth: true,
  params: ZCompanyPath,
  response: z.string(),
  errors: [400, 401, 403, 404],
});

export const ZCapturedBy = z.object({ company: z.object({ id: z.number().int(), name: z.string(), logo_url: z.string().nullable() }), captured_at: ZTimestamp }).meta({ id: 'CapturedBy' });
export type CapturedBy = z.infer<typeof ZCapturedBy>;

export const listMyLeads = defineRoute({
  id: 'leads.mine',
  method: 'GET',
  path: '/api/v1/{eventId}/leads/mine',
  summary: "Companies whose booth captured the signed-in member, newest first (their notes and ratings stay the company's)",
  tags: ['leads'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  response: z.object({ data: z.array(ZCapturedBy) }),
  errors: [400, 401, 404],
});
