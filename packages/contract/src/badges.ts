// Volunteers, badges, check-in and contact exchange (issue 17; product.md sections 2, 4 and 6:
// /volunteer/badges, /volunteer/badges/{userId}/{badgeId}, role 3 Helper, "volunteers print
// badges"). Calls the spec leaves out, in the style of contract.md section 7. A badge's QR value
// is `LB1.{badgeId}.{signature}` (venue-rules.ts): a signed, revocable id, no personal data.
import { z } from 'zod';
import { dataOf, pageOf, ZQueryFlag, ZQueryIds, ZSearchText, ZTimestamp } from './common.ts';
import { ZEventId, ZMemberCard, ZTicketKind } from './members.ts';
import { defineRoute } from './route.ts';
import { BADGE_BATCH_MAX, BADGE_QR_MAX } from './venue-rules.ts';

const ZId = z.coerce.number().int().min(1).max(2_147_483_647);
const ZEventPath = z.object({ eventId: ZEventId });

/** A scanned QR value, as the camera or a scanner gun read it. */
export const ZBadgeQrInput = z.string().trim().min(1).max(BADGE_QR_MAX).meta({ description: 'The QR value as scanned: LB1.{badgeId}.{signature}', example: 'LB1.42.q7T2mZk9Vb1xR0sLwPe3Aa' });

/** A ticket as a badge shows it: its name, and its kind for the colour (TICKET_KIND_COLOURS). */
export const ZBadgeTicket = z.object({ id: z.number().int(), name: z.string(), kind: ZTicketKind }).meta({ id: 'BadgeTicket' });
export type BadgeTicket = z.infer<typeof ZBadgeTicket>;

/** An event member as a volunteer sees them at the desk. */
export const ZVolunteerAttendee = z
  .object({
    user_id: z.number().int(),
    member_id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    job: z.string().nullable(),
    avatar_url: z.string().nullable(),
    company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    ticket: ZBadgeTicket.nullable(),
    /** The live badge, null before the first print. */
    badge: z.object({ id: z.number().int(), created_at: ZTimestamp }).nullable(),
    checked_in_at: ZTimestamp.nullable(),
  })
  .meta({ id: 'VolunteerAttendee' });
export type VolunteerAttendee = z.infer<typeof ZVolunteerAttendee>;

/** What a printed badge carries: the person, the ticket, the event's branding and the QR value. */
export const ZPrintableBadge = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    job: z.string().nullable(),
    company: z.string().nullable(),
    ticket: ZBadgeTicket.nullable(),
    event: z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable(), logo_url: z.string().nullable() }),
    qr: z.string().meta({ description: 'LB1.{badgeId}.{signature}: draw it as a QR code' }),
    created_at: ZTimestamp,
  })
  .meta({ id: 'PrintableBadge' });
export type PrintableBadge = z.infer<typeof ZPrintableBadge>;

export const ZBadgeRef = z.object({ id: z.number().int(), user_id: z.number().int(), created_at: ZTimestamp }).meta({ id: 'BadgeRef' });
export type BadgeRef = z.infer<typeof ZBadgeRef>;

const attendeeFilter = {
  'filter[query]': ZSearchText.optional().meta({ description: 'Name, e-mail or company' }),
  'filter[ticket_type]': ZQueryIds(20).optional(),
  'filter[checked_in]': ZQueryFlag.optional(),
  'filter[badge]': ZQueryFlag.optional().meta({ description: '1: has a live badge, 0: none printed yet' }),
};

export const listVolunteerAttendees = defineRoute({
  id: 'volunteer.attendees',
  method: 'GET',
  path: '/api/v1/{eventId}/volunteer/attendees',
  summary: "The event's members at the badge desk: ticket, badge and check-in; filter[query] by name, e-mail or company. Helpers (role 3), organisers and staff (volunteer.badges)",
  tags: ['volunteer'],
  auth: true,
  params: ZEventPath,
  query: z.object({ page: z.coerce.number().int().min(1).max(100_000).optional(), per_page: z.coerce.number().int().min(1).max(100).optional(), ...attendeeFilter }),
  response: pageOf(ZVolunteerAttendee).extend({ ticket_types: z.array(ZBadgeTicket).meta({ description: "The event's ticket types, for the filter" }) }),
  errors: [400, 401, 403, 404],
});

export const printBadge = defineRoute({
  id: 'volunteer.badges.print',
  method: 'POST',
  path: '/api/v1/{eventId}/volunteer/badges',
  summary: "Print a member's badge: a new badge, revoking the one before (its QR stops working). 409 badge.print_conflict when another print of the same person won at the same moment",
  tags: ['volunteer'],
  auth: true,
  params: ZEventPath,
  body: z.object({ user_id: z.number().int().min(1).max(2_147_483_647) }),
  response: dataOf(ZBadgeRef.extend({ revoked_badge_id: z.number().int().nullable() })),
  status: 201,
  errors: [400, 401, 403, 404, 409],
});

export const printBadges = defineRoute({
  id: 'volunteer.badges.batch',
  method: 'POST',
  path: '/api/v1/{eventId}/volunteer/badges/batch',
  summary: `Print the badges of several members at once: user_ids, or a filter of the attendees list; at most ${BADGE_BATCH_MAX} (422 badge.batch_too_large beyond, nothing printed)`,
  tags: ['volunteer'],
  auth: true,
  params: ZEventPath,
  body: z.object({
    user_ids: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(BADGE_BATCH_MAX).optional(),
    filter: z
      .object({
        query: ZSearchText.optional(),
        ticket_type: z.array(z.number().int().min(1).max(2_147_483_647)).max(20).optional(),
        checked_in: z.boolean().optional(),
        badge: z.boolean().optional(),
      })
      .optional(),
  }),
  response: z.object({ data: z.array(ZBadgeRef) }),
  status: 201,
  errors: [400, 401, 403, 404, 409, 422],
});

export const listPrintableBadges = defineRoute({
  id: 'volunteer.badges.list',
  method: 'GET',
  path: '/api/v1/{eventId}/volunteer/badges',
  summary: "Live badges of the event to print, by id (a batch), in the order asked; ids of replaced badges or of other events are left out",
  tags: ['volunteer'],
  auth: true,
  params: ZEventPath,
  query: z.object({ 'filter[ids]': ZQueryIds(BADGE_BATCH_MAX) }),
  response: z.object({ data: z.array(ZPrintableBadge) }),
  errors: [400, 401, 403, 404],
});

export const getPrintableBadge = defineRoute({
  id: 'volunteer.badges.get',
  method: 'GET',
  path: '/api/v1/{eventId}/volunteer/badges/{userId}/{badgeId}',
  summary: "One badge to print. 410 badge.revoked once reprinted (details.live_badge_id names the new one); 404 for another person's or event's badge",
  tags: ['volunteer'],
  auth: true,
  params: ZEventPath.extend({ userId: ZId, badgeId: ZId }),
  response: dataOf(ZPrintableBadge),
  errors: [400, 401, 403, 404, 410],
});

export const checkIn = defineRoute({
  id: 'volunteer.check_in',
  method: 'POST',
  path: '/api/v1/{eventId}/volunteer/check-in',
  summary: 'Check a person in by their badge QR: who they are and whether they were in already. 422 badge.invalid (not a Lobby badge or a forged signature), badge.other_event; 410 badge.revoked',
  tags: ['volunteer'],
  auth: true,
  params: ZEventPath,
  body: z.object({ qr: ZBadgeQrInput }),
  response: dataOf(z.object({ attendee: ZVolunteerAttendee, already: z.boolean() })),
  errors: [400, 401, 403, 404, 410, 422],
});

export const ZCheckInStats = z
  .object({
    members: z.number().int(),
    checked_in: z.number().int(),
    /** Members holding a live badge. */
    badges: z.number().int(),
    by_ticket_type: z.array(z.object({ ticket: ZBadgeTicket.nullable(), members: z.number().int(), checked_in: z.number().int() })),
  })
  .meta({ id: 'CheckInStats' });
export type CheckInStats = z.infer<typeof ZCheckInStats>;

export const adminCheckInStats = defineRoute({
  id: 'admin.check_ins',
  method: 'GET',
  path: '/api/admin/v1/events/{eventId}/check-ins',
  summary: 'Checked in of members, overall and by ticket type (the ticket types in their order, members without a ticket last)',
  tags: ['admin', 'volunteer'],
  auth: true,
  params: ZEventPath,
  response: dataOf(ZCheckInStats),
  errors: [400, 401, 403, 404],
});

export const ZMyBadge = ZPrintableBadge.extend({
  checked_in_at: ZTimestamp.nullable(),
  /** Companies of the event whose booth the person scans visitors for (their leads). */
  lead_companies: z.array(z.object({ id: z.number().int(), name: z.string(), role: z.enum(['admin', 'staff']) })),
}).meta({ id: 'MyBadge' });
export type MyBadge = z.infer<typeof ZMyBadge>;

export const getMyBadge = defineRoute({
  id: 'badges.me',
  method: 'GET',
  path: '/api/v1/{eventId}/badge/me',
  summary: "The signed-in member's own badge with its QR to show, issued on first use; 404 for non-members",
  tags: ['volunteer', 'contacts'],
  auth: true,
  params: ZEventPath,
  response: dataOf(ZMyBadge),
  errors: [400, 401, 404],
});

export const exchangeContacts = defineRoute({
  id: 'contacts.exchange',
  method: 'POST',
  path: '/api/v1/{eventId}/contacts/exchange',
  summary: "Exchange contacts by scanning another member's badge: both appear in each other's contacts. 422 badge.self for one's own badge",
  tags: ['contacts'],
  auth: true,
  params: ZEventPath,
  body: z.object({ qr: ZBadgeQrInput }),
  response: dataOf(z.object({ contact: ZMemberCard, created: z.boolean().meta({ description: 'false when the two had exchanged before' }) })),
  errors: [400, 401, 404, 410, 422],
});
