import type { ChatBanPayload, ChatChannel, ChatDeleteChannelPayload, ChatDeletePayload, ChatMessage, ChatReadByUserPayload, ChatUnread } from '@lobby/contract';
import { apiQuery, callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { readToken } from '../../api/session.ts';
import { acquireSocket, releaseSocket } from '../events/realtime.ts';
import { bumpUnread, channelsKey, incoming, kindOfMessage, patchChannel, prependChannel, removeChannel, withBan, type ChannelPages } from './channels.ts';
import { ChatConnection, type ChatSocket } from './connection.ts';
import { chatRoutes } from './refs.ts';
import { addMessages, addReader, hasGap, markDeleted, threadKey, type Thread } from './thread.ts';

// The chat's live side (contract.md section 4), kept free of zod: it loads with the shell's chat
// button on every page of an event. It applies the server's events to the query cache, so the
// list, the unread counts and an open channel follow without a reload.

/** The tab's chat connection, on the socket it shares with notifications and the event channel. */
export const chatConnection = new ChatConnection(
  {
    acquire: async (): Promise<ChatSocket> => {
      const socket = await acquireSocket();
      return {
        get connected() {
          return socket.connected;
        },
        on: (event, listener) => void socket.on(event, listener),
        off: (event, listener) => void socket.off(event, listener),
        emit: (event, payload) => void socket.emit(event, payload),
      };
    },
    release: releaseSocket,
  },
  () => readToken()?.access_token,
);

const quietly = (error: unknown) => {
  if (error instanceof Error && error.message === 'Chat: disconnected') return;
  console.warn('Lobby: chat connection', error);
};

let holds = 0;
/** Keeps the connection while someone needs it (the shell's button, an open chat); the last one out disconnects. */
export function holdChatConnection(): () => void {
  holds += 1;
  chatConnection.connect().catch(quietly);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds === 0) chatConnection.disconnect().catch(quietly);
  };
}

export const unreadQuery = (eventId: number) => apiQuery(chatRoutes.countChatUnread, { query: { 'filter[related_type]': 'event', 'filter[related_id]': eventId } });
export const channelQuery = (id: string) => apiQuery(chatRoutes.getChatChannel, { params: { id } });

type UnreadData = { data: ChatUnread };
type ChannelData = { data: ChatChannel };

export const isPageVisible = (): boolean => typeof document === 'undefined' || document.visibilityState === 'visible';

/** The channel open on a screen the person can see. */
export const seenChannel = (): string | null => (isPageVisible() ? chatConnection.activeChannel() : null);

function patchThread(channelId: string, change: (thread: Thread) => Thread): Thread | undefined {
  const key = threadKey(channelId);
  const thread = queryClient.getQueryData<Thread>(key);
  if (!thread) return undefined;
  const next = change(thread);
  if (next !== thread) queryClient.setQueryData(key, next);
  return next;
}

function patchChannelEverywhere(eventId: number, id: string, change: (channel: ChatChannel) => ChatChannel): void {
  queryClient.setQueryData<ChannelPages>(channelsKey(eventId), (pages) => (pages ? patchChannel(pages, id, change) : pages));
  queryClient.setQueryData<ChannelData>(channelQuery(id).queryKey, (old) => (old ? { data: change(old.data) } : old));
}

const refreshUnread = (eventId: number) => queryClient.invalidateQueries({ queryKey: unreadQuery(eventId).queryKey });

const catchingUp = new Map<string, Promise<void>>();

/**
 * Fetches what came after the highest seq held without a gap (after=seq) until has_more is false,
 * merged so that nothing shows twice. One run per channel at a time.
 */
export function catchUp(channelId: string): Promise<void> {
  const running = catchingUp.get(channelId);
  if (running) return running;
  const run = (async () => {
    for (let round = 0; round < 50; round += 1) {
      const thread = queryClient.getQueryData<Thread>(threadKey(channelId));
      if (!thread) return;
      const answer = await callApi(chatRoutes.listChatMessages, { params: { id: channelId }, query: { after: thread.known, per_page: 100 } });
      const next = patchThread(channelId, (current) => addMessages(current, answer.data));
      if (!answer.meta.has_more || answer.data.length === 0 || !next) return;
    }
  })()
    .catch((error: unknown) => console.warn('Lobby: chat catch-up failed', error))
    .finally(() => catchingUp.delete(channelId));
  catchingUp.set(channelId, run);
  return run;
}

const gapTimers = new Map<string, ReturnType<typeof setTimeout>>();
/** A gap may close by itself (messages can arrive out of order); catch up if it is still there shortly after. */
function catchUpIfGap(channelId: string): void {
  if (gapTimers.has(channelId)) return;
  gapTimers.set(
    channelId,
    setTimeout(() => {
      gapTimers.delete(channelId);
      const thread = queryClient.getQueryData<Thread>(threadKey(channelId));
      if (thread && hasGap(thread)) void catchUp(channelId);
    }, 300),
  );
}

export interface LiveContext {
  eventId: number;
  myId: number;
  /** Someone else's message arrived (sound, toast): with the channel's name when it is known. */
  onNewMessage: (message: ChatMessage, channelName: string | null) => void;
  /** The open channel was deleted: back to the chats view. */
  onActiveChannelGone: () => void;
}

async function fetchUnknownChannel(eventId: number, id: string): Promise<void> {
  try {
    const { data: channel } = await callApi(chatRoutes.getChatChannel, { params: { id } });
    if (channel.related_id !== null && channel.related_id !== eventId) return;
    queryClient.setQueryData(channelQuery(id).queryKey, { data: channel });
    queryClient.setQueryData<ChannelPages>(channelsKey(eventId), (pages) => (pages ? prependChannel(pages, channel) : pages));
  } catch (error) {
    console.warn('Lobby: chat channel could not be loaded', error);
  }
}

function receive(context: LiveContext, message: ChatMessage): void {
  const { eventId, myId } = context;
  const listKey = channelsKey(eventId);
  const pages = queryClient.getQueryData<ChannelPages>(listKey);
  const seen = seenChannel();
  const outcome = incoming(pages, message, { eventId, myId, activeChannelId: seen });
  if (outcome.result === 'skip') return;
  if (outcome.result === 'moved') queryClient.setQueryData(listKey, outcome.pages);
  // A page's public chat is never in the list (the server leaves it out); only listed kinds are fetched.
  else if (pages && !(message.channel_access === 'public' && message.channel_entity_type === null)) void fetchUnknownChannel(eventId, message.channel_id);
  const mine = message.sender?.id === myId;
  queryClient.setQueryData<ChannelData>(channelQuery(message.channel_id).queryKey, (old) =>
    old ? { data: { ...old.data, last_message: message, last_seq: Math.max(old.data.last_seq, message.seq), unread_messages: mine || seen === message.channel_id ? old.data.unread_messages : old.data.unread_messages + 1 } } : old,
  );
  if (!mine && seen !== message.channel_id) {
    if (message.event_id === eventId) queryClient.setQueryData<UnreadData>(unreadQuery(eventId).queryKey, (old) => (old ? { data: bumpUnread(old.data, kindOfMessage(message), 1) } : old));
    else void refreshUnread(eventId);
  }
  const thread = patchThread(message.channel_id, (current) => addMessages(current, [message]));
  if (thread && hasGap(thread)) catchUpIfGap(message.channel_id);
  if (!mine) {
    const named = queryClient.getQueryData<ChannelData>(channelQuery(message.channel_id).queryKey)?.data.name ?? queryClient.getQueryData<ChannelPages>(listKey)?.pages.flatMap((page) => page.data).find((c) => c.id === message.channel_id)?.name ?? null;
    context.onNewMessage(message, named);
  }
}

function deleted(context: LiveContext, payload: ChatDeletePayload): void {
  patchThread(payload.channel_id, (thread) => markDeleted(thread, payload));
  patchChannelEverywhere(context.eventId, payload.channel_id, (channel) => ({ ...channel, last_message: payload.last_message }));
  void refreshUnread(context.eventId);
}

function channelDeleted(context: LiveContext, payload: ChatDeleteChannelPayload): void {
  queryClient.setQueryData<ChannelPages>(channelsKey(context.eventId), (pages) => (pages ? removeChannel(pages, payload.channel_id) : pages));
  queryClient.removeQueries({ queryKey: threadKey(payload.channel_id) });
  void refreshUnread(context.eventId);
  if (chatConnection.activeChannel() === payload.channel_id) {
    chatConnection.setActive(null);
    context.onActiveChannelGone();
  }
  queryClient.removeQueries({ queryKey: channelQuery(payload.channel_id).queryKey });
}

function readByUser(context: LiveContext, payload: ChatReadByUserPayload): void {
  patchThread(payload.channel_id, (thread) => addReader(thread, payload));
  if (payload.user_id !== context.myId) return;
  // Read on another device or tab.
  patchChannelEverywhere(context.eventId, payload.channel_id, (channel) => ({ ...channel, unread_messages: 0, read_seq: Math.max(channel.read_seq, payload.seq) }));
  void refreshUnread(context.eventId);
}

function banned(context: LiveContext, payload: ChatBanPayload): void {
  if (payload.event_id !== context.eventId) return;
  queryClient.setQueryData<ChannelPages>(channelsKey(context.eventId), (pages) => (pages ? { ...pages, pages: pages.pages.map((page) => ({ ...page, data: page.data.map((c) => withBan(c, payload.ban)) })) } : pages));
  for (const [key, old] of queryClient.getQueriesData<ChannelData>({ queryKey: [chatRoutes.getChatChannel.id] })) {
    if (old && (old.data.related_id === context.eventId || old.data.related_id === null)) queryClient.setQueryData(key, { data: withBan(old.data, payload.ban) });
  }
}

/**
 * Once listening: the counts load again (a message that arrived before the handlers were attached,
 * while the page's first count was in flight, would otherwise never be counted). After a drop the
 * list loads again too, the open channel catches up, closed ones are forgotten.
 */
function connected(context: LiveContext, again: boolean): void {
  const active = chatConnection.activeChannel();
  void refreshUnread(context.eventId);
  if (again) {
    void queryClient.invalidateQueries({ queryKey: channelsKey(context.eventId) });
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === 'chat.messages.list' && query.queryKey[2] === 'thread' && query.queryKey[1] !== active });
  }
  if (active) void catchUp(active);
}

/** Applies the chat's server events to the query cache while the returned function is not called. */
export function startChatLive(context: () => LiveContext): () => void {
  return chatConnection.subscribe({
    message: (message) => receive(context(), message),
    delete: (payload) => deleted(context(), payload),
    deleteChannel: (payload) => channelDeleted(context(), payload),
    readByUser: (payload) => readByUser(context(), payload),
    ban: (payload) => banned(context(), payload),
    connect: (again) => connected(context(), again),
  });
}
