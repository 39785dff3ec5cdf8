import { contiguousSeq, mergeMessages, type ChatChannel, type ChatDeletePayload, type ChatMessage, type ChatReadByUserPayload } from '@lobby/contract';

// One open channel's messages as the screen holds them: the server's, in seq order and each once
// (fetched, received live or caught up), and the ones being sent, shown at once under their uuid.

export interface PendingFile {
  key: string;
  name: string;
  content_type: string;
  size: number;
}

/** A message sent from this tab that the server has not answered yet (or refused). */
export interface PendingMessage {
  uuid: string;
  text: string;
  files: PendingFile[];
  reply: ChatMessage | null;
  created_at: string;
  status: 'sending' | 'failed';
  error: unknown;
}

export interface Thread {
  messages: ChatMessage[];
  pending: PendingMessage[];
  /** The highest seq held without a gap: catch-up asks for what comes after it. */
  known: number;
  /** Older messages exist before the first one held (seq starts at 1 and has no gaps). */
  hasOlder: boolean;
  /**
   * The read marks heard live (read_by_user): each reader's highest seq. A message that comes after
   * its read mark (its own answer slower than the other side's reading) still shows it read.
   */
  readers: readonly { user_id: number; seq: number }[];
}

/** The query-cache key of a channel's thread (the route id first, like every other key). */
export const threadKey = (channelId: string) => ['chat.messages.list', channelId, 'thread'] as const;

/** The thread from the newest page of a channel. */
export function threadOf(page: readonly ChatMessage[]): Thread {
  const messages = mergeMessages<ChatMessage>([], page);
  const first = messages[0]?.seq;
  if (first === undefined) return { messages, pending: [], known: 0, hasOlder: false, readers: [] };
  return {
    messages,
    pending: [],
    readers: [],
    known: contiguousSeq(
      first - 1,
      messages.map((m) => m.seq),
    ),
    hasOlder: first > 1,
  };
}

/** Messages fetched, caught up or received live: each kept once, and a pending copy with the same uuid dropped. */
export function addMessages(thread: Thread, incoming: readonly ChatMessage[]): Thread {
  if (incoming.length === 0) return thread;
  const messages = withReaders(mergeMessages(thread.messages, incoming), thread.readers);
  const uuids = new Set(incoming.map((m) => m.uuid));
  return {
    ...thread,
    messages,
    pending: thread.pending.some((p) => uuids.has(p.uuid)) ? thread.pending.filter((p) => !uuids.has(p.uuid)) : thread.pending,
    known: contiguousSeq(
      thread.known,
      messages.map((m) => m.seq),
    ),
  };
}

/** An older page (before=seq) goes in front. */
export function addOlder(thread: Thread, older: readonly ChatMessage[]): Thread {
  const next = addMessages(thread, older);
  const first = next.messages[0]?.seq ?? 1;
  return { ...next, hasOlder: older.length > 0 && first > 1 };
}

/** A message arrived past a gap: something in between was missed, so catch-up is due. */
export const hasGap = (thread: Thread): boolean => (thread.messages.at(-1)?.seq ?? 0) > thread.known;

/** The oldest seq held, for before=seq. */
export const oldestSeq = (thread: Thread): number | null => thread.messages[0]?.seq ?? null;

/** A delete event: the message keeps its place without text or files; quotes of it say so too. */
export function markDeleted(thread: Thread, payload: Pick<ChatDeletePayload, 'message_id'>): Thread {
  let changed = false;
  const messages = thread.messages.map((m) => {
    if (m.id === payload.message_id && m.is_visible) {
      changed = true;
      return { ...m, is_visible: false, text: '', attachments: [] };
    }
    if (m.reply_message?.id === payload.message_id && m.reply_message.is_visible) {
      changed = true;
      return { ...m, reply_message: { ...m.reply_message, is_visible: false, text: '', attachments: 0 } };
    }
    return m;
  });
  return changed ? { ...thread, messages } : thread;
}

/** Each message up to a reader's seq that someone else sent is read by that reader. */
function withReaders(messages: ChatMessage[], readers: Thread['readers']): ChatMessage[] {
  if (readers.length === 0) return messages;
  let changed = false;
  const marked = messages.map((m) => {
    const add = readers.filter((r) => m.seq <= r.seq && m.sender?.id !== r.user_id && !m.read_by.includes(r.user_id)).map((r) => r.user_id);
    if (add.length === 0) return m;
    changed = true;
    return { ...m, read_by: [...m.read_by, ...add] };
  });
  return changed ? marked : messages;
}

/** read_by_user: everything up to seq that someone else sent is read by user_id, also what arrives later. */
export function addReader(thread: Thread, payload: Pick<ChatReadByUserPayload, 'user_id' | 'seq'>): Thread {
  const known = thread.readers.find((r) => r.user_id === payload.user_id);
  const readers = known && known.seq >= payload.seq ? thread.readers : [...thread.readers.filter((r) => r.user_id !== payload.user_id), { user_id: payload.user_id, seq: payload.seq }];
  const messages = withReaders(thread.messages, readers);
  return messages === thread.messages && readers === thread.readers ? thread : { ...thread, messages, readers };
}

export function addPending(thread: Thread, pending: PendingMessage): Thread {
  return { ...thread, pending: [...thread.pending.filter((p) => p.uuid !== pending.uuid), pending] };
}

export function setPending(thread: Thread, uuid: string, status: PendingMessage['status'], error: unknown = null): Thread {
  return { ...thread, pending: thread.pending.map((p) => (p.uuid === uuid ? { ...p, status, error } : p)) };
}

export function dropPending(thread: Thread, uuid: string): Thread {
  return { ...thread, pending: thread.pending.filter((p) => p.uuid !== uuid) };
}

export type ReadMark = 'delivered' | 'read';

/**
 * ✓ delivered, ✓✓ read: in a chat of two, once the other person has read it; in a chat of more,
 * once anybody has.
 */
export function readMark(message: Pick<ChatMessage, 'read_by'>, channel: Pick<ChatChannel, 'users'>, myId: number): ReadMark {
  const others = channel.users.filter((user) => user.id !== myId);
  const other = others.length === 1 ? others[0] : undefined;
  if (other) return message.read_by.includes(other.id) ? 'read' : 'delivered';
  return message.read_by.some((id) => id !== myId) ? 'read' : 'delivered';
}
