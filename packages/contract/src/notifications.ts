// Notifications (product.md section 3 Notification, contract.md section 3 notification types).
import { z } from 'zod';
import { dataOf, ZPageMeta, ZTimestamp } from './common.ts';
import { defineRoute } from './route.ts';

/** Every type of contract.md section 3; meetings send theirs now, chat, academy and push add the rest. */
export const NOTIFICATION_TYPES = [
  'new_message',
  'new_meeting_request',
  'meeting_confirmed',
  'meeting_canceled',
  'meeting_rescheduled',
  'new_meeting_request_v2',
  'meeting_confirmed_v2',
  'meeting_canceled_v2',
  'meeting_rescheduled_v2',
  'meeting_reminder_v2',
  'homework_status_updated',
  'custom_push',
  /** A starred lecture starts soon (LECTURE_REMINDER_MINUTES); Lobby's own, beside the spec's types. */
  'lecture_reminder',
  /** The organisers accepted or rejected a game's showcase entry (to the game's company admins). */
  'showcase_decision',
  /** Showcase-to-deal: a publisher showed interest in one's game; meet them (docs/decisions.md). */
  'deal_suggestion',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const ZNotification = z
  .object({
    id: z.number().int(),
    type: z.enum(NOTIFICATION_TYPES),
    event_id: z.number().int().nullable(),
    meeting_id: z.number().int().nullable(),
    sender: z.object({ user_id: z.number().int(), first_name: z.string(), last_name: z.string(), avatar_url: z.string().nullable() }).nullable(),
    /** What the text needs: the meeting's start, the decline reason, the event name; a lecture reminder's lecture, hall and title; a showcase decision's game (title), entry and status; a deal suggestion's game, the publisher's member id, company and cause, and the first time free for both (starts_at); a homework verdict's lesson (lesson_id, title), homework, status and the reviewer's comment (reason); a new message's channel (channel_id) and the start of its text; a custom push's title, text and url. */
    data: z.object({ starts_at: ZTimestamp.optional(), reason: z.string().optional(), event_name: z.string().optional(), event_slug: z.string().optional(), location: z.string().optional(), lecture_id: z.number().int().optional(), hall_id: z.number().int().optional(), title: z.string().optional(), game_id: z.number().int().optional(), request_id: z.number().int().optional(), status: z.string().optional(), company_name: z.string().optional(), member_id: z.number().int().optional(), cause: z.string().optional(), lesson_id: z.number().int().optional(), homework_id: z.number().int().optional(), channel_id: z.string().optional(), text: z.string().optional(), url: z.string().optional() }),
    read_at: ZTimestamp.nullable(),
    created_at: ZTimestamp,
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof ZNotification>;

export const listNotifications = defineRoute({
  id: 'notifications.list',
  method: 'GET',
  path: '/api/v1/notifications',
  summary: "The signed-in person's notifications, newest first; filter[event_id] keeps one event's. meta.unread counts the unread ones",
  tags: ['notifications'],
  auth: true,
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
    'filter[event_id]': z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  }),
  response: z.object({ data: z.array(ZNotification), meta: ZPageMeta.extend({ unread: z.number().int() }) }),
  errors: [400, 401],
});

export const countUnreadNotifications = defineRoute({
  id: 'notifications.unread',
  method: 'GET',
  path: '/api/v1/notifications/unread',
  summary: 'How many notifications are unread (for the bell); filter[event_id] counts one event\'s',
  tags: ['notifications'],
  auth: true,
  query: z.object({ 'filter[event_id]': z.coerce.number().int().min(1).max(2_147_483_647).optional() }),
  response: dataOf(z.object({ count: z.number().int() })),
  errors: [400, 401],
});

export const markNotificationsRead = defineRoute({
  id: 'notifications.read',
  method: 'POST',
  path: '/api/v1/notifications/read',
  summary: 'Mark notifications read: the ids given, or every one (of filter event_id) when ids are left out; answers the unread count',
  tags: ['notifications'],
  auth: true,
  body: z.object({ ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(200).optional(), event_id: z.number().int().min(1).max(2_147_483_647).optional() }).nullish(),
  response: dataOf(z.object({ count: z.number().int() })),
  errors: [400, 401],
});
