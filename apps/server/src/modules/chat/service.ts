// Chat: channels, messages, read marks and unread counts (contract.md sections 3, 4, 7; rules in policy.ts).
import { randomUUID } from 'node:crypto';
import {
  CHAT_CUSTOM_DATA_MAX_BYTES,
  CHAT_FLOOD_WINDOW_MS,
  CHAT_UNREAD_KINDS,
  ChatEvent,
  ErrorCode,
  unreadKindOf,
  type ChatChannel,
  type ChatCustomData,
  type ChatDeletePayload,
  type ChatMessage,
  type ChatReadByUserPayload,
  type ChatUnread,
  type ChatUnreadKind,
  type SendChatMessage,
} from '@lobby/contract';
import type { AccessSource, EventAccess } from '../../access/access.ts';
import type { Limiter } from '../../auth/limits.ts';
import type { Db } from '../../db/client.ts';
import { pageMeta } from '../../db/sql.ts';
import type { FileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import { chatRoom, eventRoom, type Realtime } from '../../realtime/server.ts';
import { queueChatPush } from '../push/chat-push.ts';
import { canModerate, canRead, customTypeAllowed, sendRefusal, startsLeft, type ChannelShape, type ChatViewer } from './policy.ts';
import { presentChannels, presentMessages, viewerOf } from './channel-view.ts';
import {
  activeBans,
  countMessages,
  countStarted,
  ensureChannel,
  FilesGone,
  findChannel,
  findChannelView,
  findEventCompany,
  findMessage,
  findMessageBySenderUuid,
  findAcademyPromo,
  findNotices,
  findOwned,
  findPage,
  findPrivate,
  hideMessage,
  insertMessage,
  isEventLesson,
  isEventMember,
  listChannels as listChannelRows,
  lockStarter,
  markRead as storeRead,
  pageMessages,
  recipientsOf,
  unreadByChannel,
  unreadCount,
  type ChannelRow,
  type ChannelView,
  type MessageRow,
} from './repo.ts';

export interface ChatContext {
  db: Db;
  files: FileUrls;
  realtime: Realtime;
  limiter: Limiter;
  /** Messages per person per flood window (config CHAT_FLOOD_LIMIT). */
  floodLimit: number;
}

export const channelNotFound = () => new AppError(404, ErrorCode.chatChannelNotFound, 'This chat does not exist or you are not in it.');
const messageNotFound = () => new AppError(404, ErrorCode.chatMessageNotFound, 'This message was not found.');
const lessonNotFound = () => new AppError(404, ErrorCode.lessonNotFound, 'This lesson is not part of this event\'s course.');

/** The channel, if the person is in it (else 404: another person's channel looks like no channel). */
export async function readable(ctx: ChatContext, src: AccessSource, userId: number, channelId: string): Promise<{ view: ChannelView; access: EventAccess; viewer: ChatViewer }> {
  const view = await findChannelView(ctx.db, channelId, userId);
  if (!view) throw channelNotFound();
  const access = await src.get(view.channel.eventId);
  const viewer = viewerOf(userId, view, access);
  if (!canRead(view.channel, viewer)) throw channelNotFound();
  return { view, access, viewer };
}

async function presentOne(ctx: ChatContext, src: AccessSource, userId: number, view: ChannelView): Promise<ChatChannel> {
  const unread = await unreadCount(ctx.db, view.channel.id, userId, view.readSeq ?? 0);
  const [channel] = await presentChannels(ctx, src, userId, [{ ...view, unread }]);
  if (!channel) throw channelNotFound();
  return channel;
}

// Channels

export async function listChannels(
  ctx: ChatContext,
  src: AccessSource,
  userId: number,
  query: { page: number; perPage: number; eventId: number | undefined; entityType: 'company' | 'promo_company' | 'lesson' | 'private' | 'notifications' | undefined },
) {
  const access = query.eventId === undefined ? null : await src.get(query.eventId);
  const scope = {
    userId,
    eventId: query.eventId ?? null,
    reviewsLessons: access?.can('academy.homework.review') ?? false,
    seesPromo: access ? access.can('event.view') || access.can('event.manage') : false,
    seesAcademyPromo: access?.can('academy.view') ?? false,
    entityType: query.entityType,
  };
  const { rows, total } = await listChannelRows(ctx.db, scope, query.perPage, (query.page - 1) * query.perPage);
  return { data: await presentChannels(ctx, src, userId, rows), meta: pageMeta(query.page, query.perPage, total) };
}

export async function getChannel(ctx: ChatContext, src: AccessSource, userId: number, channelId: string): Promise<ChatChannel> {
  const { view } = await readable(ctx, src, userId, channelId);
  return presentOne(ctx, src, userId, view);
}

/**
 * Gate for opening a chat: a ticket that chats, and room left on a limited one. Run inside the
 * transaction that makes the channel, with the person's row locked, so chats opened at once
 * cannot all slip under the quota.
 */
const startGuard =
  (access: EventAccess, eventId: number, userId: number) =>
  async (tx: Db): Promise<void> => {
    if (!access.can('chat.send')) throw new AppError(403, ErrorCode.chatNotAllowed, 'Your ticket does not include chats. Upgrade your ticket to write to people.');
    if (startsLeft(access.permissions, access.ticketType?.features ?? [], 0) === null) return;
    await lockStarter(tx, userId);
    const left = startsLeft(access.permissions, access.ticketType?.features ?? [], await countStarted(tx, eventId, userId));
    if (left === 0) throw new AppError(403, ErrorCode.chatLimitReached, 'You have started as many chats as your ticket allows.');
  };

async function requireEvent(src: AccessSource, eventId: number): Promise<EventAccess> {
  const [event, access] = await Promise.all([src.activeEvent(eventId), src.get(eventId)]);
  if (!event) throw new AppError(404, ErrorCode.eventNotFound, 'This event was not found.');
  if (!access.can('event.view') && !access.can('event.manage')) throw new AppError(403, ErrorCode.forbidden, 'Join this event to use its chats.');
  return access;
}

export async function privateChannel(ctx: ChatContext, src: AccessSource, userId: number, otherId: number, eventId: number): Promise<string> {
  if (otherId === userId) throw new AppError(422, ErrorCode.chatSelf, 'You cannot start a chat with yourself.');
  const access = await requireEvent(src, eventId);
  if (!(await isEventMember(ctx.db, eventId, otherId))) throw new AppError(404, ErrorCode.memberNotFound, 'This person is not in this event.');
  const [low, high] = userId < otherId ? [userId, otherId] : [otherId, userId];
  const find = findPrivate(ctx.db, eventId, low, high);
  const { channel } = await ensureChannel(ctx.db, { eventId, access: 'private', pairLow: low, pairHigh: high, createdBy: userId }, find, [low, high], startGuard(access, eventId, userId));
  return channel.id;
}

export async function companyChannel(ctx: ChatContext, src: AccessSource, userId: number, eventId: number, companyId: number): Promise<string> {
  const access = await requireEvent(src, eventId);
  const company = await findEventCompany(ctx.db, eventId, companyId);
  if (!company) throw new AppError(404, ErrorCode.companyNotFound, 'This company is not in this event.');
  if (!company.hasChat || company.answerers === 0) throw new AppError(422, ErrorCode.chatCompanyClosed, 'This company does not take chat messages.');
  const find = findOwned(ctx.db, eventId, 'company', companyId, userId);
  const { channel } = await ensureChannel(ctx.db, { eventId, access: 'private', entityType: 'company', entityId: companyId, ownerId: userId, createdBy: userId }, find, [userId], startGuard(access, eventId, userId));
  return channel.id;
}

export async function lessonChannel(ctx: ChatContext, src: AccessSource, userId: number, eventId: number, lessonId: number, studentId: number | null): Promise<string> {
  const access = await requireEvent(src, eventId);
  const ownerId = studentId ?? userId;
  if (studentId === null && !access.can('academy.view')) throw new AppError(403, ErrorCode.chatNotAllowed, 'Only the academy\'s students can write to a lesson\'s teachers.');
  if (studentId !== null && !access.can('academy.homework.review')) throw new AppError(403, ErrorCode.chatNotAllowed, 'Only teachers and course admins can open a student\'s lesson chat.');
  // Only a lesson of this event has chats: a made-up id, or another event's lesson, is none.
  if (!(await isEventLesson(ctx.db, eventId, lessonId))) throw lessonNotFound();
  if (studentId !== null && !(await isEventMember(ctx.db, eventId, studentId))) throw new AppError(404, ErrorCode.memberNotFound, 'This person is not in this event.');
  const find = findOwned(ctx.db, eventId, 'lesson', lessonId, ownerId);
  const { channel } = await ensureChannel(ctx.db, { eventId, access: 'private', entityType: 'lesson', entityId: lessonId, ownerId, createdBy: userId }, find, [ownerId]);
  return channel.id;
}

export async function commonChannel(ctx: ChatContext, src: AccessSource, userId: number, eventId: number, path: string): Promise<ChatChannel | null> {
  await requireEvent(src, eventId);
  const channel = await findPage(ctx.db, eventId, path)();
  if (!channel) return null;
  const view = await findChannelView(ctx.db, channel.id, userId);
  return view ? presentOne(ctx, src, userId, view) : null;
}

/** The academy's promo channel of an event (students read it, course admins post), made on first use. */
export async function academyPromoChannel(db: Db, eventId: number, createdBy: number): Promise<ChannelRow> {
  const { channel } = await ensureChannel(db, { eventId, access: 'public', entityType: 'promo_company', entityId: null, createdBy }, findAcademyPromo(db, eventId), []);
  return channel;
}

/** A person's notices channel in an event, made on first use. */
export async function noticesChannel(db: Db, eventId: number, userId: number): Promise<ChannelRow> {
  const { channel } = await ensureChannel(db, { eventId, access: 'notifications', ownerId: userId }, findNotices(db, eventId, userId), [userId]);
  return channel;
}

// Messages

export async function listMessages(ctx: ChatContext, src: AccessSource, userId: number, channelId: string, query: { page: number; perPage: number; before?: number; after?: number }) {
  const { view } = await readable(ctx, src, userId, channelId);
  const channel = view.channel;
  if (query.after !== undefined) {
    const rows = await pageMessages(ctx.db, channelId, { after: query.after }, query.perPage + 1);
    const hasMore = rows.length > query.perPage;
    const page = rows.slice(0, query.perPage);
    return { data: await presentMessages(ctx, channel, page), meta: { ...pageMeta(1, query.perPage, page.length), last_seq: channel.lastSeq, has_more: hasMore } };
  }
  const offset = query.before === undefined ? (query.page - 1) * query.perPage : 0;
  const [rows, total] = await Promise.all([pageMessages(ctx.db, channelId, { before: query.before, offset }, query.perPage), countMessages(ctx.db, channelId)]);
  const oldest = rows[0]?.seq ?? 0;
  return { data: await presentMessages(ctx, channel, rows), meta: { ...pageMeta(query.page, query.perPage, total), last_seq: channel.lastSeq, has_more: oldest > 1 } };
}

const banned = (ban: { until: Date; reason: string }) =>
  new AppError(403, ErrorCode.chatBanned, `You cannot send messages until ${ban.until.toISOString()}: ${ban.reason}`, { until: ban.until.toISOString(), reason: ban.reason });

async function checkFlood(ctx: ChatContext, userId: number): Promise<void> {
  try {
    await ctx.limiter.check([{ key: `chat:send:${userId}`, limit: ctx.floodLimit, windowMs: CHAT_FLOOD_WINDOW_MS }]);
  } catch (error) {
    if (error instanceof AppError && error.status === 429) {
      throw new AppError(429, ErrorCode.chatFlood, 'user temporarily blocked for suspicious activity', error.details, error.headers);
    }
    throw error;
  }
}

export interface SendResult {
  message: ChatMessage;
  created: boolean;
}

/** Sends to a channel the person can read; refusals in the order of policy.sendRefusal. */
export async function sendMessage(ctx: ChatContext, src: AccessSource, userId: number, channelId: string, body: SendChatMessage): Promise<SendResult> {
  const { view, viewer } = await readable(ctx, src, userId, channelId);
  return sendIn(ctx, userId, view, viewer, body);
}

/** Throws why the viewer may not write in a channel of this shape, if they may not. */
function refuseSending(channel: ChannelShape, viewer: ChatViewer, ban: { until: Date; reason: string } | null): void {
  const refusal = sendRefusal(channel, viewer);
  if (refusal === 'banned' && ban) throw banned(ban);
  if (refusal === 'read_only') {
    throw new AppError(403, ErrorCode.chatReadOnly, channel.entityType === 'promo_company' ? 'Company employees cannot reply to promo messages.' : 'Nobody can reply in this channel.');
  }
  if (refusal) throw new AppError(403, ErrorCode.chatNotAllowed, 'Your ticket does not include chats. Upgrade your ticket to write here.');
}

async function sendIn(ctx: ChatContext, userId: number, view: ChannelView, viewer: ChatViewer, body: SendChatMessage, floodChecked = false): Promise<SendResult> {
  const channel = view.channel;
  refuseSending(channel, viewer, view.ban);
  const text = body.text?.trim() ?? '';
  const files = body.files ?? [];
  if (text === '' && files.length === 0) throw new AppError(422, ErrorCode.chatEmpty, 'Write a message or attach a file.');
  const customType = body.custom_type ?? null;
  if (customType && !customTypeAllowed(customType, channel, viewer)) throw new AppError(403, ErrorCode.chatNotAllowed, 'This kind of message cannot be sent here.');
  const customData: ChatCustomData | null = body.custom_data ? { ...body.custom_data, event_id: channel.eventId } : { event_id: channel.eventId };
  if (Buffer.byteLength(JSON.stringify(customData)) > CHAT_CUSTOM_DATA_MAX_BYTES) {
    throw new AppError(400, ErrorCode.validation, 'custom_data is too large.', { fields: [{ field: 'body.custom_data', message: 'custom_data is too large.', key: 'too_big', params: {} }] });
  }
  if (body.uuid) {
    const existing = await findMessageBySenderUuid(ctx.db, userId, body.uuid);
    if (existing) return answerExisting(ctx, channel, existing);
  }
  if (body.reply_message_id) {
    const reply = await findMessage(ctx.db, body.reply_message_id);
    if (!reply || reply.channelId !== channel.id) throw new AppError(422, ErrorCode.chatReplyNotFound, 'The message you reply to is not in this chat.');
  }
  if (!floodChecked) await checkFlood(ctx, userId);
  let stored: Awaited<ReturnType<typeof insertMessage>>;
  try {
    stored = await insertMessage(ctx.db, {
      channelId: channel.id,
      senderId: userId,
      uuid: body.uuid ?? randomUUID(),
      text,
      customType,
      customData,
      replyMessageId: body.reply_message_id ?? null,
      files,
      senderReads: channel.path === null,
    });
  } catch (error) {
    if (error instanceof FilesGone) throw new AppError(422, ErrorCode.chatFileLinkFailed, 'An attachment was already sent or is not yours; upload it again.');
    throw error;
  }
  if ('taken' in stored) throw new AppError(409, ErrorCode.chatUuidTaken, 'This message id belongs to another chat.');
  if (!stored.created) return answerExisting(ctx, channel, stored.message);
  const [message] = await presentMessages(ctx, { ...channel, lastSeq: stored.message.seq }, [stored.message], files.length === 0);
  if (!message) throw new Error('message not presented');
  await deliver(ctx, channel, ChatEvent.receive, message);
  // Recipients away from Lobby hear of it by push; the job decides who, the send only queues it.
  await queueChatPush(ctx.db, channel, stored.message.id);
  return { message, created: true };
}

async function answerExisting(ctx: ChatContext, channel: ChannelRow, existing: MessageRow): Promise<SendResult> {
  if (existing.channelId !== channel.id) throw new AppError(409, ErrorCode.chatUuidTaken, 'This message id belongs to another chat.');
  const [message] = await presentMessages(ctx, channel, [existing]);
  if (!message) throw new Error('message not presented');
  return { message, created: false };
}

/** Sends an event to everyone who sees the channel live, on every node. */
export async function deliver(ctx: ChatContext, channel: ChannelRow, event: string, payload: unknown): Promise<void> {
  if (channel.path !== null) return ctx.realtime.emitTo([chatRoom(channel.id)], event, payload);
  // A company's promo channel reaches the whole event; the academy's (no company) its people only.
  if (channel.entityType === 'promo_company' && channel.entityId !== null) return ctx.realtime.emitTo([chatRoom(channel.id), eventRoom(channel.eventId)], event, payload);
  ctx.realtime.toUsers(await recipientsOf(ctx.db, channel), event, payload);
}

export async function sendCommon(ctx: ChatContext, src: AccessSource, userId: number, eventId: number, body: { path: string; channel_id?: string | null; message: string; uuid?: string }): Promise<SendResult> {
  const access = await requireEvent(src, eventId);
  const find = findPage(ctx.db, eventId, body.path);
  let channel = await find();
  // A given channel must be this page's: the page's chat is the one channel of (event, path).
  if (body.channel_id && channel?.id !== body.channel_id) throw channelNotFound();
  const isNew = channel === null;
  if (!channel) {
    // The first message makes the page's chat: one that would be refused (no chat ticket, a ban,
    // a flood) makes nothing, or anybody could fill the table with empty channels.
    const [ban] = await activeBans(ctx.db, eventId, [userId]);
    const shape: ChannelShape = { access: 'public', entityType: null, entityId: null, ownerId: null, pairLow: null, pairHigh: null, path: body.path };
    refuseSending(shape, { userId, permissions: access.permissions, companyRoles: [], banned: ban !== undefined }, ban ?? null);
    await checkFlood(ctx, userId);
    ({ channel } = await ensureChannel(ctx.db, { eventId, access: 'public', path: body.path, createdBy: userId }, find, []));
  }
  const { view, viewer } = await readable(ctx, src, userId, channel.id);
  return sendIn(ctx, userId, view, viewer, { text: body.message, uuid: body.uuid }, isNew);
}

/** Posts a notice of the platform to a person's notices channel in an event. */
export async function postNotice(ctx: ChatContext, eventId: number, userId: number, notice: { title: string; text: string; action?: string; until?: string; reason?: string }): Promise<ChatMessage> {
  const channel = await noticesChannel(ctx.db, eventId, userId);
  const stored = await insertMessage(ctx.db, {
    channelId: channel.id,
    senderId: null,
    uuid: randomUUID(),
    text: notice.text,
    customType: 'important',
    customData: { event_id: eventId, title: notice.title, text: notice.text, ...(notice.action ? { action: notice.action } : {}), ...(notice.until ? { until: notice.until, reason: notice.reason ?? '' } : {}) },
    replyMessageId: null,
    files: [],
    senderReads: false,
  });
  if ('taken' in stored) throw new Error('notice uuid collided');
  const [message] = await presentMessages(ctx, channel, [stored.message]);
  if (!message) throw new Error('notice not presented');
  ctx.realtime.toUsers([userId], ChatEvent.receive, message);
  return message;
}

export async function markRead(ctx: ChatContext, src: AccessSource, userId: number, channelId: string): Promise<{ read_seq: number; unread_messages: number }> {
  const { view } = await readable(ctx, src, userId, channelId);
  const channel = view.channel;
  const before = view.readSeq ?? 0;
  const readSeq = await storeRead(ctx.db, channelId, userId, channel.lastSeq);
  if (readSeq > before && channel.access === 'private') {
    const payload: ChatReadByUserPayload = { channel_id: channelId, user_id: userId, seq: readSeq };
    await deliver(ctx, channel, ChatEvent.readByUser, payload);
  }
  return { read_seq: readSeq, unread_messages: await unreadCount(ctx.db, channelId, userId, readSeq) };
}

export async function unread(ctx: ChatContext, src: AccessSource, userId: number, eventId: number | undefined): Promise<ChatUnread> {
  const access = eventId === undefined ? null : await src.get(eventId);
  const rows = await unreadByChannel(ctx.db, {
    userId,
    eventId: eventId ?? null,
    reviewsLessons: access?.can('academy.homework.review') ?? false,
    seesPromo: access ? access.can('event.view') || access.can('event.manage') : false,
    seesAcademyPromo: access?.can('academy.view') ?? false,
    entityType: undefined,
  });
  const kinds = new Map<ChatUnreadKind, number>(CHAT_UNREAD_KINDS.map((kind) => [kind, 0]));
  let total = 0;
  for (const row of rows) {
    const kind = unreadKindOf({ access: row.access, entity_type: row.entityType ?? null });
    if (!kind || row.unread === 0) continue;
    kinds.set(kind, (kinds.get(kind) ?? 0) + row.unread);
    total += row.unread;
  }
  return { unread_messages: total, entity_types: Object.fromEntries(kinds) as Record<ChatUnreadKind, number> };
}

// Deleting

async function hideAndTell(ctx: ChatContext, channel: ChannelRow, message: MessageRow, by: number): Promise<void> {
  const hidden = await hideMessage(ctx.db, message, by);
  if (!hidden) return;
  const { last } = hidden;
  const payload: ChatDeletePayload = {
    channel_id: channel.id,
    message_id: message.id,
    seq: message.seq,
    last_message: last ? ((await presentMessages(ctx, channel, [last]))[0] ?? null) : null,
  };
  await deliver(ctx, channel, ChatEvent.delete, payload);
}

export async function deleteOwn(ctx: ChatContext, src: AccessSource, userId: number, messageId: number): Promise<void> {
  const message = await findMessage(ctx.db, messageId);
  if (!message || !message.isVisible) throw messageNotFound();
  const { view } = await readable(ctx, src, userId, message.channelId).catch(() => {
    throw messageNotFound();
  });
  if (message.senderId !== userId) throw new AppError(403, ErrorCode.forbidden, 'You can delete only your own messages.');
  await hideAndTell(ctx, view.channel, message, userId);
}

export async function moderateDelete(ctx: ChatContext, src: AccessSource, userId: number, eventId: number, messageId: number): Promise<void> {
  const access = await src.get(eventId);
  if (!canModerate(access.permissions)) throw new AppError(403, ErrorCode.forbidden, 'Only the moderators of this event can delete other people\'s messages.');
  const message = await findMessage(ctx.db, messageId);
  const channel = message ? await findChannel(ctx.db, message.channelId) : null;
  if (!message || !message.isVisible || !channel || channel.eventId !== eventId) throw messageNotFound();
  await hideAndTell(ctx, channel, message, userId);
}

/** The event of a message the person can read (reports, signed links), or 404. */
export async function readableMessage(ctx: ChatContext, src: AccessSource, userId: number, messageId: number): Promise<{ message: MessageRow; channel: ChannelRow }> {
  const message = await findMessage(ctx.db, messageId);
  if (!message || !message.isVisible) throw messageNotFound();
  const { view } = await readable(ctx, src, userId, message.channelId).catch(() => {
    throw messageNotFound();
  });
  return { message, channel: view.channel };
}
