// Chat channels and messages as one reader sees them: names, pictures, last messages, files and
// read marks, and what the reader may do there (the rules in policy.ts).
import type { ChatChannel, ChatMessage } from '@lobby/contract';
import type { AccessSource, EventAccess } from '../../access/access.ts';
import { canModerate, isAcademyPromo, sendRefusal, type ChatViewer } from './policy.ts';
import { presentChannel, presentChatUser, presentMessage, type MessageContext } from './present.ts';
import { companyNames, eventName, findMessagesByIds, findPeople, lessonTitles, readMarks, uploadsOf, type ChannelRow, type ChannelView, type MessageRow } from './repo.ts';
import type { ChatContext } from './service.ts';

export function viewerOf(userId: number, view: Pick<ChannelView, 'companyRoles' | 'ban'>, access: EventAccess): ChatViewer {
  return { userId, permissions: access.permissions, companyRoles: view.companyRoles, banned: view.ban !== null };
}

/**
 * What presenting messages of these channels needs, read once for all of them (a page of one
 * channel, or the channel list's last messages). `withoutUploads`: the messages are known to carry
 * no files (a message just sent without any), so none are looked up.
 */
async function messageContexts(ctx: ChatContext, channels: ChannelRow[], messages: MessageRow[], withoutUploads = false): Promise<(channel: ChannelRow) => MessageContext> {
  const replyIds = messages.flatMap((message) => (message.replyMessageId === null ? [] : [message.replyMessageId]));
  const replies = await findMessagesByIds(ctx.db, replyIds);
  const senderIds = [...messages, ...replies.values()].flatMap((message) => (message.senderId === null ? [] : [message.senderId]));
  const uploadIds = [...(withoutUploads ? [] : messages.map((message) => message.id)), ...replies.keys()];
  const [people, uploads, marks] = await Promise.all([
    findPeople(ctx.db, senderIds),
    uploadsOf(ctx.db, uploadIds),
    // Read marks only where there are any to show: a page chat of thousands has none.
    readMarks(ctx.db, channels.filter((channel) => channel.access === 'private').map((channel) => channel.id)),
  ]);
  return (channel) => ({ channel, people, replies, uploads, marks: marks.get(channel.id) ?? [], files: ctx.files });
}

export async function presentMessages(ctx: ChatContext, channel: ChannelRow, messages: MessageRow[], withoutUploads = false): Promise<ChatMessage[]> {
  if (messages.length === 0) return [];
  const context = (await messageContexts(ctx, [channel], messages, withoutUploads))(channel);
  return messages.map((message) => presentMessage(message, context));
}

/** Channels as one reader sees them: names, pictures, last messages, what they may do. */
export async function presentChannels(ctx: ChatContext, src: AccessSource, userId: number, views: (ChannelView & { unread: number })[]): Promise<ChatChannel[]> {
  const channels = views.map((view) => view.channel);
  const personIds = channels.flatMap((c) => [c.pairLow, c.pairHigh, c.ownerId].filter((id): id is number => id !== null));
  const companyIds = channels.flatMap((c) => (c.entityId !== null && (c.entityType === 'company' || c.entityType === 'promo_company') ? [c.entityId] : []));
  const lessonIds = channels.flatMap((c) => (c.entityId !== null && c.entityType === 'lesson' ? [c.entityId] : []));
  // Notices and the academy's promo channel are named after their event.
  const noticeEvents = [...new Set(channels.filter((c) => c.access === 'notifications' || isAcademyPromo(c)).map((c) => c.eventId))];
  const [people, companyInfo, lessons, lastMessages, eventNames] = await Promise.all([
    findPeople(ctx.db, personIds),
    companyNames(ctx.db, companyIds),
    lessonTitles(ctx.db, lessonIds),
    findMessagesByIds(ctx.db, channels.flatMap((c) => (c.lastMessageId === null ? [] : [c.lastMessageId]))),
    Promise.all(noticeEvents.map(async (id) => [id, await eventName(ctx.db, id)] as const)).then((pairs) => new Map(pairs)),
  ]);
  // Every channel's last message presented from one read of their senders, replies, files and marks.
  const contextOf = await messageContexts(ctx, channels.filter((c) => c.lastMessageId !== null), [...lastMessages.values()]);
  const out: ChatChannel[] = [];
  for (const view of views) {
    const c = view.channel;
    const access = await src.get(c.eventId);
    const viewer = viewerOf(userId, view, access);
    const refusal = sendRefusal(c, viewer);
    const last = c.lastMessageId === null ? undefined : lastMessages.get(c.lastMessageId);
    const otherId = c.pairLow === userId ? c.pairHigh : c.pairLow;
    const other = otherId === null ? undefined : people.get(otherId);
    const owner = c.ownerId === null ? undefined : people.get(c.ownerId);
    const company = c.entityId === null ? undefined : companyInfo.get(c.entityId);
    let name = c.path ?? '';
    let iconUrl: string | null = null;
    const users = [];
    if (c.pairLow !== null) {
      name = other ? `${other.firstName} ${other.lastName}`.trim() : '';
      iconUrl = other ? ctx.files.url(other.avatarThumbKey ?? other.avatarKey) : null;
      for (const id of [c.pairLow, c.pairHigh]) {
        const person = id === null ? undefined : people.get(id);
        if (person) users.push(presentChatUser(person, ctx.files));
      }
    } else if (c.access === 'notifications' || isAcademyPromo(c)) {
      name = eventNames.get(c.eventId) ?? '';
    } else if (c.entityType === 'company' || c.entityType === 'promo_company') {
      const ownerSide = c.ownerId === userId || c.entityType === 'promo_company';
      name = ownerSide || !owner ? (company?.name ?? '') : `${owner.firstName} ${owner.lastName}`.trim();
      iconUrl = ownerSide || !owner ? ctx.files.url(company?.logoKey) : ctx.files.url(owner.avatarThumbKey ?? owner.avatarKey);
      if (owner) users.push(presentChatUser(owner, ctx.files));
    } else if (c.entityType === 'lesson') {
      // The lesson's title; the people who answer a student also read whose chat it is. A chat
      // whose lesson was deleted keeps the lesson's id for a title.
      const lesson = c.entityId === null ? undefined : lessons.get(c.entityId);
      const title = lesson && lesson.eventId === c.eventId ? lesson.title : `#${c.entityId ?? ''}`;
      const student = owner ? `${owner.firstName} ${owner.lastName}`.trim() : '';
      name = c.ownerId === userId || student === '' ? title : `${title} · ${student}`;
      if (owner) users.push(presentChatUser(owner, ctx.files));
    }
    out.push(
      presentChannel(c, {
        name,
        iconUrl,
        users,
        unread: view.unread,
        readSeq: view.readSeq ?? 0,
        lastMessage: last ? presentMessage(last, contextOf(c)) : null,
        canSend: refusal === null,
        cannotSendReason: refusal,
        ban: view.ban,
        canModerate: canModerate(access.permissions),
      }),
    );
  }
  return out;
}

