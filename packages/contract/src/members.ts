import { z } from 'zod';
import { dataOf, ZLanguage, ZPageMeta, ZSearchText } from './common.ts';
import { TICKET_FEATURES } from './constants.ts';
import { ZEventRef } from './events.ts';
import { PERMISSIONS, SECTION_NAMES, TICKET_KINDS, type Section } from './permissions.ts';
import { defineRoute } from './route.ts';

export const ZEventId = z.coerce.number().int().min(1).max(2_147_483_647);
export const ZTicketKind = z.enum(TICKET_KINDS);

export const ZTicketType = z
  .object({
    id: z.number().int(),
    event_id: z.number().int(),
    code: z.string(),
    name: z.string(),
    kind: ZTicketKind,
    features: z.array(z.enum(TICKET_FEATURES)),
    quota: z.number().int().nullable(),
    issued: z.number().int(),
    self_service: z.boolean(),
    upgrade_url: z.string().nullable(),
    sort: z.number().int(),
  })
  .meta({ id: 'TicketType' });
export type TicketType = z.infer<typeof ZTicketType>;

const ZSectionAccess = z.enum(['ok', 'sign_in', 'not_member', 'upgrade', 'unavailable']);

/** The signed-in person in one event (product.md section 3, Event member). */
export const ZEventMember = z
  .object({
    id: z.number().int(),
    event_id: z.number().int(),
    user_id: z.number().int(),
    ticket_type: ZTicketType.nullable(),
    ticket: z.object({ id: z.number().int(), event_id: z.number().int(), features: z.array(z.string()) }).nullable(),
    role_id: z.number().int(),
    role_ids: z.array(z.number().int()),
    employee_roles: z.array(z.string()),
    is_organizer: z.boolean(),
    can_chat: z.boolean(),
    can_meeting: z.boolean(),
    can_offline_meeting: z.boolean(),
    can_vote: z.boolean(),
    can_upgrade: z.boolean(),
    is_sponsor: z.boolean(),
    is_partner: z.boolean(),
    is_speaker: z.boolean(),
    is_business: z.boolean(),
    settings: z.record(z.string(), z.unknown()),
    language: ZLanguage.nullable(),
    abilities: z.array(z.enum(PERMISSIONS)),
    sections: z.record(z.enum(SECTION_NAMES as [Section, ...Section[]]), ZSectionAccess),
    upgrade: z.object({ ticket_type_id: z.number().int(), name: z.string(), upgrade_url: z.string().nullable() }).nullable(),
  })
  .meta({ id: 'EventMember' });
export type EventMember = z.infer<typeof ZEventMember>;

export const getMyMembership = defineRoute({
  id: 'members.me',
  method: 'GET',
  path: '/api/v1/{eventId}/members/me',
  summary: 'The signed-in person in this event: ticket, roles, flags, abilities and section access; 404 when not a member',
  tags: ['members'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  response: dataOf(ZEventMember),
  errors: [400, 401, 404],
});

export const registerForEvent = defineRoute({
  id: 'events.register',
  method: 'POST',
  path: '/api/v1/events/{slug}/register',
  summary: 'Join an event: open to all (is_all_users), automatic registration (auto_reg) or a free self-service pass with a quota',
  tags: ['events'],
  auth: true,
  params: z.object({ slug: ZEventRef }),
  body: z.object({ ticket_type_id: z.number().int().min(1).optional() }).nullish(),
  response: dataOf(ZEventMember),
  status: 201,
  errors: [400, 401, 403, 404, 409],
});

/** A person in the event's directory. */
export const ZMemberCard = z
  .object({
    id: z.number().int(),
    user: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string(), job: z.string().nullable(), avatar_url: z.string().nullable() }),
    role_ids: z.array(z.number().int()),
    is_speaker: z.boolean(),
    is_sponsor: z.boolean(),
    is_organizer: z.boolean(),
  })
  .meta({ id: 'MemberCard' });
export type MemberCard = z.infer<typeof ZMemberCard>;

export const listMembers = defineRoute({
  id: 'members.list',
  method: 'GET',
  path: '/api/v1/{eventId}/members',
  summary: "The event's people directory (section members: needs networking on the ticket; 403 section.locked with the reason otherwise)",
  tags: ['members'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
    'filter[query]': ZSearchText.optional(),
  }),
  response: z.object({ data: z.array(ZMemberCard), meta: ZPageMeta }),
  errors: [400, 401, 403, 404],
});

/** A free pass attendees may take themselves, with how many are left (null = no limit). */
export const ZPass = z
  .object({ id: z.number().int(), name: z.string(), kind: ZTicketKind, features: z.array(z.string()), remaining: z.number().int().nullable() })
  .meta({ id: 'Pass' });
export type Pass = z.infer<typeof ZPass>;

export const listPasses = defineRoute({
  id: 'events.passes',
  method: 'GET',
  path: '/api/v1/events/{slug}/passes',
  summary: 'Self-service passes of an event (free passes, some with a quota) and how many are left',
  tags: ['events'],
  params: z.object({ slug: ZEventRef }),
  response: z.object({ data: z.array(ZPass) }),
  errors: [400, 404],
});
