// Chat: constants of contract.md section 9 and the pure rules both sides share (contract.md
// sections 3-4, product.md sections 4 and 6). Kept free of zod so the shell can use them.

/** contract.md section 9. */
export const CHAT_CHANNELS_PAGE_SIZE = 20;
export const CHAT_MESSAGES_PAGE_SIZE = 30;
export const CHAT_ENTER_RETRY_MS = 500;
export const CHAT_LEAVE_RETRIES = 5;
export const CHAT_DISCONNECT_TIMEOUT_MS = 1000;
export const TITLE_BLINK_MS = 1500;
/** One chat report per person per message per hour (contract.md sections 5 and 9). */
export const CHAT_REPORT_WINDOW_MS = 60 * 60 * 1000;

/** Not shown in the spec (docs/decisions.md, Chat). */
export const CHAT_TEXT_MAX = 4000;
export const CHAT_FILES_MAX = 10;
export const CHAT_REPORT_REASON_MAX = 500;
export const CHAT_BAN_REASON_MAX = 500;
export const CHAT_CUSTOM_DATA_MAX_BYTES = 4000;
/** Private and company chats a person with limited_chats may start in one event. */
export const CHAT_LIMITED_START = 20;
/** Messages per person per window before 'user temporarily blocked for suspicious activity'. */
export const CHAT_FLOOD_LIMIT = 20;
export const CHAT_FLOOD_WINDOW_MS = 10_000;
/** How long a signed file address of a chat attachment lives. */
export const CHAT_FILE_URL_TTL_S = 15 * 60;
/** Attachments a chat takes besides pictures. */
export const CHAT_FILE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;
export type ChatFileType = (typeof CHAT_FILE_TYPES)[number];
export const CHAT_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export const CHAT_ACCESS = ['private', 'public', 'notifications'] as const;
export type ChatAccess = (typeof CHAT_ACCESS)[number];
export const CHAT_ENTITY_TYPES = ['company', 'promo_company', 'lesson'] as const;
export type ChatEntityType = (typeof CHAT_ENTITY_TYPES)[number];
/** Keys of the unread counts' entity_types: the entity types plus plain private chats and notices. */
export const CHAT_UNREAD_KINDS = ['private', 'company', 'promo_company', 'lesson', 'notifications'] as const;
export type ChatUnreadKind = (typeof CHAT_UNREAD_KINDS)[number];
export const CHAT_CUSTOM_TYPES = ['question', 'important', 'call', 'homework', 'homework_approved', 'homework_declined'] as const;
export type ChatCustomType = (typeof CHAT_CUSTOM_TYPES)[number];
/** Custom types only the academy's reviewers may send (teachers, course admins). */
export const CHAT_REVIEWER_TYPES: readonly ChatCustomType[] = ['homework_approved', 'homework_declined'];

/** Socket.IO event names of contract.md section 7 (recieve is the spec's spelling). */
export const ChatEvent = {
  receive: 'recieve',
  delete: 'delete',
  deleteChannel: 'delete_channel',
  readByUser: 'read_by_user',
  enter: 'enter',
  enterComplete: 'enter_complete',
  leave: 'leave',
  leaveComplete: 'leave_complete',
  /** Not in the spec: the reader was banned or unbanned in an event; the chat shows the notice at once. */
  ban: 'chat_ban',
} as const;

/** Kinds of the unread counts: what a channel counts as. */
export function unreadKindOf(channel: { access: ChatAccess; entity_type: ChatEntityType | null }): ChatUnreadKind | null {
  if (channel.access === 'notifications') return 'notifications';
  if (channel.entity_type) return channel.entity_type;
  return channel.access === 'private' ? 'private' : null;
}

/** How many chats a person may start: null = no limit (unlimited_chats, or chat granted by a role). */
export function chatStartQuota(features: readonly string[], canSend: boolean, manages: boolean): number | null {
  if (!canSend) return 0;
  if (manages || features.includes('unlimited_chats')) return null;
  return features.includes('limited_chats') ? CHAT_LIMITED_START : null;
}

/** A public page chat's address: a path of the app, without query or fragment. */
export const CHAT_PATH_PATTERN = /^\/[A-Za-z0-9/_-]{0,199}$/;

/**
 * The highest sequence a client holds without a gap, from the sequences it has: catch-up asks for
 * what comes after it (a message that arrived out of order does not hide one still missing).
 */
export function contiguousSeq(known: number, received: Iterable<number>): number {
  const seen = new Set(received);
  let at = known;
  while (seen.has(at + 1)) at += 1;
  return at;
}

/** Adds or replaces messages by id, in sequence order: a message fetched and received live is kept once. */
export function mergeMessages<M extends { id: number; seq: number }>(current: readonly M[], incoming: readonly M[]): M[] {
  if (incoming.length === 0) return current as M[];
  const byId = new Map<number, M>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * An incoming message and the channel list (contract.md section 4): the channel moves to the top
 * and its unread count rises unless the message is mine or the channel is open; a message of
 * another event is skipped ('skip'); an unknown channel must be fetched ('fetch').
 */
export function applyIncoming<C extends { id: string; unread_messages: number; related_id: number | null; last_message: unknown }>(
  channels: readonly C[],
  message: { channel_id: string; event_id: number | null; sender: { id: number } | null },
  context: { eventId: number | null; myId: number; activeChannelId: string | null },
  lastMessage: C['last_message'],
): { result: 'skip' | 'fetch'; channels: readonly C[] } | { result: 'moved'; channels: C[] } {
  if (context.eventId !== null && message.event_id !== null && message.event_id !== context.eventId) return { result: 'skip', channels };
  const index = channels.findIndex((channel) => channel.id === message.channel_id);
  if (index < 0) return { result: 'fetch', channels };
  const channel = channels[index] as C;
  const mine = message.sender?.id === context.myId;
  const unread = mine || context.activeChannelId === channel.id ? channel.unread_messages : channel.unread_messages + 1;
  const moved = { ...channel, unread_messages: unread, last_message: lastMessage };
  return { result: 'moved', channels: [moved, ...channels.slice(0, index), ...channels.slice(index + 1)] };
}
