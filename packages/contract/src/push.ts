// Push (contract.md sections 3 and 7, "Push": POST and DELETE /user of the push resource, under
// /api/push/v1): a device registers its token (a web push subscription's endpoint and keys, or an
// FCM/APNs token of the native shell) with its platform and timezone offset in hours; logout
// removes it first. Custom pushes: an organiser's message to a segment of the event's people.
import { z } from 'zod';
import { dataOf, ZTimestamp } from './common.ts';
import { ZEventId } from './members.ts';
import { defineRoute } from './route.ts';

/** Device platforms (product.md section 4) and the web. */
export const PUSH_PLATFORMS = ['windows', 'windows_phone', 'android', 'ios', 'unknown', 'web'] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];

/** A push token: an FCM or APNs token, or a web push subscription's https endpoint. */
export const PUSH_TOKEN_MAX = 2000;

export const ZPushRegistration = z
  .object({
    platform: z.enum(PUSH_PLATFORMS),
    token: z.string().trim().min(8).max(PUSH_TOKEN_MAX),
    /** The device's offset from UTC in hours (-12 to 14, halves and quarters allowed). */
    timezone: z.number().min(-12).max(14).optional(),
    /** Web push only: the subscription's keys (base64url). */
    keys: z.object({ p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/), auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}$/) }).optional(),
  })
  .meta({ id: 'PushRegistration' });
export type PushRegistration = z.infer<typeof ZPushRegistration>;

export const registerPush = defineRoute({
  id: 'push.register',
  method: 'POST',
  path: '/api/push/v1/user',
  summary:
    "Register this device for pushes (platform, token, timezone offset in hours; a web push subscription's endpoint as the token with its keys). A token registered before moves to the signed-in person. 422 push.token_invalid for a web token that is not an https endpoint or lacks its keys",
  tags: ['push'],
  auth: true,
  body: ZPushRegistration,
  response: dataOf(z.object({ registered: z.boolean() })),
  errors: [400, 401, 422],
});

export const unregisterPush = defineRoute({
  id: 'push.unregister',
  method: 'DELETE',
  path: '/api/push/v1/user',
  summary: "Remove this device's token (logout does it first); a token that is not the person's answers registered: false",
  tags: ['push'],
  auth: true,
  body: z.object({ token: z.string().trim().min(1).max(PUSH_TOKEN_MAX) }),
  response: dataOf(z.object({ registered: z.boolean() })),
  errors: [400, 401],
});

export const pushPublicKey = defineRoute({
  id: 'push.vapid',
  method: 'GET',
  path: '/api/push/v1/vapid',
  summary: "The server's VAPID public key (base64url) for the browser's PushManager.subscribe",
  tags: ['push'],
  response: dataOf(z.object({ public_key: z.string() })),
  errors: [],
});

/** Who a custom push reaches: the event's people, narrowed by ticket types, roles and check-in. */
export const ZPushSegment = z
  .object({
    ticket_type_ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(50).optional(),
    role_ids: z.array(z.number().int().min(1).max(10)).max(10).optional(),
    /** true: only people checked in at the venue; false: only those not; absent: both. */
    checked_in: z.boolean().nullish(),
  })
  .meta({ id: 'PushSegment' });
export type PushSegment = z.infer<typeof ZPushSegment>;

export const ZCustomPush = z
  .object({
    id: z.number().int(),
    title: z.string(),
    text: z.string(),
    url: z.string().nullable(),
    segment: ZPushSegment,
    recipients: z.number().int(),
    created_at: ZTimestamp,
  })
  .meta({ id: 'CustomPush' });
export type CustomPush = z.infer<typeof ZCustomPush>;

export const sendCustomPush = defineRoute({
  id: 'push.custom.send',
  method: 'POST',
  path: '/api/admin/v1/events/{eventId}/pushes',
  summary:
    "Send a message to a segment of the event's people (organisers): it lands in each one's notifications (custom_push) and goes out by push and e-mail by their settings. A url must be https or a path of Lobby",
  tags: ['push', 'admin'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  body: z.object({ title: z.string().trim().min(1).max(120), text: z.string().trim().min(1).max(1000), url: z.string().trim().max(2000).nullish(), segment: ZPushSegment.default({}) }),
  response: dataOf(ZCustomPush),
  status: 201,
  errors: [400, 401, 403, 404, 422, 429],
});

export const listCustomPushes = defineRoute({
  id: 'push.custom.list',
  method: 'GET',
  path: '/api/admin/v1/events/{eventId}/pushes',
  summary: 'The custom pushes sent in the event, newest first (organisers)',
  tags: ['push', 'admin'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  response: z.object({ data: z.array(ZCustomPush) }),
  errors: [400, 401, 403, 404],
});

export const previewCustomPush = defineRoute({
  id: 'push.custom.preview',
  method: 'POST',
  path: '/api/admin/v1/events/{eventId}/pushes/preview',
  summary: 'How many people a custom push to this segment would reach now (organisers), before sending it',
  tags: ['push', 'admin'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  body: z.object({ segment: ZPushSegment.default({}) }),
  response: dataOf(z.object({ recipients: z.number().int() })),
  errors: [400, 401, 403, 404, 422],
});
