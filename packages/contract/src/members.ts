import { z } from 'zod';
import { ZMe } from './auth.ts';
import { dataOf, pageOf, ZLanguage, ZQueryFlag, ZQueryIds, ZQueryList, ZRef, ZSearchText, ZTimestamp } from './common.ts';
import { MEMBER_SORTS, REGIONS, TICKET_FEATURES } from './constants.ts';
import { PROFILE_FIELDS, ZContacts, ZProfileInput } from './profile.ts';
import { ZTimezoneId } from './timezones.ts';
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
    /** Open meeting requests allowed with limited_meetings (null: the default, 10). */
    meeting_quota: z.number().int().nullable(),
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
    user: ZMe,
    /** Fields the event requires that the profile lacks (product.md section 5); empty when complete. */
    profile_missing: z.array(z.enum(PROFILE_FIELDS)),
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

const ZCompanyRef = z.object({ id: z.number().int(), name: z.string(), logo_url: z.string().nullable() });

/** A person in the event's directory. `id` is the membership id (routes /members/{id}). */
export const ZMemberCard = z
  .object({
    id: z.number().int(),
    user: z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      job: z.string().nullable(),
      avatar_url: z.string().nullable(),
      company: ZCompanyRef.nullable(),
      region: z.enum(REGIONS).nullable(),
    }),
    role_ids: z.array(z.number().int()),
    is_speaker: z.boolean(),
    is_sponsor: z.boolean(),
    is_organizer: z.boolean(),
    /** The ticket's highlight feature lifts the member visually. */
    highlight: z.boolean(),
    is_favorite: z.boolean(),
    last_seen_at: ZTimestamp,
  })
  .meta({ id: 'MemberCard' });
export type MemberCard = z.infer<typeof ZMemberCard>;

/** One member's page: the card and the profile, contacts only as far as the member allows. */
export const ZMemberProfile = ZMemberCard.extend({
  user: ZMemberCard.shape.user.extend({
    bio: z.string().nullable(),
    portfolio: z.string().nullable(),
    linkedin: z.string().nullable(),
    whatsapp: z.string().nullable(),
    contacts: ZContacts,
    /** Present only where the member allows it (or it is the reader's own page). */
    email: z.string().nullable(),
    phone: z.string().nullable(),
    city: z.string().nullable(),
    geo: z.number().int().nullable(),
    offer: z.array(ZRef),
    looking: z.array(ZRef),
    timezone: z.string(),
  }),
  is_me: z.boolean(),
}).meta({ id: 'MemberProfile' });
export type MemberProfile = z.infer<typeof ZMemberProfile>;

const ZMemberPath = z.object({ eventId: ZEventId, id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const listMembers = defineRoute({
  id: 'members.list',
  method: 'GET',
  path: '/api/v1/{eventId}/members',
  summary:
    "The event's people directory, last seen first by default (section members: needs networking on the ticket; 403 section.locked with the reason otherwise). filter[geo] is a region; filter[offer] and filter[looking] are dictionary ids; filter[ids] or filter[company_id] pick members",
  tags: ['members'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
    sort: z.enum(MEMBER_SORTS).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    'filter[query]': ZSearchText.optional(),
    'filter[looking]': ZQueryIds(10).optional(),
    'filter[offer]': ZQueryIds(10).optional(),
    'filter[features]': ZQueryList(z.enum(TICKET_FEATURES), 11).optional(),
    'filter[geo]': ZQueryList(z.enum(REGIONS), 8).optional(),
    'filter[show_previous]': ZQueryFlag.optional(),
    'filter[empty]': ZQueryFlag.optional(),
    'filter[ids]': ZQueryIds(100).optional(),
    'filter[company_id]': z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  }),
  response: pageOf(ZMemberCard),
  errors: [400, 401, 403, 404],
});

export const getMember = defineRoute({
  id: 'members.get',
  method: 'GET',
  path: '/api/v1/{eventId}/members/{id}',
  summary: 'One member of the event with their profile; e-mail and phone only where the member allows',
  tags: ['members'],
  auth: true,
  params: ZMemberPath,
  response: dataOf(ZMemberProfile),
  errors: [400, 401, 403, 404],
});

export const updateMyMembership = defineRoute({
  id: 'members.me.update',
  method: 'PATCH',
  path: '/api/v1/{eventId}/members/me',
  summary: 'Update own profile fields, or member settings (enable_homework_teacher_notification), or the timezone; answers the membership',
  tags: ['members'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  body: ZProfileInput.extend({
    settings: z.object({ enable_homework_teacher_notification: z.boolean() }).partial().strict().optional(),
    timezone: ZTimezoneId.optional(),
  }),
  response: dataOf(ZEventMember),
  errors: [400, 401, 404, 422],
});

const ZAutocompleteQuery = z.object({
  'filter[query]': ZSearchText.optional(),
  'filter[role_ids]': ZQueryIds(10).optional(),
  'filter[role_ids][]': ZQueryIds(10).optional(),
});
const ZAutocompleteItem = z.object({ id: z.number().int(), user_id: z.number().int(), name: z.string(), job: z.string().nullable(), avatar_url: z.string().nullable() }).meta({ id: 'MemberChoice' });

export const autocompleteMembers = defineRoute({
  id: 'members.autocomplete',
  method: 'GET',
  path: '/api/v1/{eventId}/members/autocomplete',
  summary: 'Up to 20 members whose name matches, optionally with one of the roles; id is the membership id',
  tags: ['members'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  query: ZAutocompleteQuery,
  response: z.object({ data: z.array(ZAutocompleteItem) }),
  errors: [400, 401, 403, 404],
});

export const autocompleteMemberUsers = defineRoute({
  id: 'members.autocomplete-user',
  method: 'GET',
  path: '/api/v1/{eventId}/members/autocomplete-user',
  summary: 'As members/autocomplete, for pickers that store the user id (teachers, speakers)',
  tags: ['members'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  query: ZAutocompleteQuery,
  response: z.object({ data: z.array(ZAutocompleteItem) }),
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
