import { describe, expect, it } from 'vitest';
import { applyIncoming, CHAT_LIMITED_START, CHAT_PATH_PATTERN, chatStartQuota, contiguousSeq, mergeMessages, unreadKindOf } from './chat-rules.ts';

describe('contiguousSeq', () => {
  it.each<[string, number, number[], number]>([
    ['nothing new', 4, [], 4],
    ['the next ones in order', 0, [1, 2, 3], 3],
    ['the next ones out of order', 2, [5, 3, 4], 5],
    ['a gap stops it', 2, [3, 5, 6], 3],
    ['a gap right after what is held', 2, [4, 5], 2],
    ['duplicates count once', 0, [1, 1, 2, 2], 2],
    ['older ones change nothing', 10, [3, 4, 11], 11],
  ])('%s: from %s with %o holds %s', (_, known, received, expected) => {
    expect(contiguousSeq(known, received)).toBe(expected);
  });

  it('takes any iterable', () => {
    expect(contiguousSeq(0, new Set([2, 1]))).toBe(2);
  });
});

describe('mergeMessages', () => {
  const m = (id: number, seq: number, text = `m${id}`) => ({ id, seq, text });

  it('answers the same list when nothing comes in', () => {
    const current = [m(1, 1)];
    expect(mergeMessages(current, [])).toBe(current);
  });

  it('keeps a message fetched and received live once, the newer copy winning', () => {
    const merged = mergeMessages([m(1, 1), m(2, 2)], [m(2, 2, 'edited'), m(3, 3)]);
    expect(merged).toEqual([m(1, 1), m(2, 2, 'edited'), m(3, 3)]);
  });

  it('orders by seq whatever order the pages came in', () => {
    const merged = mergeMessages([m(10, 5), m(11, 6)], [m(7, 2), m(9, 4), m(8, 3)]);
    expect(merged.map((message) => message.seq)).toEqual([2, 3, 4, 5, 6]);
  });

  it('never holds two messages of one id after repeated catch-ups', () => {
    let list = mergeMessages([], [m(1, 1), m(2, 2)]);
    list = mergeMessages(list, [m(2, 2), m(3, 3)]);
    list = mergeMessages(list, [m(1, 1), m(3, 3), m(4, 4)]);
    expect(list.map((message) => message.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('applyIncoming', () => {
  const channel = (id: string, unread = 0, related_id: number | null = 7) => ({ id, unread_messages: unread, related_id, last_message: null as unknown });
  const list = [channel('a', 1), channel('b', 0), channel('c', 2)];
  const me = 100;
  const message = (channel_id: string, senderId: number | null, event_id: number | null = 7) => ({ channel_id, event_id, sender: senderId === null ? null : { id: senderId } });
  const context = { eventId: 7, myId: me, activeChannelId: null };

  it('skips a message of another event and leaves the list as it was', () => {
    const out = applyIncoming(list, message('b', 5, 8), context, 'last');
    expect(out).toEqual({ result: 'skip', channels: list });
  });

  it('does not skip when no event is open, or the message has none', () => {
    expect(applyIncoming(list, message('b', 5, 8), { ...context, eventId: null }, 'last').result).toBe('moved');
    expect(applyIncoming(list, message('b', 5, null), context, 'last').result).toBe('moved');
  });

  it('asks to fetch a channel it does not know', () => {
    expect(applyIncoming(list, message('z', 5), context, 'last')).toEqual({ result: 'fetch', channels: list });
  });

  it("moves the channel to the top with the last message, and raises its unread for someone else's message", () => {
    const out = applyIncoming(list, message('c', 5), context, 'hello');
    expect(out.result).toBe('moved');
    expect(out.channels.map((c) => c.id)).toEqual(['c', 'a', 'b']);
    expect(out.channels[0]).toMatchObject({ unread_messages: 3, last_message: 'hello' });
    expect(list[2]?.unread_messages).toBe(2);
  });

  it('keeps unread for my own message (sent from another tab)', () => {
    const out = applyIncoming(list, message('b', me), context, 'mine');
    expect(out.channels.map((c) => c.id)).toEqual(['b', 'a', 'c']);
    expect(out.channels[0]).toMatchObject({ unread_messages: 0, last_message: 'mine' });
  });

  it('keeps unread for the channel that is open', () => {
    const out = applyIncoming(list, message('c', 5), { ...context, activeChannelId: 'c' }, 'seen');
    expect(out.channels[0]).toMatchObject({ id: 'c', unread_messages: 2 });
  });

  it('raises unread for a notice the platform posted (no sender)', () => {
    const out = applyIncoming(list, message('a', null), context, 'notice');
    expect(out.channels[0]).toMatchObject({ id: 'a', unread_messages: 2 });
  });

  it('keeps the top channel on top', () => {
    const out = applyIncoming(list, message('a', 5), context, 'x');
    expect(out.channels.map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(out.channels).toHaveLength(3);
  });
});

describe('unreadKindOf', () => {
  it.each([
    [{ access: 'private', entity_type: null }, 'private'],
    [{ access: 'private', entity_type: 'company' }, 'company'],
    [{ access: 'private', entity_type: 'lesson' }, 'lesson'],
    [{ access: 'public', entity_type: 'promo_company' }, 'promo_company'],
    [{ access: 'notifications', entity_type: null }, 'notifications'],
    [{ access: 'notifications', entity_type: 'company' }, 'notifications'],
    [{ access: 'public', entity_type: null }, null],
  ] as const)('%o counts as %s', (channel, kind) => {
    expect(unreadKindOf(channel)).toBe(kind);
  });
});

describe('chatStartQuota', () => {
  it.each<[string[], boolean, boolean, number | null]>([
    [['limited_chats'], true, false, CHAT_LIMITED_START],
    [['unlimited_chats'], true, false, null],
    [['limited_chats', 'unlimited_chats'], true, false, null],
    [['limited_chats'], true, true, null],
    [[], true, false, null],
    [['limited_chats'], false, false, 0],
    [[], false, true, 0],
  ])('features %o, may send %s, manages %s: %s', (features, canSend, manages, expected) => {
    expect(chatStartQuota(features, canSend, manages)).toBe(expected);
  });
});

describe('CHAT_PATH_PATTERN', () => {
  it.each([
    ['/lectures/12', true],
    ['/expo', true],
    ['/', true],
    ['/a_b-c/1', true],
    ['lectures/12', false],
    ['/lectures?x=1', false],
    ['/lectures#x', false],
    [`/${'a'.repeat(200)}`, false],
  ])('%s: %s', (path, ok) => {
    expect(CHAT_PATH_PATTERN.test(path)).toBe(ok);
  });
});
