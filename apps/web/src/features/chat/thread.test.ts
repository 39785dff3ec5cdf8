import { describe, expect, it } from 'vitest';
import { message } from './test-data.ts';
import { addMessages, addOlder, addPending, addReader, hasGap, markDeleted, readMark, setPending, threadOf, type PendingMessage } from './thread.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));
const seqs = (list: { seq: number }[]) => list.map((m) => m.seq);

const pending = (uuid: string): PendingMessage => ({ uuid, text: 'hi', files: [], reply: null, created_at: '2026-05-01T10:00:00.000Z', status: 'sending', error: null });

describe('chat thread', () => {
  it('starts from the newest page: what it holds without a gap, and whether older exist', () => {
    const thread = threadOf(range(41, 70).reverse());
    expect(seqs(thread.messages)[0]).toBe(41);
    expect(thread.known).toBe(70);
    expect(thread.hasOlder).toBe(true);
    expect(threadOf(range(1, 5))).toMatchObject({ known: 5, hasOlder: false });
    expect(threadOf([])).toMatchObject({ known: 0, hasOlder: false, messages: [] });
  });

  it('keeps a message received live and caught up once', () => {
    let thread = threadOf(range(1, 3));
    thread = addMessages(thread, [message(4)]);
    thread = addMessages(thread, range(3, 5));
    expect(seqs(thread.messages)).toEqual([1, 2, 3, 4, 5]);
    expect(thread.known).toBe(5);
  });

  it('notices a gap and closes it once the missing message comes', () => {
    let thread = threadOf(range(1, 3));
    thread = addMessages(thread, [message(6)]);
    expect(thread.known).toBe(3);
    expect(hasGap(thread)).toBe(true);
    thread = addMessages(thread, [message(4), message(5)]);
    expect(thread.known).toBe(6);
    expect(hasGap(thread)).toBe(false);
  });

  it('replaces the pending copy with the server one by uuid', () => {
    const sent = message(4, { uuid: 'u-1' });
    let thread = addPending(threadOf(range(1, 3)), pending('u-1'));
    thread = addPending(thread, pending('u-2'));
    thread = setPending(thread, 'u-2', 'failed', new Error('no'));
    thread = addMessages(thread, [sent]);
    expect(thread.pending.map((p) => [p.uuid, p.status])).toEqual([['u-2', 'failed']]);
    expect(thread.messages.at(-1)?.uuid).toBe('u-1');
  });

  it('pages back: older messages go first, and the first message ends the history', () => {
    let thread = threadOf(range(31, 60));
    thread = addOlder(thread, range(1, 30));
    expect(seqs(thread.messages).slice(0, 2)).toEqual([1, 2]);
    expect(thread.hasOlder).toBe(false);
    expect(thread.known).toBe(60);
  });

  it('a deleted message keeps its place, without text or files, and so do its quotes', () => {
    const reply = message(3, { reply_message_id: 1002, reply_message: { id: 1002, uuid: 'x', text: 'quoted', is_visible: true, sender: null, attachments: 1 } });
    const thread = markDeleted(threadOf([message(1), message(2, { attachments: [{ key: 'k', name: 'a.png', content_type: 'image/png', size: 3, url: null }] }), reply]), { message_id: 1002 });
    expect(thread.messages[1]).toMatchObject({ is_visible: false, text: '', attachments: [] });
    expect(thread.messages[2]?.reply_message).toMatchObject({ is_visible: false, text: '', attachments: 0 });
    expect(markDeleted(thread, { message_id: 99 })).toBe(thread);
  });

  it('read_by_user marks what others sent up to seq as read by that person', () => {
    const mine = { id: 1, name: 'Me', icon_url: null, is_subscription_active: false };
    const thread = threadOf([message(1, { sender: mine }), message(2, { sender: mine }), message(3, { sender: mine }), message(4)]);
    const read = addReader(thread, { user_id: 2, seq: 3 });
    expect(read.messages.map((m) => m.read_by)).toEqual([[2], [2], [2], []]);
    expect(addReader(read, { user_id: 2, seq: 3 })).toBe(read);
  });

  it('keeps a read mark that came before the message it covers (the sender’s own copy arrived late)', () => {
    const mine = { id: 1, name: 'Me', icon_url: null, is_subscription_active: false };
    const thread = threadOf([message(1, { sender: mine })]);
    const read = addReader(thread, { user_id: 2, seq: 2 });
    const later = addMessages(read, [message(2, { sender: mine }), message(3, { sender: mine })]);
    expect(later.messages.map((m) => m.read_by)).toEqual([[2], [2], []]);
    // An older mark does not take a newer one back.
    expect(addReader(later, { user_id: 2, seq: 1 }).readers).toEqual([{ user_id: 2, seq: 2 }]);
  });

  it('shows ✓ until the other person has read, then ✓✓', () => {
    const users = [
      { id: 1, name: 'Me', icon_url: null, is_subscription_active: false },
      { id: 2, name: 'Ann', icon_url: null, is_subscription_active: false },
    ];
    expect(readMark({ read_by: [] }, { users }, 1)).toBe('delivered');
    expect(readMark({ read_by: [2] }, { users }, 1)).toBe('read');
    const group = [...users, { id: 3, name: 'Bob', icon_url: null, is_subscription_active: false }];
    expect(readMark({ read_by: [3] }, { users: group }, 1)).toBe('read');
    expect(readMark({ read_by: [] }, { users: group }, 1)).toBe('delivered');
  });
});
