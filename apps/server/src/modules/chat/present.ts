import { CHAT_FILE_URL_TTL_S, type ChatAttachment, type ChatBan, type ChatChannel, type ChatMessage, type ChatUser } from '@lobby/contract';
import type { FileUrls } from '../../files/urls.ts';
import type { BanRow, ChannelRow, MessageRow, PersonRow, UploadRow } from './repo.ts';

export function presentChatUser(person: PersonRow, files: FileUrls): ChatUser {
  return {
    id: person.id,
    name: `${person.firstName} ${person.lastName}`.trim(),
    icon_url: files.url(person.avatarThumbKey ?? person.avatarKey),
    is_subscription_active: false,
  };
}

export function presentAttachment(upload: UploadRow, files: FileUrls, now = Date.now()): ChatAttachment {
  return { key: upload.key, name: upload.name, content_type: upload.contentType, size: upload.size, url: files.shortLived(upload.key, CHAT_FILE_URL_TTL_S, now).url };
}

/** What presenting a page of messages needs, read once for the page. */
export interface MessageContext {
  channel: ChannelRow;
  people: Map<number, PersonRow>;
  replies: Map<number, MessageRow>;
  uploads: Map<number, UploadRow[]>;
  /** Read marks of the channel's people (private-access channels only). */
  marks: { userId: number; readSeq: number }[];
  files: FileUrls;
}

export function presentMessage(message: MessageRow, ctx: MessageContext): ChatMessage {
  const { channel, people, files } = ctx;
  const sender = message.senderId === null ? null : people.get(message.senderId);
  const reply = message.replyMessageId === null ? undefined : ctx.replies.get(message.replyMessageId);
  const replySender = reply === undefined || reply.senderId === null ? undefined : people.get(reply.senderId);
  const visible = message.isVisible;
  return {
    id: message.id,
    uuid: message.uuid,
    seq: message.seq,
    channel_id: message.channelId,
    event_id: channel.eventId,
    is_visible: visible,
    created_at: message.createdAt.toISOString(),
    updated_at: message.updatedAt.toISOString(),
    text: visible ? message.text : '',
    custom_type: message.customType ?? null,
    custom_data: visible ? (message.customData ?? null) : null,
    reply_message_id: message.replyMessageId,
    reply_message: reply
      ? {
          id: reply.id,
          uuid: reply.uuid,
          text: reply.isVisible ? reply.text : '',
          is_visible: reply.isVisible,
          sender: replySender ? presentChatUser(replySender, files) : null,
          attachments: reply.isVisible ? (ctx.uploads.get(reply.id)?.length ?? 0) : 0,
        }
      : null,
    attachments: visible ? (ctx.uploads.get(message.id) ?? []).map((upload) => presentAttachment(upload, files)) : [],
    sender: sender ? presentChatUser(sender, files) : null,
    channel_access: channel.access,
    channel_entity_id: channel.entityId,
    channel_entity_type: channel.entityType ?? null,
    read_by: ctx.marks.filter((mark) => mark.readSeq >= message.seq && mark.userId !== message.senderId).map((mark) => mark.userId),
  };
}

export interface ChannelExtras {
  name: string;
  iconUrl: string | null;
  users: ChatUser[];
  unread: number;
  readSeq: number;
  lastMessage: ChatMessage | null;
  canSend: boolean;
  cannotSendReason: ChatChannel['cannot_send_reason'];
  ban: { until: Date; reason: string } | null;
  canModerate: boolean;
}

export function presentChannel(channel: ChannelRow, extras: ChannelExtras): ChatChannel {
  return {
    id: channel.id,
    created_at: channel.createdAt.toISOString(),
    updated_at: channel.updatedAt.toISOString(),
    name: extras.name,
    icon_url: extras.iconUrl,
    related_id: channel.eventId,
    related_type: 'event',
    entity_id: channel.entityId,
    entity_type: channel.entityType ?? null,
    access: channel.access,
    path: channel.path,
    unread_messages: extras.unread,
    last_message: extras.lastMessage,
    last_seq: channel.lastSeq,
    read_seq: extras.readSeq,
    users: extras.users,
    can_send: extras.canSend,
    cannot_send_reason: extras.cannotSendReason,
    ban: extras.ban ? { until: extras.ban.until.toISOString(), reason: extras.ban.reason } : null,
    can_moderate: extras.canModerate,
  };
}

export function presentBan(ban: BanRow, people: Map<number, PersonRow>, files: FileUrls): ChatBan {
  const person = people.get(ban.userId);
  const by = ban.bannedBy === null ? undefined : people.get(ban.bannedBy);
  return {
    event_id: ban.eventId,
    user: person ? presentChatUser(person, files) : { id: ban.userId, name: '', icon_url: null, is_subscription_active: false },
    until: ban.until.toISOString(),
    reason: ban.reason,
    created_at: ban.createdAt.toISOString(),
    banned_by: by ? presentChatUser(by, files) : null,
  };
}
