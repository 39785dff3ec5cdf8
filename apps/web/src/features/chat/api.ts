import { CHAT_CHANNELS_PAGE_SIZE, CHAT_MESSAGES_PAGE_SIZE, type ChatChannel, type ChatMessage } from '@lobby/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { queryClient } from '../../api/query-client.ts';
import { bumpUnread, channelsKey, patchChannel, unreadKindOfChannel, withBan, type ChannelPages } from './channels.ts';
import { channelQuery, unreadQuery } from './live.ts';
import { chatRoutes } from './refs.ts';
import { addMessages, addOlder, addPending, dropPending, markDeleted, oldestSeq, setPending, threadKey, threadOf, type PendingFile, type PendingMessage, type Thread } from './thread.ts';

// The chat pages' calls and what they change in the query cache.

export { channelQuery };

export const channelsQuery = (eventId: number) =>
  infiniteQueryOptions({
    queryKey: channelsKey(eventId),
    queryFn: ({ pageParam, signal }) =>
      callApi(chatRoutes.listChatChannels, { query: { page: pageParam, per_page: CHAT_CHANNELS_PAGE_SIZE, 'filter[related_type]': 'event', 'filter[related_id]': eventId } }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.last_page ? last.meta.page + 1 : undefined),
  });

/** The newest page of a channel, then kept up to date by the live events and catch-up (never refetched over them). */
export const threadQuery = (channelId: string) =>
  queryOptions({
    queryKey: threadKey(channelId),
    queryFn: async ({ signal }): Promise<Thread> => threadOf((await callApi(chatRoutes.listChatMessages, { params: { id: channelId }, query: { page: 1, per_page: CHAT_MESSAGES_PAGE_SIZE } }, signal)).data),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });

const setThread = (channelId: string, change: (thread: Thread) => Thread) => queryClient.setQueryData<Thread>(threadKey(channelId), (thread) => change(thread ?? threadOf([])));

/** Pages back through history: the page before the oldest message held. */
export async function loadOlder(channelId: string): Promise<void> {
  const thread = queryClient.getQueryData<Thread>(threadKey(channelId));
  const before = thread ? oldestSeq(thread) : null;
  if (!thread?.hasOlder || before === null) return;
  const answer = await callApi(chatRoutes.listChatMessages, { params: { id: channelId }, query: { before, per_page: CHAT_MESSAGES_PAGE_SIZE } });
  setThread(channelId, (current) => addOlder(current, answer.data));
}

/** A uuid for a message (crypto.randomUUID needs a secure context; a LAN address over http is not one). */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function patchChannelCaches(channel: Pick<ChatChannel, 'id' | 'related_id'>, change: (channel: ChatChannel) => ChatChannel): void {
  if (channel.related_id !== null) queryClient.setQueryData<ChannelPages>(channelsKey(channel.related_id), (pages) => (pages ? patchChannel(pages, channel.id, change) : pages));
  queryClient.setQueryData<{ data: ChatChannel }>(channelQuery(channel.id).queryKey, (old) => (old ? { data: change(old.data) } : old));
}

/** chat.banned on sending: the channel shows the ban from the answer's details at once. */
function showBan(channel: ChatChannel, error: unknown): void {
  if (!(error instanceof ApiError) || error.code !== 'chat.banned') return;
  const until = error.details?.until;
  const reason = error.details?.reason;
  if (typeof until !== 'string') return;
  patchChannelCaches(channel, (current) => withBan(current, { until, reason: typeof reason === 'string' ? reason : '' }));
}

/** A send unanswered this long fails (with retry under its uuid), so it does not hold up the channel's next ones. */
const SEND_TIMEOUT_MS = 30_000;

async function deliver(channel: ChatChannel, pending: PendingMessage): Promise<void> {
  try {
    const answer = await callApi(
      chatRoutes.sendChatMessage,
      {
        params: { id: channel.id },
        body: {
          uuid: pending.uuid,
          ...(pending.text ? { text: pending.text } : {}),
          ...(pending.files.length > 0 ? { files: pending.files.map((file) => file.key) } : {}),
          ...(pending.reply ? { reply_message_id: pending.reply.id } : {}),
        },
      },
      AbortSignal.timeout(SEND_TIMEOUT_MS),
    );
    setThread(channel.id, (thread) => addMessages(thread, [answer.data]));
    patchChannelCaches(channel, (current) => (current.last_seq > answer.data.seq ? current : { ...current, last_message: answer.data, last_seq: answer.data.seq }));
  } catch (error) {
    setThread(channel.id, (thread) => setPending(thread, pending.uuid, 'failed', error));
    showBan(channel, error);
  }
}

const sending = new Map<string, Promise<void>>();

/**
 * A channel's sends go one after another: sent side by side, a later message could reach the
 * server first and take the earlier seq, so the conversation would read out of the order it was
 * written in. A failed send does not hold up the next (deliver settles either way).
 */
function inTurn(channelId: string, send: () => Promise<void>): Promise<void> {
  const next = (sending.get(channelId) ?? Promise.resolve()).then(send, send);
  sending.set(channelId, next);
  void next.finally(() => {
    if (sending.get(channelId) === next) sending.delete(channelId);
  });
  return next;
}

/** Sends a message under a new uuid, shown at once and replaced by the server's copy. */
export function sendMessage(channel: ChatChannel, input: { text: string; files: PendingFile[]; reply: ChatMessage | null }): Promise<void> {
  const pending: PendingMessage = { uuid: newUuid(), text: input.text, files: input.files, reply: input.reply, created_at: new Date().toISOString(), status: 'sending', error: null };
  setThread(channel.id, (thread) => addPending(thread, pending));
  return inTurn(channel.id, () => deliver(channel, pending));
}

/** Sends a failed message again under the same uuid, so the server stores it once. */
export function retryMessage(channel: ChatChannel, uuid: string): Promise<void> {
  const pending = queryClient.getQueryData<Thread>(threadKey(channel.id))?.pending.find((p) => p.uuid === uuid);
  if (!pending) return Promise.resolve();
  setThread(channel.id, (thread) => setPending(thread, uuid, 'sending'));
  return inTurn(channel.id, () => deliver(channel, pending));
}

export const discardMessage = (channelId: string, uuid: string) => setThread(channelId, (thread) => dropPending(thread, uuid));

/** Marks the channel read: its unread count goes to 0 at once, the server's counts then settle it. */
export async function markRead(channel: ChatChannel): Promise<void> {
  const eventId = channel.related_id;
  const listed = eventId === null ? undefined : queryClient.getQueryData<ChannelPages>(channelsKey(eventId))?.pages.flatMap((page) => page.data).find((c) => c.id === channel.id);
  const before = listed?.unread_messages ?? queryClient.getQueryData<{ data: ChatChannel }>(channelQuery(channel.id).queryKey)?.data.unread_messages ?? 0;
  if (eventId !== null && before > 0) {
    queryClient.setQueryData<{ data: { unread_messages: number; entity_types: Record<string, number> } }>(unreadQuery(eventId).queryKey, (old) =>
      old ? { data: bumpUnread(old.data, unreadKindOfChannel(channel), -before) } : old,
    );
  }
  patchChannelCaches(channel, (current) => ({ ...current, unread_messages: 0 }));
  try {
    const answer = await callApi(chatRoutes.markChatRead, { params: { id: channel.id } });
    patchChannelCaches(channel, (current) => ({ ...current, unread_messages: answer.data.unread_messages, read_seq: answer.data.read_seq }));
  } finally {
    if (eventId !== null) void queryClient.invalidateQueries({ queryKey: unreadQuery(eventId).queryKey });
  }
}

export async function deleteOwnMessage(message: ChatMessage): Promise<void> {
  await callApi(chatRoutes.deleteOwnChatMessage, { params: { id: message.id } });
  setThread(message.channel_id, (thread) => markDeleted(thread, { message_id: message.id }));
}

export async function moderateMessage(eventId: number, message: ChatMessage): Promise<void> {
  await callApi(chatRoutes.moderateChatMessage, { params: { eventId, id: message.id } });
  setThread(message.channel_id, (thread) => markDeleted(thread, { message_id: message.id }));
}

export const reportMessage = (message: ChatMessage, reason: string) => callApi(chatRoutes.reportChatMessage, { params: { id: message.id }, body: reason ? { reason } : {} });

export const signedUrl = async (key: string): Promise<string> => (await callApi(chatRoutes.chatFileSignedUrl, { params: { key } })).data.signed_url;
