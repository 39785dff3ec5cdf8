// Chat messages (contract.md section 7, Chat): paging and catch-up, sending (trim, uuid
// idempotency, replies, custom types and data), numbering under concurrency, read marks, unread
// counts, deleting one's own, and the flood guard.
import { randomUUID } from 'node:crypto';
import { CHAT_MESSAGES_PAGE_SIZE, type ChatMessage, type ChatUnread } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../src/db/schema/index.ts';
import { chatApi, chatWorld, type ChatPerson } from './chat-fixtures.ts';
import { addMembership } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let api: ReturnType<typeof chatApi>;
beforeAll(async () => {
  t = await createTestApp({ CHAT_FLOOD_LIMIT: '1000' });
  api = chatApi(t);
});
afterAll(() => t.close());

/** Two people of a fresh event and their private chat. */
async function pair() {
  const w = await chatWorld(t);
  const a = await w.person();
  const b = await w.person();
  return { w, a, b, id: await api.openPrivate(a, b, w.eventId) };
}
const seqs = (messages: ChatMessage[]) => messages.map((m) => m.seq);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('GET /chat/channels/{id}/messages', () => {
  it('pages the newest first by 30, back with before=seq, and catches up with after=seq', async () => {
    const { a, b, id } = await pair();
    for (let i = 1; i <= 35; i += 1) await api.say(i % 2 ? a : b, id, `message ${i}`);
    const newest = await api.messages(a, id);
    expect(seqs(newest.data)).toEqual(range(6, 35));
    expect(newest.data.map((m) => m.text).at(-1)).toBe('message 35');
    expect(newest.meta).toMatchObject({ total: 35, page: 1, per_page: CHAT_MESSAGES_PAGE_SIZE, last_seq: 35, has_more: true });
    const older = await api.messages(a, id, '?page=2');
    expect(seqs(older.data)).toEqual(range(1, 5));
    expect(older.meta.has_more).toBe(false);
    expect(seqs((await api.messages(b, id, '?page=2&per_page=10')).data)).toEqual(range(16, 25));

    expect(seqs((await api.messages(a, id, '?before=6')).data)).toEqual(range(1, 5));
    const back = await api.messages(a, id, '?before=20&per_page=5');
    expect(seqs(back.data)).toEqual(range(15, 19));
    expect(back.meta.has_more).toBe(true);
    expect((await api.messages(a, id, '?before=1')).data).toEqual([]);

    const caught = await api.messages(a, id, '?after=30');
    expect(seqs(caught.data)).toEqual(range(31, 35));
    expect(caught.meta).toMatchObject({ has_more: false, last_seq: 35 });
    const firstTen = await api.messages(a, id, '?after=0&per_page=10');
    expect(seqs(firstTen.data)).toEqual(range(1, 10));
    expect(firstTen.meta.has_more).toBe(true);
    const upToDate = await api.messages(a, id, '?after=35');
    expect(upToDate.data).toEqual([]);
    expect(upToDate.meta.has_more).toBe(false);
    expect((await api.call('GET', `/api/v1/chat/channels/${id}/messages?after=-1`, a)).statusCode).toBe(400);
  });
});

describe('POST /chat/channels/{id}/messages', () => {
  it('trims the text, refuses an empty message, and shows the sender', async () => {
    const { a, id } = await pair();
    const sent = await api.send(a, id, { text: '  \n Hello there \t ' });
    expect(sent).toMatchObject({ text: 'Hello there', seq: 1, channel_id: id, is_visible: true, custom_type: null, reply_message: null, attachments: [], channel_access: 'private', sender: { id: a.id } });
    expect(sent.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await api.codeOf('POST', `/api/v1/chat/channels/${id}/messages`, a, { text: '   ' })).toBe('422 chat.empty');
    expect(await api.codeOf('POST', `/api/v1/chat/channels/${id}/messages`, a, {})).toBe('422 chat.empty');
    expect((await api.call('POST', `/api/v1/chat/channels/${id}/messages`, a, { text: 'x'.repeat(4001) })).statusCode).toBe(400);
    expect((await api.channel(a, id)).last_seq).toBe(1);
  });

  it('stores a uuid sent twice once (201, then 200 with the stored message); the same sender may not reuse it in another chat', async () => {
    const { w, a, b, id } = await pair();
    const uuid = randomUUID();
    const first = await api.send(a, id, { uuid, text: 'once' });
    const again = await api.send(a, id, { uuid, text: 'once, retried' }, 200);
    expect(again).toMatchObject({ id: first.id, seq: first.seq, uuid, text: 'once' });
    expect((await api.messages(b, id)).data.map((m) => m.id)).toEqual([first.id]);
    expect((await api.channel(a, id)).last_seq).toBe(1);

    const other = await api.openPrivate(a, await w.person(), w.eventId);
    expect(await api.codeOf('POST', `/api/v1/chat/channels/${other}/messages`, a, { uuid, text: 'elsewhere' })).toBe('409 chat.uuid_taken');
    // A uuid is the sender's: another person may happen to use the same one.
    const theirs = await api.send(b, id, { uuid, text: 'same uuid, other sender' });
    expect(theirs.id).not.toBe(first.id);
    expect(theirs.seq).toBe(2);
  });

  it('shows the message replied to, and refuses a reply to a message of another chat (422 chat.reply_not_found)', async () => {
    const { w, a, b, id } = await pair();
    const question = await api.say(a, id, 'Lunch?');
    const answer = await api.send(b, id, { text: 'Yes', reply_message_id: question.id });
    expect(answer).toMatchObject({ reply_message_id: question.id, reply_message: { id: question.id, uuid: question.uuid, text: 'Lunch?', is_visible: true, sender: { id: a.id }, attachments: 0 } });
    const elsewhere = await api.openPrivate(a, await w.person(), w.eventId);
    const foreign = await api.say(a, elsewhere, 'Elsewhere');
    expect(await api.codeOf('POST', `/api/v1/chat/channels/${id}/messages`, a, { text: 'x', reply_message_id: foreign.id })).toBe('422 chat.reply_not_found');
    expect(await api.codeOf('POST', `/api/v1/chat/channels/${id}/messages`, a, { text: 'x', reply_message_id: 999_999_999 })).toBe('422 chat.reply_not_found');
    // The reply as the list shows it.
    const listed = (await api.messages(a, id)).data.find((m) => m.id === answer.id);
    expect(listed?.reply_message).toMatchObject({ id: question.id, text: 'Lunch?' });
  });

  it('takes the custom types a chat allows, and puts the channel\'s event in custom_data whatever was sent', async () => {
    const { w, a, id } = await pair();
    for (const type of ['question', 'important', 'call'] as const) {
      expect((await api.send(a, id, { text: type, custom_type: type, ...(type === 'call' ? { custom_data: { call_id: 'room-1' } } : {}) })).custom_type).toBe(type);
    }
    for (const type of ['homework', 'homework_approved', 'homework_declined']) {
      expect(await api.codeOf('POST', `/api/v1/chat/channels/${id}/messages`, a, { text: type, custom_type: type })).toBe('403 chat.not_allowed');
    }
    expect((await api.call('POST', `/api/v1/chat/channels/${id}/messages`, a, { text: 'x', custom_type: 'poll' })).statusCode).toBe(400);
    const forced = await api.send(a, id, { text: 'push', custom_data: { event_id: 999_999, action: '/meetings', title: 'Title', text: 'Body' } });
    expect(forced.custom_data).toEqual({ event_id: w.eventId, action: '/meetings', title: 'Title', text: 'Body' });
    expect(forced.event_id).toBe(w.eventId);
    expect((await api.say(a, id, 'plain')).custom_data).toEqual({ event_id: w.eventId });
    expect((await api.call('POST', `/api/v1/chat/channels/${id}/messages`, a, { text: 'x', custom_data: { script: 'alert(1)' } })).statusCode).toBe(400);
    const large = await api.call('POST', `/api/v1/chat/channels/${id}/messages`, a, { text: 'x', custom_data: { text: '€'.repeat(2000) } });
    expect(large.statusCode).toBe(400);
    expect(large.json().error.details.fields[0]).toMatchObject({ field: 'body.custom_data', key: 'too_big' });

    const page = await api.ok<{ channel_id: string }>('POST', `/api/v1/${w.eventId}/chat/common/message`, a, { path: '/expo', message: 'hi' }, 201);
    expect(await api.codeOf('POST', `/api/v1/chat/channels/${page.channel_id}/messages`, a, { text: 'join my call', custom_type: 'call' })).toBe('403 chat.not_allowed');
  });

  it('numbers 20 messages sent at once 1..20 without gaps or doubles; 20 sends of one uuid store one', async () => {
    const { a, b, id } = await pair();
    const sent = await Promise.all(range(1, 20).map((i) => api.say(i % 2 ? a : b, id, `parallel ${i}`)));
    expect(sent.map((m) => m.seq).sort((x, y) => x - y)).toEqual(range(1, 20));
    const stored = await t.database.db.select({ seq: chatMessages.seq }).from(chatMessages).where(eq(chatMessages.channelId, id));
    expect(stored.map((row) => row.seq).sort((x, y) => x - y)).toEqual(range(1, 20));
    expect((await api.channel(a, id)).last_seq).toBe(20);
    expect(seqs((await api.messages(a, id, '?after=0&per_page=100')).data)).toEqual(range(1, 20));

    const uuid = randomUUID();
    const answers = await Promise.all(range(1, 20).map(() => api.call('POST', `/api/v1/chat/channels/${id}/messages`, a, { uuid, text: 'retried' })));
    expect(answers.map((res) => res.statusCode).sort((x, y) => x - y)).toEqual([...Array<number>(19).fill(200), 201]);
    expect(new Set(answers.map((res) => res.json<{ data: ChatMessage }>().data.id)).size).toBe(1);
    expect((await api.channel(a, id)).last_seq).toBe(21);
  });
});

describe('read marks and unread counts', () => {
  it('marks read up to the newest message; the other side sees read_by on its messages', async () => {
    const { a, b, id } = await pair();
    await api.say(a, id, 'mine');
    for (const text of ['one', 'two', 'three']) await api.say(b, id, text);
    expect(await api.channel(a, id)).toMatchObject({ unread_messages: 3, read_seq: 1, last_seq: 4 });
    expect((await api.messages(b, id)).data.map((m) => m.read_by)).toEqual([[b.id], [], [], []]);
    expect(await api.markRead(a, id)).toEqual({ read_seq: 4, unread_messages: 0 });
    expect(await api.channel(a, id)).toMatchObject({ unread_messages: 0, read_seq: 4 });
    const seen = (await api.messages(b, id)).data;
    expect(seen.map((m) => m.read_by)).toEqual([[b.id], [a.id], [a.id], [a.id]]);
    await api.say(b, id, 'four');
    expect((await api.messages(b, id, '?after=4')).data[0]?.read_by).toEqual([]);
    expect((await api.channel(a, id)).unread_messages).toBe(1);
    // Marking again changes nothing that was read; a read mark never moves back.
    expect(await api.markRead(a, id)).toEqual({ read_seq: 5, unread_messages: 0 });
    expect(await api.markRead(a, id)).toEqual({ read_seq: 5, unread_messages: 0 });
  });

  it('counts unread messages in total and per kind of channel, for one event with the filter', async () => {
    const { w, a, b, id } = await pair();
    const company = await w.company();
    const answerer = await w.person();
    await w.employ(company.id, answerer, ['chat']);
    const colleague = await w.person();
    await w.employ(company.id, colleague, ['admin']);
    const companyChat = await api.openCompany(a, w.eventId, company.id);
    await api.say(a, companyChat, 'question');
    await api.say(answerer, companyChat, 'answer');
    const promoCompany = await w.company();
    const promoAdmin = await w.person();
    await w.employ(promoCompany.id, promoAdmin, ['admin']);
    await api.say(promoAdmin, await w.promo(promoCompany.id), 'promo');
    await api.say(b, id, 'one');
    await api.say(b, id, 'two');
    const teacher = await w.person({ roleIds: [5] });
    const lesson = (await api.ok<{ chat_id: string }>('GET', `/api/v1/${w.eventId}/chat/lesson/${(await w.lesson()).id}/${a.id}`, teacher)).chat_id;
    await api.say(teacher, lesson, 'feedback');
    const elsewhere = await chatWorld(t);
    const far = await elsewhere.person();
    await addMembership(t.database.db, elsewhere.eventId, a.id, { ticketTypeId: elsewhere.tickets.unlimited });
    await api.say(far, await api.openPrivate(far, a, elsewhere.eventId), 'from afar');

    const unread = (who: ChatPerson, query: string) => api.ok<ChatUnread>('GET', `/api/v1/chat/channels/unreadmessages${query}`, who);
    const here = `?filter[related_type]=event&filter[related_id]=${w.eventId}`;
    expect(await unread(a, here)).toEqual({ unread_messages: 5, entity_types: { private: 2, company: 1, promo_company: 1, lesson: 1, notifications: 0 } });
    expect((await unread(a, '')).entity_types).toMatchObject({ private: 3, company: 1, lesson: 1 });
    // Writing reads what came before: the answerer has nothing unread, the colleague both messages.
    expect((await unread(answerer, here)).entity_types).toMatchObject({ company: 0 });
    expect((await unread(colleague, here)).entity_types).toMatchObject({ company: 2 });
    expect((await unread(teacher, here)).unread_messages).toBe(1);
    await api.markRead(a, id);
    expect(await unread(a, here)).toMatchObject({ unread_messages: 3, entity_types: { private: 0 } });
    const nobody = await w.person();
    expect(await unread(nobody, here)).toEqual({ unread_messages: 1, entity_types: { private: 0, company: 0, promo_company: 1, lesson: 0, notifications: 0 } });
    expect((await api.call('GET', '/api/v1/chat/channels/unreadmessages?filter[related_type]=company', a)).statusCode).toBe(400);
  });
});

describe('DELETE /chat/messages/{id}', () => {
  it("deletes one's own message: it stays in its place, empty; the channel's last message moves back", async () => {
    const { a, b, id } = await pair();
    const first = await api.say(a, id, 'first');
    const second = await api.send(a, id, { text: 'second', custom_type: 'important' });
    const reply = await api.send(b, id, { text: 'about the second', reply_message_id: second.id });
    expect(await api.codeOf('DELETE', `/api/v1/chat/messages/${second.id}`, b)).toBe('403 auth.forbidden');
    expect(await api.ok('DELETE', `/api/v1/chat/messages/${reply.id}`, b)).toEqual({ deleted: true });
    expect((await api.channel(a, id)).last_message).toMatchObject({ id: second.id });
    expect(await api.ok('DELETE', `/api/v1/chat/messages/${second.id}`, a)).toEqual({ deleted: true });
    const listed = (await api.messages(b, id)).data;
    expect(seqs(listed)).toEqual([1, 2, 3]);
    expect(listed[1]).toMatchObject({ id: second.id, is_visible: false, text: '', attachments: [], custom_data: null });
    expect(listed[2]).toMatchObject({ is_visible: false, text: '', reply_message: { id: second.id, is_visible: false, text: '' } });
    expect((await api.channel(b, id)).last_message).toMatchObject({ id: first.id, text: 'first' });
    expect((await api.channels(b)).data.find((c) => c.id === id)?.last_message?.id).toBe(first.id);
    expect(await api.codeOf('DELETE', `/api/v1/chat/messages/${second.id}`, a)).toBe('404 chat.message_not_found');
    expect(await api.codeOf('DELETE', '/api/v1/chat/messages/999999999', a)).toBe('404 chat.message_not_found');
    expect(await api.ok('DELETE', `/api/v1/chat/messages/${first.id}`, a)).toEqual({ deleted: true });
    expect(await api.channel(b, id)).toMatchObject({ last_message: null, last_seq: 3, unread_messages: 0 });
  });
});

describe('deleting while others write', () => {
  it("keeps the channel's last message the newest visible one", async () => {
    const { a, b, id } = await pair();
    for (let round = 0; round < 5; round += 1) {
      const older = await api.say(a, id, `older ${round}`);
      await Promise.all([api.ok('DELETE', `/api/v1/chat/messages/${older.id}`, a), ...range(1, 4).map((i) => api.say(b, id, `meanwhile ${round}.${i}`))]);
      const newest = (await api.messages(a, id, '?per_page=1')).data[0];
      expect((await api.channel(a, id)).last_message?.id, `round ${round}`).toBe(newest?.id);
    }
  });
});

describe('flood guard', () => {
  let flood: TestApp;
  beforeAll(async () => {
    flood = await createTestApp({ CHAT_FLOOD_LIMIT: '3' });
  });
  afterAll(() => flood.close());

  it("answers 429 chat.flood to the 4th message in 10 s, but not to a retry of a stored uuid, nor to someone else", async () => {
    const f = chatApi(flood);
    const w = await chatWorld(flood);
    const a = await w.person();
    const b = await w.person();
    const id = await f.openPrivate(a, b, w.eventId);
    const uuid = randomUUID();
    await f.send(a, id, { uuid, text: 'one' });
    await f.say(a, id, 'two');
    await f.say(a, id, 'three');
    const fourth = await f.call('POST', `/api/v1/chat/channels/${id}/messages`, a, { text: 'four' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toMatchObject({ code: 'chat.flood', message: 'user temporarily blocked for suspicious activity' });
    expect(fourth.headers['retry-after']).toBeDefined();
    expect((await f.send(a, id, { uuid, text: 'one' }, 200)).text).toBe('one');
    expect(await f.codeOf('POST', `/api/v1/${w.eventId}/chat/common/message`, a, { path: '/expo', message: 'spam' })).toBe('429 chat.flood');
    // Flooding new pages makes no channels.
    expect(await f.codeOf('POST', `/api/v1/${w.eventId}/chat/common/message`, a, { path: '/lectures/1', message: 'spam' })).toBe('429 chat.flood');
    expect(await f.ok('GET', `/api/v1/${w.eventId}/chat/common?path=/lectures/1`, b)).toBeNull();
    expect(await f.ok('GET', `/api/v1/${w.eventId}/chat/common?path=/expo`, b)).toBeNull();
    await f.say(b, id, 'not me');
    expect((await f.messages(b, id)).data.map((m) => m.text)).toEqual(['one', 'two', 'three', 'not me']);
  });
});
