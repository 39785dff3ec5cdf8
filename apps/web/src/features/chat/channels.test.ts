import { describe, expect, it } from 'vitest';
import { bumpUnread, channelTitle, flatChannels, incoming, mapChannels, prependChannel, removeChannel, summarise, withBan, type ChannelPages } from './channels.ts';
import { channel, message } from './test-data.ts';

const pagesOf = (...pages: string[][]): ChannelPages => ({
  pageParams: pages.map((_, i) => i + 1),
  pages: pages.map((ids, i) => ({ data: ids.map((id) => channel(id)), meta: { page: i + 1, per_page: 20, total: 0, last_page: pages.length } })),
});
const ids = (pages: ChannelPages | undefined) => pages?.pages.map((page) => page.data.map((c) => c.id));
const context = { eventId: 1, myId: 1, activeChannelId: null };

describe('chat channel list', () => {
  it('moves the channel of a new message to the top and raises its unread count', () => {
    const pages = pagesOf(['a', 'b'], ['c1', 'd']);
    const { result, pages: next } = incoming(pages, message(5), context);
    expect(result).toBe('moved');
    expect(ids(next)).toEqual([
      ['c1', 'a'],
      ['b', 'd'],
    ]);
    expect(next?.pages[0]?.data[0]).toMatchObject({ unread_messages: 1, last_message: { seq: 5 } });
  });

  it('does not count my own message or one in the open channel as unread', () => {
    const mine = incoming(pagesOf(['c1']), message(5, { sender: { id: 1, name: 'Me', icon_url: null, is_subscription_active: false } }), context);
    expect(mine.pages?.pages[0]?.data[0]?.unread_messages).toBe(0);
    const open = incoming(pagesOf(['c1']), message(5), { ...context, activeChannelId: 'c1' });
    expect(open.pages?.pages[0]?.data[0]?.unread_messages).toBe(0);
  });

  it('skips a message of another event and asks to fetch an unknown channel', () => {
    expect(incoming(pagesOf(['c1']), message(5, { event_id: 2 }), context).result).toBe('skip');
    expect(incoming(pagesOf(['a']), message(5), context).result).toBe('fetch');
    expect(incoming(undefined, message(5), context).result).toBe('fetch');
  });

  it('adds a fetched channel on top and removes a deleted one, keeping page sizes', () => {
    const pages = pagesOf(['a', 'b'], ['c']);
    expect(ids(prependChannel(pages, channel('n')))).toEqual([['n', 'a'], ['b', 'c']]);
    expect(ids(removeChannel(pages, 'a'))).toEqual([['b', 'c'], []]);
    expect(ids(mapChannels(pages, (list) => list))).toEqual([['a', 'b'], ['c']]);
  });

  it('lists each channel once even when a later page repeats one', () => {
    expect(flatChannels(pagesOf(['a', 'b'], ['b', 'c'])).map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });

  it('counts unread per kind, never below zero', () => {
    const none = { private: 0, company: 0, promo_company: 0, lesson: 0, notifications: 0 };
    const unread = { unread_messages: 2, entity_types: { ...none, private: 2 } };
    expect(bumpUnread(unread, 'company', 1)).toEqual({ unread_messages: 3, entity_types: { ...none, private: 2, company: 1 } });
    expect(bumpUnread(unread, 'private', -5)).toEqual({ unread_messages: 0, entity_types: { ...none, private: 0 } });
  });

  it('shows a ban on the channel and lifts it', () => {
    const banned = withBan(channel('a'), { until: '2026-06-01T00:00:00.000Z', reason: 'spam' });
    expect(banned).toMatchObject({ can_send: false, cannot_send_reason: 'banned' });
    expect(withBan(banned, null)).toMatchObject({ can_send: true, cannot_send_reason: null, ban: null });
    expect(withBan(channel('b', { can_send: false, cannot_send_reason: 'read_only' }), null)).toMatchObject({ can_send: false, cannot_send_reason: 'read_only' });
  });

  it('summarises the last message for the list', () => {
    expect(summarise(null)).toEqual({ kind: 'none' });
    expect(summarise(message(1, { is_visible: false, text: '' }))).toEqual({ kind: 'deleted' });
    expect(summarise(message(1, { text: ' hello\n\nthere ' }))).toEqual({ kind: 'text', text: 'hello there' });
    expect(summarise(message(1, { text: '', attachments: [{ key: 'k', name: 'a.pdf', content_type: 'application/pdf', size: 1, url: null }] }))).toEqual({ kind: 'files', count: 1 });
  });

  it("names the academy's promo channel as the academy's news, and every other channel by its name", () => {
    const news = (event: string) => `${event} · Academy news`;
    expect(channelTitle({ name: 'Summit', entity_type: 'promo_company', entity_id: null }, news)).toBe('Summit · Academy news');
    expect(channelTitle({ name: 'Pixel Forge', entity_type: 'promo_company', entity_id: 4 }, news)).toBe('Pixel Forge');
    expect(channelTitle({ name: 'Summit', entity_type: null, entity_id: null }, news)).toBe('Summit');
  });
});
