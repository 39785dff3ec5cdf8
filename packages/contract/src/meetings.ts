// Meetings, time slots and the calendar (product.md sections 2-4, contract.md sections 8-9). The
// spec does not show these calls; they follow the style of contract.md section 7.
import { z } from 'zod';
import { dataOf, ZPageMeta, ZTimestamp } from './common.ts';
import { MEETING_AGENDA_MAX, MEETING_REASON_MAX, MEETING_STATUSES, MEETING_VIEWS } from './meeting-rules.ts';
import { ZEventId } from './members.ts';
import { defineRoute } from './route.ts';

const ZId = z.coerce.number().int().min(1).max(2_147_483_647);
const ZMeetingPath = z.object({ eventId: ZEventId, id: ZId });

/** One side of a meeting, as both participants see it. */
export const ZMeetingParticipant = z
  .object({
    member_id: z.number().int(),
    user_id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    job: z.string().nullable(),
    avatar_url: z.string().nullable(),
    company_name: z.string().nullable(),
    timezone: z.string(),
  })
  .meta({ id: 'MeetingParticipant' });
export type MeetingParticipant = z.infer<typeof ZMeetingParticipant>;

export const ZMeetingLocation = z.object({ id: z.number().int(), name: z.string(), is_online: z.boolean() }).meta({ id: 'MeetingLocation' });
export type MeetingLocation = z.infer<typeof ZMeetingLocation>;

export const ZMeeting = z
  .object({
    id: z.number().int(),
    event_id: z.number().int(),
    status: z.enum(MEETING_STATUSES),
    /** How the reader sees it: waiting for my reply, waiting for the other, accepted, declined by me or by the other, cancelled. */
    view: z.enum(MEETING_VIEWS),
    /** The number of the view, as the meetings list route carries it (status=N). */
    view_id: z.number().int(),
    /** The reader was invited (true) or sent the request (false). */
    is_invite: z.boolean(),
    agenda: z.string(),
    starts_at: ZTimestamp,
    ends_at: ZTimestamp,
    is_online: z.boolean(),
    location: ZMeetingLocation,
    organizer: ZMeetingParticipant,
    invitee: ZMeetingParticipant,
    /** Whose answer the current proposal waits for; null once answered. */
    awaiting_user_id: z.number().int().nullable(),
    /** True after a participant proposed another time or place. */
    rescheduled: z.boolean(),
    /** Why it was declined or called off. */
    reason: z.string().nullable(),
    closed_by_user_id: z.number().int().nullable(),
    reminder_at: ZTimestamp,
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
    abilities: z.array(z.enum(['accept', 'decline', 'reschedule', 'cancel'])),
  })
  .meta({ id: 'Meeting' });
export type Meeting = z.infer<typeof ZMeeting>;

const ZViewCounts = z.record(z.enum(MEETING_VIEWS), z.number().int());

export const listMeetings = defineRoute({
  id: 'meetings.list',
  method: 'GET',
  path: '/api/v1/{eventId}/meetings',
  summary:
    "The signed-in person's meetings in this event. filter[view] picks one view (waiting_for_me, waiting_for_other, accepted, declined_by_me, declined_by_other, canceled); filter[from]/filter[to] bound the start. meta.counts has every view's count",
  tags: ['meetings'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(200).optional(),
    'filter[view]': z.enum(MEETING_VIEWS).optional(),
    'filter[from]': ZTimestamp.optional(),
    'filter[to]': ZTimestamp.optional(),
  }),
  response: z.object({ data: z.array(ZMeeting), meta: ZPageMeta.extend({ counts: ZViewCounts }) }),
  errors: [400, 401, 403, 404],
});

export const getMeeting = defineRoute({
  id: 'meetings.get',
  method: 'GET',
  path: '/api/v1/{eventId}/meetings/{id}',
  summary: 'One meeting the signed-in person takes part in (404 for anybody else)',
  tags: ['meetings'],
  auth: true,
  params: ZMeetingPath,
  response: dataOf(ZMeeting),
  errors: [400, 401, 403, 404],
});

const ZAgenda = z.string().trim().max(MEETING_AGENDA_MAX);

export const ZMeetingRequest = z.object({
  /** Membership id of the person invited (as in /members/{id}). */
  member_id: z.number().int().min(1).max(2_147_483_647),
  starts_at: ZTimestamp,
  /** 1 = Online, or one of the event's meeting points. Left out: Online when both can meet online, else the first free point. */
  location_id: z.number().int().min(1).max(2_147_483_647).optional(),
  agenda: ZAgenda.optional(),
});
export type MeetingRequest = z.infer<typeof ZMeetingRequest>;

export const createMeeting = defineRoute({
  id: 'meetings.create',
  method: 'POST',
  path: '/api/v1/{eventId}/meetings',
  summary:
    'Request a meeting in one of the event\'s time slots. 409 meeting.slot_busy when either side is busy or locked, meeting.location_unavailable (details.free_location_ids) when the point is full, meeting.limit_reached past the ticket\'s quota; 422 meeting.date_invalid, meeting.online_only, meeting.event_over, meeting.self',
  tags: ['meetings'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  body: ZMeetingRequest,
  response: dataOf(ZMeeting),
  status: 201,
  errors: [400, 401, 403, 404, 409, 422],
});

export const acceptMeeting = defineRoute({
  id: 'meetings.accept',
  method: 'POST',
  path: '/api/v1/{eventId}/meetings/{id}/accept',
  summary: 'Accept the pending proposal (only the participant it waits for); 409 meeting.status_changed when it was already answered',
  tags: ['meetings'],
  auth: true,
  params: ZMeetingPath,
  response: dataOf(ZMeeting),
  errors: [400, 401, 403, 404, 409, 422],
});

export const declineMeeting = defineRoute({
  id: 'meetings.decline',
  method: 'POST',
  path: '/api/v1/{eventId}/meetings/{id}/decline',
  summary: 'Decline the pending proposal with a reason; frees the slot on both sides',
  tags: ['meetings'],
  auth: true,
  params: ZMeetingPath,
  body: z.object({ reason: z.string().trim().min(1).max(MEETING_REASON_MAX) }),
  response: dataOf(ZMeeting),
  errors: [400, 401, 403, 404, 409],
});

export const rescheduleMeeting = defineRoute({
  id: 'meetings.reschedule',
  method: 'POST',
  path: '/api/v1/{eventId}/meetings/{id}/reschedule',
  summary: 'Propose another time or place for a pending meeting; the other participant answers next',
  tags: ['meetings'],
  auth: true,
  params: ZMeetingPath,
  body: z.object({ starts_at: ZTimestamp, location_id: z.number().int().min(1).max(2_147_483_647).optional(), agenda: ZAgenda.optional() }),
  response: dataOf(ZMeeting),
  errors: [400, 401, 403, 404, 409, 422],
});

export const cancelMeeting = defineRoute({
  id: 'meetings.cancel',
  method: 'POST',
  path: '/api/v1/{eventId}/meetings/{id}/cancel',
  summary: 'Withdraw a pending request or call off an accepted meeting; frees the slot on both sides',
  tags: ['meetings'],
  auth: true,
  params: ZMeetingPath,
  body: z.object({ reason: z.string().trim().max(MEETING_REASON_MAX).optional() }).nullish(),
  response: dataOf(ZMeeting),
  errors: [400, 401, 403, 404, 409],
});

export const SLOT_STATES = ['free', 'locked', 'busy'] as const;
export type SlotState = (typeof SLOT_STATES)[number];

export const ZMeetingSlot = z
  .object({
    starts_at: ZTimestamp,
    ends_at: ZTimestamp,
    /** The reader's own state; with member_id, busy or locked on either side reads busy. */
    state: z.enum(SLOT_STATES),
    /** Over already, or too soon to book. */
    past: z.boolean(),
    /** The reader's meeting in this slot, if any. */
    meeting_id: z.number().int().nullable(),
    /** Locations with a free table in this slot (1 = Online when both may meet online). */
    free_location_ids: z.array(z.number().int()),
  })
  .meta({ id: 'MeetingSlot' });
export type MeetingSlot = z.infer<typeof ZMeetingSlot>;

export const ZMeetingPoint = z.object({ id: z.number().int(), name: z.string(), capacity: z.number().int() }).meta({ id: 'MeetingPoint' });
export type MeetingPoint = z.infer<typeof ZMeetingPoint>;

export const ZMeetingSlots = z
  .object({
    /** The event's timezone, in which the schedule was set. */
    timezone: z.string(),
    slot_minutes: z.number().int(),
    slots: z.array(ZMeetingSlot),
    locations: z.array(ZMeetingLocation),
    /** Whether the reader (and the other person, with member_id) may meet on site. */
    can_meet_offline: z.boolean(),
  })
  .meta({ id: 'MeetingSlots' });
export type MeetingSlots = z.infer<typeof ZMeetingSlots>;

export const listMeetingSlots = defineRoute({
  id: 'meetings.slots',
  method: 'GET',
  path: '/api/v1/{eventId}/meetings/slots',
  summary: "The event's time slots with the signed-in person's state in each (free, locked, busy); with member_id, free only when free for both",
  tags: ['meetings'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  query: z.object({ member_id: ZId.optional() }),
  response: dataOf(ZMeetingSlots),
  errors: [400, 401, 403, 404],
});

export const findMeetingTime = defineRoute({
  id: 'meetings.find_time',
  method: 'GET',
  path: '/api/v1/{eventId}/meetings/find-time',
  summary: 'The first slots ahead that are free for the signed-in person and the member, each with a free location',
  tags: ['meetings'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  query: z.object({ member_id: ZId, limit: z.coerce.number().int().min(1).max(20).optional() }),
  response: z.object({ data: z.array(z.object({ starts_at: ZTimestamp, ends_at: ZTimestamp, location_id: z.number().int(), free_location_ids: z.array(z.number().int()) })) }),
  errors: [400, 401, 403, 404, 422],
});

const ZSlotBody = z.object({ starts_at: ZTimestamp });

export const lockSlot = defineRoute({
  id: 'calendar.lock',
  method: 'POST',
  path: '/api/v1/{eventId}/calendar/lock',
  summary: 'Lock one of your free slots so nobody can book it; 409 calendar.lock_failed when it is busy',
  tags: ['calendar'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  body: ZSlotBody,
  response: dataOf(ZMeetingSlot),
  errors: [400, 401, 403, 404, 409, 422],
});

export const unlockSlot = defineRoute({
  id: 'calendar.unlock',
  method: 'POST',
  path: '/api/v1/{eventId}/calendar/unlock',
  summary: 'Unlock a slot you locked; 409 calendar.unlock_failed when it is not locked by you',
  tags: ['calendar'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  body: ZSlotBody,
  response: dataOf(ZMeetingSlot),
  errors: [400, 401, 403, 404, 409, 422],
});

const ZFeed = dataOf(z.object({ url: z.string() }));

export const getCalendarFeed = defineRoute({
  id: 'calendar.feed.get',
  method: 'GET',
  path: '/api/v1/calendar/feed',
  summary: 'The secret address of your calendar feed (ICS) with your accepted meetings; made on first call',
  tags: ['calendar'],
  auth: true,
  response: ZFeed,
  errors: [401],
});

export const resetCalendarFeed = defineRoute({
  id: 'calendar.feed.reset',
  method: 'POST',
  path: '/api/v1/calendar/feed/reset',
  summary: 'Revoke the calendar feed address and make a new one',
  tags: ['calendar'],
  auth: true,
  response: ZFeed,
  errors: [401],
});

export const calendarFeedIcs = defineRoute({
  id: 'calendar.feed.ics',
  method: 'GET',
  path: '/api/v1/calendar/feed/{token}',
  summary: 'The calendar feed itself (text/calendar, RFC 5545): whoever holds the secret address reads it; a revoked one answers 404',
  tags: ['calendar'],
  params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,80}(\.ics)?$/) }),
  response: z.string(),
  errors: [400, 404],
});

/** The back office's meeting schedule: days and hours in the event's timezone, slot length, tables per point. */
export const ZMeetingSettings = z
  .object({
    timezone: z.string(),
    slot_minutes: z.number().int().min(5).max(240),
    days: z
      .array(
        z
          .object({
            date: z.iso.date(),
            start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
            end: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/),
          })
          .refine((day) => day.start < day.end, { path: ['end'], params: { rule: 'invalid' }, message: 'The day must end after it starts.' }),
      )
      .max(60),
    points: z.array(ZMeetingPoint),
  })
  .meta({ id: 'MeetingSettings' });
export type MeetingSettings = z.infer<typeof ZMeetingSettings>;

export const adminGetMeetingSettings = defineRoute({
  id: 'admin.meetings.settings.get',
  method: 'GET',
  path: '/api/admin/v1/events/{eventId}/meetings/settings',
  summary: "The event's meeting days, hours, slot length and the tables of each meeting point (organisers)",
  tags: ['admin'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  response: dataOf(ZMeetingSettings),
  errors: [400, 401, 403, 404],
});

export const adminUpdateMeetingSettings = defineRoute({
  id: 'admin.meetings.settings.update',
  method: 'PUT',
  path: '/api/admin/v1/events/{eventId}/meetings/settings',
  summary: 'Set the meeting days, hours and slot length, and the tables of each meeting point (organisers); booked meetings keep their times',
  tags: ['admin'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  body: z.object({
    slot_minutes: ZMeetingSettings.shape.slot_minutes,
    days: ZMeetingSettings.shape.days,
    points: z.array(z.object({ id: z.number().int().min(1), capacity: z.number().int().min(1).max(500) })).max(100),
  }),
  response: dataOf(ZMeetingSettings),
  errors: [400, 401, 403, 404],
});
