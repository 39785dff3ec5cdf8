// Chat (product.md sections 2-4 and 6, contract.md sections 3, 4, 7, 8, 9). The paths and
// parameters of contract.md section 7 are kept; what the spec leaves out (moderation, catch-up,
// the public chat's channel) follows the same style (docs/decisions.md, Chat).
import { z } from 'zod';
import {
  CHAT_ACCESS,
  CHAT_BAN_REASON_MAX,
  CHAT_CUSTOM_TYPES,
  CHAT_ENTITY_TYPES,
  CHAT_FILES_MAX,
  CHAT_PATH_PATTERN,
  CHAT_REPORT_REASON_MAX,
  CHAT_TEXT_MAX,
  CHAT_UNREAD_KINDS,
} from './chat-rules.ts';
import { dataOf, pageOf, ZPageMeta, ZTimestamp } from './common.ts';
import { ZEventId } from './members.ts';
import { defineRoute } from './route.ts';

const ZId = z.coerce.number().int().min(1).max(2_147_483_647);
/** A message's server id: numbers beyond 32 bits are fine, JavaScript keeps them exact up to 2^53. */
const ZMessageId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
export const ZChannelId = z.uuid().meta({ description: 'A channel id (uuid)' });
const ZChannelPath = z.object({ id: ZChannelId });
const ZSeq = z.coerce.number().int().min(0).max(2_147_483_647);

export const ZChatUser = z
  .object({
    id: z.number().int(),
    name: z.string(),
    icon_url: z.string().nullable(),
    is_subscription_active: z.boolean(),
  })
  .meta({ id: 'ChatUser' });
export type ChatUser = z.infer<typeof ZChatUser>;

export const ZChatAttachment = z
  .object({
    key: z.string(),
    name: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    /** A signed address that expires (GET /chat/files/get_signed_url/{key} gives a fresh one). */
    url: z.string().nullable(),
  })
  .meta({ id: 'ChatAttachment' });
export type ChatAttachment = z.infer<typeof ZChatAttachment>;

/** custom_data: the event of the message, or action/title/text for a custom push (contract.md section 3). */
export const ZChatCustomData = z
  .object({
    event_id: z.number().int().optional(),
    action: z.string().max(500).optional(),
    title: z.string().max(200).optional(),
    text: z.string().max(2000).optional(),
    /** A call message's call id (the video issue opens it). */
    call_id: z.string().max(100).optional(),
    /** A `call` message: which page joins it (direct -> video-call, group -> group-call). */
    kind: z.enum(['direct', 'group', 'meeting']).optional(),
    /** A homework message's homework id. */
    homework_id: z.number().int().optional(),
    /** A ban notice's end and reason, so the reader's language and timezone can show it. */
    until: ZTimestamp.optional(),
    reason: z.string().max(500).optional(),
  })
  .strict()
  .meta({ id: 'ChatCustomData' });
export type ChatCustomData = z.infer<typeof ZChatCustomData>;

export const ZChatReply = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    text: z.string(),
    is_visible: z.boolean(),
    sender: ZChatUser.nullable(),
    attachments: z.number().int(),
  })
  .meta({ id: 'ChatReply' });

export const ZChatMessage = z
  .object({
    /** The server's id. */
    id: z.number().int(),
    /** The sender's id for this message: sending the same uuid again stores nothing new. */
    uuid: z.string(),
    /** The message's place in its channel, without gaps: catch-up asks for what comes after the last one held. */
    seq: z.number().int(),
    channel_id: z.string(),
    /** The channel's event (related_id). */
    event_id: z.number().int().nullable(),
    /** false once deleted: the text and attachments are gone, the place stays. */
    is_visible: z.boolean(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
    text: z.string(),
    custom_type: z.enum(CHAT_CUSTOM_TYPES).nullable(),
    custom_data: ZChatCustomData.nullable(),
    reply_message_id: z.number().int().nullable(),
    reply_message: ZChatReply.nullable(),
    attachments: z.array(ZChatAttachment),
    /** null for a notice the platform posted. */
    sender: ZChatUser.nullable(),
    channel_access: z.enum(CHAT_ACCESS),
    channel_entity_id: z.number().int().nullable(),
    channel_entity_type: z.enum(CHAT_ENTITY_TYPES).nullable(),
    /** People other than the sender who have read it. */
    read_by: z.array(z.number().int()),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ZChatMessage>;

export const ZChatBan = z
  .object({
    event_id: z.number().int(),
    user: ZChatUser,
    until: ZTimestamp,
    reason: z.string(),
    created_at: ZTimestamp,
    banned_by: ZChatUser.nullable(),
  })
  .meta({ id: 'ChatBan' });
export type ChatBan = z.infer<typeof ZChatBan>;

export const ZChatChannel = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
    /** What the reader sees as the title: the other person, the company, the lesson, the page. */
    name: z.string(),
    icon_url: z.string().nullable(),
    related_id: z.number().int().nullable(),
    related_type: z.literal('event').nullable(),
    entity_id: z.number().int().nullable(),
    entity_type: z.enum(CHAT_ENTITY_TYPES).nullable(),
    access: z.enum(CHAT_ACCESS),
    /** A public page chat's path (POST /{eventId}/chat/common/message). */
    path: z.string().nullable(),
    unread_messages: z.number().int(),
    last_message: ZChatMessage.nullable(),
    /** The newest message's seq (0 when empty). */
    last_seq: z.number().int(),
    /** The reader's last read seq. */
    read_seq: z.number().int(),
    users: z.array(ZChatUser),
    /** Whether the reader may write here now, and if not why: banned, read_only (promo, notices), not_allowed. */
    can_send: z.boolean(),
    cannot_send_reason: z.enum(['banned', 'read_only', 'not_allowed']).nullable(),
    /** The reader's ban in this event, when there is one. */
    ban: z.object({ until: ZTimestamp, reason: z.string() }).nullable(),
    /** May delete any message here and ban (event moderators). */
    can_moderate: z.boolean(),
  })
  .meta({ id: 'ChatChannel' });
export type ChatChannel = z.infer<typeof ZChatChannel>;

const ZEventFilter = z.coerce.number().int().min(1).max(2_147_483_647);

export const listChatChannels = defineRoute({
  id: 'chat.channels.list',
  method: 'GET',
  path: '/api/v1/chat/channels',
  summary:
    "The signed-in person's channels, newest activity first: private chats, company and lesson chats, promo channels and their notices. filter[related_type]=event with filter[related_id] keeps one event's; filter[entity_type] one kind",
  tags: ['chat'],
  auth: true,
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
    'filter[related_id]': ZEventFilter.optional(),
    'filter[related_type]': z.literal('event').optional(),
    'filter[entity_type]': z.enum([...CHAT_ENTITY_TYPES, 'private', 'notifications']).optional(),
  }),
  response: pageOf(ZChatChannel),
  errors: [400, 401],
});

export const privateChatChannel = defineRoute({
  id: 'chat.channels.private',
  method: 'GET',
  path: '/api/v1/chat/channels/user/{userId}',
  summary:
    "The private channel's id with this person in an event (filter[related_id]), created on first use. 403 chat.not_allowed without a chat ticket, chat.limit_reached past a limited ticket's chats; 404 when the person is not in the event; 422 chat.self",
  tags: ['chat'],
  auth: true,
  params: z.object({ userId: ZId }),
  query: z.object({ 'filter[related_id]': ZEventFilter }),
  response: dataOf(z.object({ uuid: z.string() })),
  errors: [400, 401, 403, 404, 422],
});

const ZChatId = dataOf(z.object({ chat_id: z.string() }));

export const companyChatChannel = defineRoute({
  id: 'chat.company',
  method: 'POST',
  path: '/api/v1/{eventId}/chat/company/{id}',
  summary: "The signed-in person's chat with a company of the event, answered by its people with the chat role; created on first use. 422 chat.company_closed when the company has no chat",
  tags: ['chat'],
  auth: true,
  params: z.object({ eventId: ZEventId, id: ZId }),
  response: ZChatId,
  errors: [400, 401, 403, 404, 422],
});

export const lessonChatChannel = defineRoute({
  id: 'chat.lesson',
  method: 'POST',
  path: '/api/v1/{eventId}/chat/lesson/{id}',
  summary: "A student's chat with the teachers of a lesson, created on first use (the academy wires its pages)",
  tags: ['chat'],
  auth: true,
  params: z.object({ eventId: ZEventId, id: ZId }),
  response: ZChatId,
  errors: [400, 401, 403, 404],
});

export const lessonStudentChatChannel = defineRoute({
  id: 'chat.lesson.student',
  method: 'GET',
  path: '/api/v1/{eventId}/chat/lesson/{id}/{other}',
  summary: "A teacher's chat with one student (user id) about a lesson, created on first use; teachers and course admins only",
  tags: ['chat'],
  auth: true,
  params: z.object({ eventId: ZEventId, id: ZId, other: ZId }),
  response: ZChatId,
  errors: [400, 401, 403, 404],
});

export const getChatChannel = defineRoute({
  id: 'chat.channels.get',
  method: 'GET',
  path: '/api/v1/chat/channels/{id}',
  summary: 'One channel the signed-in person is in (404 chat.channel_not_found for anybody else)',
  tags: ['chat'],
  auth: true,
  params: ZChannelPath,
  response: dataOf(ZChatChannel),
  errors: [400, 401, 404],
});

export const commonChatChannel = defineRoute({
  id: 'chat.common.get',
  method: 'GET',
  path: '/api/v1/{eventId}/chat/common',
  summary: "The public chat of one page of the event (path, such as /lectures/12): the channel when it exists, else null. Members of the event only",
  tags: ['chat'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  query: z.object({ path: z.string().regex(CHAT_PATH_PATTERN) }),
  response: dataOf(ZChatChannel.nullable()),
  errors: [400, 401, 403, 404],
});

export const listChatMessages = defineRoute({
  id: 'chat.messages.list',
  method: 'GET',
  path: '/api/v1/chat/channels/{id}/messages',
  summary:
    'Messages of a channel, oldest first within the answer. page=1 is the newest per_page (30); before=seq pages back from a message; after=seq is catch-up: what came after the last message held, oldest first, meta.has_more when there is more',
  tags: ['chat'],
  auth: true,
  params: ZChannelPath,
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
    before: ZSeq.optional(),
    after: ZSeq.optional(),
  }),
  response: z.object({ data: z.array(ZChatMessage), meta: ZPageMeta.extend({ last_seq: z.number().int(), has_more: z.boolean() }) }),
  errors: [400, 401, 404],
});

const ZText = z.string().trim().max(CHAT_TEXT_MAX);
const ZMessageUuid = z.uuid();

export const ZSendChatMessage = z.object({
  /** The sender's id for the message (a uuid): sending it again answers the stored message. Made by the server when left out. */
  uuid: ZMessageUuid.optional(),
  text: ZText.optional(),
  custom_type: z.enum(CHAT_CUSTOM_TYPES).nullish(),
  reply_message_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullish(),
  custom_data: ZChatCustomData.nullish(),
  /** Keys answered by POST /chat/files/upload. */
  files: z.array(z.string().regex(/^[A-Za-z0-9._-]{1,200}$/)).max(CHAT_FILES_MAX).optional(),
});
export type SendChatMessage = z.infer<typeof ZSendChatMessage>;

export const sendChatMessage = defineRoute({
  id: 'chat.messages.send',
  method: 'POST',
  path: '/api/v1/chat/channels/{id}/messages',
  summary:
    'Send a message (text trimmed, or files, or both). 201 with the message; 200 with the stored one when its uuid was sent before. 403 chat.banned (details.until, details.reason), chat.read_only, chat.not_allowed; 404 chat.channel_not_found; 429 chat.flood',
  tags: ['chat'],
  auth: true,
  params: ZChannelPath,
  body: ZSendChatMessage,
  response: dataOf(ZChatMessage),
  status: 201,
  otherResponses: { 200: dataOf(ZChatMessage) },
  errors: [400, 401, 403, 404, 409, 422, 429],
});

export const sendCommonChatMessage = defineRoute({
  id: 'chat.common.send',
  method: 'POST',
  path: '/api/v1/{eventId}/chat/common/message',
  summary: "Post to the public chat of a page of the event (path such as /lectures/12 or /expo); the channel is made on the first message. channel_id, when given, must be that page's channel",
  tags: ['chat'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  body: z.object({ path: z.string().regex(CHAT_PATH_PATTERN), channel_id: ZChannelId.nullish(), message: ZText.pipe(z.string().min(1)), uuid: ZMessageUuid.optional() }),
  response: dataOf(ZChatMessage),
  status: 201,
  otherResponses: { 200: dataOf(ZChatMessage) },
  errors: [400, 401, 403, 404, 409, 429],
});

export const markChatRead = defineRoute({
  id: 'chat.channels.read',
  method: 'POST',
  path: '/api/v1/chat/channels/{id}/markasread',
  summary: "Marks the channel read up to its newest message; the channel's members get read_by_user",
  tags: ['chat'],
  auth: true,
  params: ZChannelPath,
  response: dataOf(z.object({ read_seq: z.number().int(), unread_messages: z.number().int() })),
  errors: [400, 401, 404],
});

export const ZChatUnread = z
  .object({
    unread_messages: z.number().int(),
    entity_types: z.record(z.enum(CHAT_UNREAD_KINDS), z.number().int()),
  })
  .meta({ id: 'ChatUnread' });
export type ChatUnread = z.infer<typeof ZChatUnread>;

export const countChatUnread = defineRoute({
  id: 'chat.unread',
  method: 'GET',
  path: '/api/v1/chat/channels/unreadmessages',
  summary: "Unread messages of the signed-in person, in total and per kind of channel; filter[related_type]=event with filter[related_id] counts one event's",
  tags: ['chat'],
  auth: true,
  query: z.object({ 'filter[related_id]': ZEventFilter.optional(), 'filter[related_type]': z.literal('event').optional() }),
  response: dataOf(ZChatUnread),
  errors: [400, 401],
});

const ZDeleted = dataOf(z.object({ deleted: z.literal(true) }));

export const deleteOwnChatMessage = defineRoute({
  id: 'chat.messages.delete',
  method: 'DELETE',
  path: '/api/v1/chat/messages/{id}',
  summary: 'Delete a message of your own; the channel gets delete',
  tags: ['chat'],
  auth: true,
  params: z.object({ id: ZMessageId }),
  response: ZDeleted,
  errors: [400, 401, 403, 404],
});

export const moderateChatMessage = defineRoute({
  id: 'chat.messages.moderate',
  method: 'DELETE',
  path: '/api/v1/{eventId}/chat/messages/{id}',
  summary: "Delete anybody's message in a channel of this event (event moderators and organisers); its reports are closed",
  tags: ['chat'],
  auth: true,
  params: z.object({ eventId: ZEventId, id: ZMessageId }),
  response: ZDeleted,
  errors: [400, 401, 403, 404],
});

export const reportChatMessage = defineRoute({
  id: 'chat.messages.report',
  method: 'POST',
  path: '/api/v1/chat/messages/{id}/report',
  summary: "Report a message to the event's moderators. 409 chat.report_already_sent while your report waits; 429 chat.report_too_many within an hour of your last report of it",
  tags: ['chat'],
  auth: true,
  params: z.object({ id: ZMessageId }),
  body: z.object({ reason: z.string().trim().max(CHAT_REPORT_REASON_MAX).optional() }).nullish(),
  response: dataOf(z.object({ reported: z.literal(true) })),
  status: 201,
  errors: [400, 401, 403, 404, 409, 429],
});

export const ZChatUpload = z.object({ key: z.string(), name: z.string(), content_type: z.string(), size: z.number().int() }).meta({ id: 'ChatUpload' });

export const uploadChatFile = defineRoute({
  id: 'chat.files.upload',
  method: 'POST',
  path: '/api/v1/chat/files/upload',
  summary: 'Upload an attachment (multipart: file): a picture (PNG, JPEG, GIF, WebP) or a PDF, checked by content while it streams. 413 chat.upload_too_big (details.max_mb)',
  tags: ['chat'],
  auth: true,
  response: dataOf(ZChatUpload),
  status: 201,
  errors: [400, 401, 403, 413, 415],
});

export const chatFileSignedUrl = defineRoute({
  id: 'chat.files.signed',
  method: 'GET',
  path: '/api/v1/chat/files/get_signed_url/{key}',
  summary: 'A short-lived address of an attachment, for the members of a channel it was sent in (and its uploader); 404 chat.file_link_failed for anybody else',
  tags: ['chat'],
  auth: true,
  params: z.object({ key: z.string().regex(/^[A-Za-z0-9._-]{1,200}$/) }),
  response: dataOf(z.object({ signed_url: z.string(), expires_at: ZTimestamp })),
  errors: [400, 401, 404],
});

// Moderation (not shown in the spec): reported messages, bans.

export const ZChatReportItem = z
  .object({
    message: ZChatMessage,
    channel_name: z.string(),
    reports: z.number().int(),
    reasons: z.array(z.string()),
    last_reported_at: ZTimestamp,
    /** The author's current ban in this event. */
    author_ban: z.object({ until: ZTimestamp, reason: z.string() }).nullable(),
  })
  .meta({ id: 'ChatReportItem' });
export type ChatReportItem = z.infer<typeof ZChatReportItem>;

export const listChatReports = defineRoute({
  id: 'chat.reports.list',
  method: 'GET',
  path: '/api/v1/{eventId}/chat/reports',
  summary: "Reported messages of the event's chats waiting for a moderator, most recently reported first (moderators and organisers)",
  tags: ['chat'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  query: z.object({ page: z.coerce.number().int().min(1).max(100_000).optional(), per_page: z.coerce.number().int().min(1).max(100).optional() }),
  response: pageOf(ZChatReportItem),
  errors: [400, 401, 403, 404],
});

export const dismissChatReports = defineRoute({
  id: 'chat.reports.dismiss',
  method: 'POST',
  path: '/api/v1/{eventId}/chat/reports/{id}/dismiss',
  summary: "Closes the reports of one message (id) without deleting it",
  tags: ['chat'],
  auth: true,
  params: z.object({ eventId: ZEventId, id: ZMessageId }),
  response: dataOf(z.object({ dismissed: z.number().int() })),
  errors: [400, 401, 403, 404],
});

export const listChatBans = defineRoute({
  id: 'chat.bans.list',
  method: 'GET',
  path: '/api/v1/{eventId}/chat/bans',
  summary: "People who may not send in this event's chats now, with until and reason (moderators and organisers)",
  tags: ['chat'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  response: z.object({ data: z.array(ZChatBan) }),
  errors: [400, 401, 403, 404],
});

export const banChatUser = defineRoute({
  id: 'chat.bans.create',
  method: 'POST',
  path: '/api/v1/{eventId}/chat/bans',
  summary: 'Bans a member from sending in the event\'s chats until a date, with a reason; a second ban replaces the first. 422 when until is past or the person moderates the event',
  tags: ['chat'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  body: z.object({ user_id: z.number().int().min(1).max(2_147_483_647), until: ZTimestamp, reason: z.string().trim().min(1).max(CHAT_BAN_REASON_MAX) }),
  response: dataOf(ZChatBan),
  status: 201,
  errors: [400, 401, 403, 404, 422],
});

export const unbanChatUser = defineRoute({
  id: 'chat.bans.delete',
  method: 'DELETE',
  path: '/api/v1/{eventId}/chat/bans/{userId}',
  summary: 'Lifts a ban',
  tags: ['chat'],
  auth: true,
  params: z.object({ eventId: ZEventId, userId: ZId }),
  response: dataOf(z.object({ deleted: z.boolean() })),
  errors: [400, 401, 403, 404],
});

// Realtime payloads (Socket.IO, contract.md section 7).
export interface ChatEnterRequest {
  channel_id: string;
}
export type ChatEnterAck = { channel_id: string; ok: true } | { channel_id: string; ok: false; error: string };
export interface ChatDeletePayload {
  channel_id: string;
  message_id: number;
  seq: number;
  last_message: ChatMessage | null;
}
export interface ChatDeleteChannelPayload {
  channel_id: string;
}
export interface ChatReadByUserPayload {
  channel_id: string;
  user_id: number;
  /** Everything up to this seq is read. */
  seq: number;
}
export interface ChatBanPayload {
  event_id: number;
  ban: { until: string; reason: string } | null;
}
