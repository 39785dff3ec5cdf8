import { applyIncoming, unreadKindOf, type ChatAccess, type ChatChannel, type ChatEntityType, type ChatMessage, type ChatUnread } from '@lobby/contract';
import type { InfiniteData } from '@tanstack/react-query';

// The channel list and the unread counts as the query cache holds them, and the changes the live
// events make to them (contract.md section 4). Pure: the live module and the pages apply them.

export interface ChannelPage {
  data: ChatChannel[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}
export type ChannelPages = InfiniteData<ChannelPage, unknown>;

/** The academy's promo channel: a promo channel of no company (the server names it after the event). */
export const isAcademyNews = (channel: Pick<ChatChannel, 'entity_type' | 'entity_id'>): boolean => channel.entity_type === 'promo_company' && channel.entity_id === null;

/** The name a channel is shown by: its own, but the academy's news say what they are. */
export const channelTitle = (channel: Pick<ChatChannel, 'name' | 'entity_type' | 'entity_id'>, academyNews: (event: string) => string): string =>
  isAcademyNews(channel) ? academyNews(channel.name) : channel.name;

/** The query-cache key of an event's channel list (paged by CHAT_CHANNELS_PAGE_SIZE). */
export const channelsKey = (eventId: number) => ['chat.channels.list', { eventId }, 'infinite'] as const;

/** The list as one array, each channel once (a channel that moved up can come again on a later page). */
export function flatChannels(pages: ChannelPages | undefined): ChatChannel[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const list: ChatChannel[] = [];
  for (const page of pages.pages) {
    for (const channel of page.data) {
      if (seen.has(channel.id)) continue;
      seen.add(channel.id);
      list.push(channel);
    }
  }
  return list;
}

/** Changes the list as a whole and puts it back into pages of the sizes it had (the last takes the difference). */
export function mapChannels(pages: ChannelPages, change: (list: ChatChannel[]) => ChatChannel[]): ChannelPages {
  const list = change(flatChannels(pages));
  let at = 0;
  const next = pages.pages.map((page, index) => {
    const size = index === pages.pages.length - 1 ? Math.max(0, list.length - at) : page.data.length;
    const data = list.slice(at, at + size);
    at += size;
    return { ...page, data };
  });
  return { ...pages, pages: next };
}

export interface IncomingContext {
  eventId: number;
  myId: number;
  /** The channel open on a visible screen, which does not count as unread. */
  activeChannelId: string | null;
}

/**
 * A message arrived: 'skip' for another event's, 'fetch' when the channel is not in the list, else
 * the list with the channel on top and its unread count raised unless the message is mine.
 */
export function incoming(pages: ChannelPages | undefined, message: ChatMessage, context: IncomingContext): { result: 'skip' | 'fetch' | 'moved'; pages: ChannelPages | undefined } {
  const list = flatChannels(pages);
  const outcome = applyIncoming(list, message, context, message);
  if (outcome.result !== 'moved' || !pages) return { result: outcome.result, pages };
  return { result: 'moved', pages: mapChannels(pages, () => outcome.channels) };
}

/** A channel fetched for a message of an unknown channel goes on top. */
export const prependChannel = (pages: ChannelPages, channel: ChatChannel): ChannelPages => mapChannels(pages, (list) => [channel, ...list.filter((c) => c.id !== channel.id)]);

export const removeChannel = (pages: ChannelPages, id: string): ChannelPages => mapChannels(pages, (list) => list.filter((c) => c.id !== id));

export const patchChannel = (pages: ChannelPages, id: string, patch: (channel: ChatChannel) => ChatChannel): ChannelPages =>
  mapChannels(pages, (list) => list.map((c) => (c.id === id ? patch(c) : c)));

/** The ban (or its end) as the channel shows it: who may send, and why not. */
export function withBan(channel: ChatChannel, ban: ChatChannel['ban']): ChatChannel {
  if (ban) return { ...channel, ban, can_send: false, cannot_send_reason: 'banned' };
  if (channel.cannot_send_reason === 'banned') return { ...channel, ban: null, can_send: true, cannot_send_reason: null };
  return { ...channel, ban: null };
}

/** The kind a channel counts as in the unread counts. */
export const unreadKindOfChannel = (channel: Pick<ChatChannel, 'access' | 'entity_type'>) => unreadKindOf(channel);

/** The kind a message's channel counts as in the unread counts. */
export const kindOfMessage = (message: { channel_access: ChatAccess; channel_entity_type: ChatEntityType | null }) => unreadKindOf({ access: message.channel_access, entity_type: message.channel_entity_type });

/** The unread counts raised (or lowered, never below 0) by `by` for one kind of channel. */
export function bumpUnread(unread: ChatUnread, kind: ReturnType<typeof unreadKindOf>, by: number): ChatUnread {
  const entity_types = { ...unread.entity_types };
  if (kind) entity_types[kind] = Math.max(0, (entity_types[kind] ?? 0) + by);
  return { unread_messages: Math.max(0, unread.unread_messages + by), entity_types };
}

/** What a list row shows of the last message (the sender's text, or what it was). */
export type LastMessageSummary = { kind: 'none' } | { kind: 'deleted' } | { kind: 'text'; text: string } | { kind: 'files'; count: number };

export function summarise(message: ChatMessage | null): LastMessageSummary {
  if (!message) return { kind: 'none' };
  if (!message.is_visible) return { kind: 'deleted' };
  const text = message.text.replace(/\s+/g, ' ').trim();
  if (text) return { kind: 'text', text: text.length > 120 ? `${text.slice(0, 119)}…` : text };
  if (message.attachments.length > 0) return { kind: 'files', count: message.attachments.length };
  const custom = message.custom_data?.title ?? message.custom_data?.text;
  return custom ? { kind: 'text', text: custom } : { kind: 'none' };
}

/** The i18n key naming a channel's kind (private chat, company chat, notices, ...). */
export function kindKey(channel: Pick<ChatChannel, 'access' | 'entity_type'> & Partial<Pick<ChatChannel, 'entity_id'>>): string {
  if (channel.entity_type === 'promo_company' && channel.entity_id === null) return 'chat.kind_academy_news';
  if (channel.entity_type) return `chat.kind_${channel.entity_type}`;
  if (channel.access === 'notifications') return 'chat.kind_notifications';
  return channel.access === 'public' ? 'chat.kind_public' : 'chat.kind_private';
}
