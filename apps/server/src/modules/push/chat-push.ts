// A chat message in a private, company or lesson chat becomes a new_message notification (and so
// a push) for each recipient who has no page of Lobby open, at most one per channel and person
// every CHAT_PUSH_WINDOW_MS. The chat send only enqueues this job; the work happens here.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, users } from '../../db/schema/index.ts';
import type { FileUrls } from '../../files/urls.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { userRoom, type Realtime } from '../../realtime/server.ts';
import { findChannel, findMessage, recipientsOf, type ChannelRow } from '../chat/repo.ts';
import { notify } from '../notifications/service.ts';
import { CHAT_PUSH_JOB } from './kinds.ts';
import { chatPushKey, chatPushWanted } from './policy.ts';

/** The start of a message's text that a push shows. */
const PREVIEW = 120;

/** The chats whose messages are pushed: a person's own conversations, not page chats, promo channels or notices. */
export const pushesChats = (channel: Pick<ChannelRow, 'path' | 'access' | 'entityType'>): boolean => channel.path === null && channel.access === 'private' && channel.entityType !== 'promo_company';

/** Called by the chat after a message is stored: one insert, nothing waits on the push. */
export async function queueChatPush(db: Db, channel: Pick<ChannelRow, 'path' | 'access' | 'entityType'>, messageId: number): Promise<void> {
  if (pushesChats(channel)) await enqueueJob(db, CHAT_PUSH_JOB, { messageId }, { maxAttempts: 3 });
}

export interface ChatPushContext {
  db: Db;
  realtime: Realtime;
  files: FileUrls;
}

/** Which of these people have a socket connected to any node (with Redis, the others are asked too). */
async function connectedOf(realtime: Realtime, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const sockets = await realtime.io.in(userIds.map(userRoom)).fetchSockets();
  return new Set(sockets.map((socket) => socket.data.userId).filter((id): id is number => id !== null));
}

export function chatPushHandler(ctx: ChatPushContext): JobHandler {
  return async (job) => {
    const message = await findMessage(ctx.db, Number(job.payload.messageId));
    if (!message || !message.isVisible) return;
    const channel = await findChannel(ctx.db, message.channelId);
    if (!channel || !pushesChats(channel)) return;
    const recipients = (await recipientsOf(ctx.db, channel)).filter((id) => id !== message.senderId);
    const connected = await connectedOf(ctx.realtime, recipients);
    const away = recipients.filter((userId) => chatPushWanted({ userId, connected: connected.has(userId) }, message.senderId));
    if (away.length === 0) return;
    const [[event], [sender]] = await Promise.all([
      ctx.db.select({ slug: events.slug, name: events.name }).from(events).where(eq(events.id, channel.eventId)).limit(1),
      message.senderId === null
        ? Promise.resolve([])
        : ctx.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatarKey: users.avatarKey, avatarThumbKey: users.avatarThumbKey }).from(users).where(eq(users.id, message.senderId)).limit(1),
    ]);
    if (!event) return;
    const text = message.text.length > PREVIEW ? `${message.text.slice(0, PREVIEW - 1)}…` : message.text;
    await notify(
      ctx.db,
      ctx.realtime,
      ctx.files,
      away.map((userId) => ({
        userId,
        type: 'new_message' as const,
        eventId: channel.eventId,
        meetingId: null,
        sender: sender ?? null,
        data: { event_name: event.name, event_slug: event.slug, channel_id: channel.id, ...(text ? { text } : {}) },
        dedupeKey: chatPushKey(channel.id, userId, message.createdAt),
      })),
    );
  };
}
