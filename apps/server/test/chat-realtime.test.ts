// The chat over Socket.IO with real clients (contract.md sections 4 and 7, DESIGN.md section 6):
// who gets recieve, enter/leave of page chats, delete, read_by_user, chat_ban, revoked sessions,
// and catch-up after a disconnect without losing or doubling a message.
import { REALTIME_PATH, SUBSCRIBE_EVENT, ChatEvent, contiguousSeq, mergeMessages, type ChatBanPayload, type ChatDeletePayload, type ChatEnterAck, type ChatMessage, type ChatReadByUserPayload } from '@lobby/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeSession } from '../src/auth/sessions.ts';
import { chatApi, chatWorld, hourFromNow, type ChatPerson } from './chat-fixtures.ts';
import { authHeader } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { redisAvailable, requireRedis, testRedisUrl } from './support/redis.ts';

let t: TestApp;
let url: string;
let api: ReturnType<typeof chatApi>;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ CHAT_FLOOD_LIMIT: '1000' });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  api = chatApi(t);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

/** A connected socket whose connection the server has finished setting up (rooms joined). */
async function connect(token: string | undefined, at = url): Promise<Socket> {
  const socket = io(at, { path: REALTIME_PATH, transports: ['websocket'], auth: token ? { token } : {}, reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  // A round trip: the server has run its connection handlers before it answers.
  await socket.timeout(2000).emitWithAck(ChatEvent.leave, { channel_id: 'warm-up' });
  return socket;
}

/** Everything a socket receives of one event, in order. */
function inbox<T>(socket: Socket, event: string): T[] {
  const got: T[] = [];
  socket.on(event, (payload: T) => got.push(payload));
  return got;
}

async function until(check: () => boolean, what: string, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const enter = (socket: Socket, channelId: string) => socket.timeout(2000).emitWithAck(ChatEvent.enter, { channel_id: channelId }) as Promise<ChatEnterAck>;
const leave = (socket: Socket, channelId: string) => socket.timeout(2000).emitWithAck(ChatEvent.leave, { channel_id: channelId }) as Promise<ChatEnterAck>;

/**
 * Proves a socket got nothing more of `event`: a sentinel message sent to its person afterwards
 * (delivery to one socket keeps order) must be the next thing it receives.
 */
async function nothingMoreThan(w: Awaited<ReturnType<typeof chatWorld>>, who: ChatPerson, received: ChatMessage[], count: number): Promise<void> {
  const herald = await w.person();
  const sentinel = await api.say(herald, await api.openPrivate(herald, who, w.eventId), 'sentinel');
  await until(() => received.length > count, 'the sentinel');
  expect(received.slice(count).map((m) => m.id)).toEqual([sentinel.id]);
}

describe('recieve', () => {
  it("reaches both people of a private chat and the company's chat people, nobody else", async () => {
    const w = await chatWorld(t);
    const [a, b, stranger, d, answerer, admin, employee, rival] = await Promise.all(Array.from({ length: 8 }, () => w.person()));
    if (!a || !b || !stranger || !d || !answerer || !admin || !employee || !rival) throw new Error('no people');
    const company = await w.company();
    const other = await w.company();
    await w.employ(company.id, answerer, ['chat']);
    await w.employ(company.id, admin, ['admin']);
    await w.employ(company.id, employee, []);
    await w.employ(other.id, rival, ['chat']);
    const boxes = new Map<number, ChatMessage[]>();
    for (const who of [a, b, stranger, d, answerer, admin, employee, rival]) boxes.set(who.id, inbox<ChatMessage>(await connect(who.token), ChatEvent.receive));
    const box = (who: ChatPerson) => boxes.get(who.id) ?? [];

    const id = await api.openPrivate(a, b, w.eventId);
    const sent = await api.say(a, id, 'Hello b');
    await until(() => box(a).length === 1 && box(b).length === 1, 'the private message');
    expect(box(b)[0]).toEqual(sent);
    expect(box(a)[0]?.id).toBe(sent.id);

    const companyChat = await api.openCompany(d, w.eventId, company.id);
    const question = await api.say(d, companyChat, 'Hiring?');
    await until(() => box(answerer).length === 1 && box(admin).length === 1 && box(d).length === 1, 'the company message');
    expect(box(answerer)[0]).toMatchObject({ id: question.id, channel_entity_type: 'company', channel_entity_id: company.id });
    const answer = await api.say(answerer, companyChat, 'Yes');
    await until(() => box(d).length === 2 && box(admin).length === 2, 'the answer');
    expect(box(d)[1]?.id).toBe(answer.id);

    for (const outsider of [stranger, employee, rival]) await nothingMoreThan(w, outsider, box(outsider), 0);
  });

  it('reaches promo readers subscribed to the event', async () => {
    const w = await chatWorld(t);
    const reader = await w.person();
    const admin = await w.person();
    const company = await w.company();
    await w.employ(company.id, admin, ['admin']);
    const promo = await w.promo(company.id);
    const socket = await connect(reader.token);
    expect(await socket.timeout(2000).emitWithAck(SUBSCRIBE_EVENT, { event_id: w.eventId })).toEqual({ ok: true });
    const box = inbox<ChatMessage>(socket, ChatEvent.receive);
    const sent = await api.say(admin, promo, 'Our new game is out');
    await until(() => box.length === 1, 'the promo message');
    expect(box[0]).toMatchObject({ id: sent.id, channel_entity_type: 'promo_company' });
  });
});

describe('enter and leave', () => {
  it('lets a member into a page chat, which then brings its messages; leave stops them', async () => {
    const w = await chatWorld(t);
    const [a, b] = [await w.person(), await w.person()];
    const first = await api.ok<ChatMessage>('POST', `/api/v1/${w.eventId}/chat/common/message`, a, { path: '/lectures/3', message: 'Welcome' }, 201);
    const socket = await connect(b.token);
    const completes = inbox<ChatEnterAck>(socket, ChatEvent.enterComplete);
    const box = inbox<ChatMessage>(socket, ChatEvent.receive);
    expect(await enter(socket, first.channel_id)).toEqual({ channel_id: first.channel_id, ok: true });
    await until(() => completes.length === 1, 'enter_complete');
    expect(completes[0]).toEqual({ channel_id: first.channel_id, ok: true });

    const live = await api.ok<ChatMessage>('POST', `/api/v1/${w.eventId}/chat/common/message`, a, { path: '/lectures/3', message: 'Starting now' }, 201);
    await until(() => box.length === 1, 'the page message');
    expect(box[0]).toEqual(live);
    // Entering twice is harmless: the message still comes once.
    await enter(socket, first.channel_id);
    const second = await api.ok<ChatMessage>('POST', `/api/v1/${w.eventId}/chat/common/message`, a, { path: '/lectures/3', message: 'Slide 2' }, 201);
    await until(() => box.length === 2, 'the second page message');
    expect(box.map((m) => m.id)).toEqual([live.id, second.id]);

    const leaves = inbox<ChatEnterAck>(socket, ChatEvent.leaveComplete);
    expect(await leave(socket, first.channel_id)).toEqual({ channel_id: first.channel_id, ok: true });
    await until(() => leaves.length === 1, 'leave_complete');
    await api.ok('POST', `/api/v1/${w.eventId}/chat/common/message`, a, { path: '/lectures/3', message: 'After leaving' }, 201);
    await nothingMoreThan(w, b, box, 2);
  });

  it("refuses channels one cannot read, bad ids and sockets without a session", async () => {
    const w = await chatWorld(t);
    const [a, b, c] = [await w.person(), await w.person(), await w.person()];
    const pair = await api.openPrivate(a, b, w.eventId);
    const page = await api.ok<ChatMessage>('POST', `/api/v1/${w.eventId}/chat/common/message`, a, { path: '/expo', message: 'x' }, 201);
    const socket = await connect(c.token);
    const completes = inbox<ChatEnterAck>(socket, ChatEvent.enterComplete);
    expect(await enter(socket, pair)).toEqual({ channel_id: pair, ok: false, error: 'channel does not exist' });
    expect(await enter(socket, '00000000-0000-4000-8000-000000000000')).toEqual({ channel_id: '00000000-0000-4000-8000-000000000000', ok: false, error: 'channel does not exist' });
    expect(await enter(socket, 'x')).toEqual({ channel_id: 'x', ok: false, error: 'invalid channel' });
    await until(() => completes.length === 3, 'three enter_complete events');
    expect(completes.every((ack) => !ack.ok)).toBe(true);

    const outsider = await w.person({ member: false });
    expect(await enter(await connect(outsider.token), page.channel_id)).toMatchObject({ ok: false, error: 'channel does not exist' });
    expect(await enter(await connect(undefined), page.channel_id)).toMatchObject({ ok: false, error: 'sign in first' });
    expect(await enter(await connect('forged.token'), page.channel_id)).toMatchObject({ ok: false, error: 'sign in first' });
    // A private chat's own people enter without joining anything new (their messages come through their own room).
    expect(await enter(await connect(a.token), pair)).toEqual({ channel_id: pair, ok: true });
  });
});

describe('delete, read_by_user and chat_ban', () => {
  it('tells both people of a deletion and of a read mark, and the banned person of their ban', async () => {
    const w = await chatWorld(t);
    const [a, b] = [await w.person(), await w.person()];
    const moderator = await w.person({ roleIds: [2] });
    const id = await api.openPrivate(a, b, w.eventId);
    const sa = await connect(a.token);
    const sb = await connect(b.token);
    const deletes = { a: inbox<ChatDeletePayload>(sa, ChatEvent.delete), b: inbox<ChatDeletePayload>(sb, ChatEvent.delete) };
    const reads = inbox<ChatReadByUserPayload>(sa, ChatEvent.readByUser);
    const bans = inbox<ChatBanPayload>(sb, ChatEvent.ban);
    const notices = inbox<ChatMessage>(sb, ChatEvent.receive);

    const kept = await api.say(a, id, 'keep');
    const gone = await api.say(a, id, 'oops');
    await api.ok('DELETE', `/api/v1/chat/messages/${gone.id}`, a);
    await until(() => deletes.a.length === 1 && deletes.b.length === 1, 'delete');
    expect(deletes.b[0]).toMatchObject({ channel_id: id, message_id: gone.id, seq: 2, last_message: { id: kept.id, text: 'keep' } });

    await api.markRead(b, id);
    await until(() => reads.length === 1, 'read_by_user');
    expect(reads[0]).toEqual({ channel_id: id, user_id: b.id, seq: 2 });
    // Marking again with nothing new says nothing.
    await api.markRead(b, id);

    const until_ = hourFromNow();
    await api.ok('POST', `/api/v1/${w.eventId}/chat/bans`, moderator, { user_id: b.id, until: until_, reason: 'Flooding' }, 201);
    await until(() => bans.length === 1 && notices.length === 3, 'chat_ban and its notice');
    expect(bans[0]).toEqual({ event_id: w.eventId, ban: { until: until_, reason: 'Flooding' } });
    expect(notices[2]).toMatchObject({ channel_access: 'notifications', sender: null, custom_data: { title: 'chat_banned' } });
    await api.ok('DELETE', `/api/v1/${w.eventId}/chat/bans/${b.id}`, moderator);
    await until(() => bans.length === 2, 'chat_ban lifted');
    expect(bans[1]).toEqual({ event_id: w.eventId, ban: null });

    // A moderator's deletion in a page chat reaches those who entered it.
    const page = await api.ok<ChatMessage>('POST', `/api/v1/${w.eventId}/chat/common/message`, a, { path: '/expo', message: 'spam' }, 201);
    await enter(sb, page.channel_id);
    await api.ok('DELETE', `/api/v1/${w.eventId}/chat/messages/${page.id}`, moderator);
    await until(() => deletes.b.length === 2, 'the page chat delete');
    expect(deletes.b[1]).toMatchObject({ channel_id: page.channel_id, message_id: page.id, last_message: null });
    expect(reads).toHaveLength(1);
  });
});

describe('sessions that end', () => {
  it('a signed-out session’s socket is closed and gets nothing more; the person’s other session still does', async () => {
    const w = await chatWorld(t);
    const [a, b] = [await w.person(), await w.person()];
    const id = await api.openPrivate(a, b, w.eventId);
    const goneHeaders = await authHeader(t.database.db, t.config.secret, b.id);
    const gone = await connect(goneHeaders.authorization?.slice(7));
    const staying = await connect(b.token);
    const goneBox = inbox<ChatMessage>(gone, ChatEvent.receive);
    const stayingBox = inbox<ChatMessage>(staying, ChatEvent.receive);
    const closed = new Promise<string>((resolve) => gone.once('disconnect', (reason) => resolve(reason)));
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: goneHeaders })).statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    const after = await api.say(a, id, 'after sign-out');
    await until(() => stayingBox.length === 1, 'the message on the other session');
    expect(stayingBox[0]?.id).toBe(after.id);
    expect(goneBox).toEqual([]);
  });

  it('a session revoked without a broadcast is found out on enter, and the socket closed', async () => {
    const w = await chatWorld(t);
    const a = await w.person();
    const page = await api.ok<ChatMessage>('POST', `/api/v1/${w.eventId}/chat/common/message`, a, { path: '/expo', message: 'x' }, 201);
    const socket = await connect(a.token);
    // One entry while the session lives: by then the connection's own session check is done, so
    // it is the next entry that finds the session ended (not that check, on a slow machine).
    expect(await enter(socket, page.channel_id)).toMatchObject({ ok: true });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const claims = JSON.parse(Buffer.from(a.token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string };
    await revokeSession(t.database.db, claims.sid, 'test');
    expect(await enter(socket, page.channel_id)).toMatchObject({ ok: false, error: 'sign in first' });
    expect(await closed).toBe('io server disconnect');
  });
});

describe('catch-up after a disconnect', () => {
  it('fetches what came while away with after=<last seq> and ends with every message once', async () => {
    const w = await chatWorld(t);
    const [a, b] = [await w.person(), await w.person()];
    const id = await api.openPrivate(a, b, w.eventId);
    // The client: messages held, merged by id in seq order, as the web's thread does.
    let held: ChatMessage[] = [];
    const hold = (incoming: ChatMessage[]) => (held = mergeMessages(held, incoming));
    const first = await connect(b.token);
    first.on(ChatEvent.receive, (message: ChatMessage) => hold([message]));
    for (const text of ['1', '2', '3']) await api.say(a, id, text);
    await until(() => held.length === 3, 'three live messages');
    first.disconnect();

    for (const text of ['4', '5', '6']) await api.say(a, id, text);
    const second = await connect(b.token);
    second.on(ChatEvent.receive, (message: ChatMessage) => hold([message]));
    const live = await api.say(a, id, '7');
    await until(() => held.some((m) => m.id === live.id), 'the live message after reconnecting');
    // Holding 1-3 and 7, the gap starts after 3.
    const from = contiguousSeq(0, held.map((m) => m.seq));
    expect(from).toBe(3);
    let page = await api.messages(b, id, `?after=${from}&per_page=2`);
    hold(page.data);
    while (page.meta.has_more) {
      page = await api.messages(b, id, `?after=${contiguousSeq(0, held.map((m) => m.seq))}&per_page=2`);
      hold(page.data);
    }
    expect(held.map((m) => m.text)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(new Set(held.map((m) => m.id)).size).toBe(7);
    expect(contiguousSeq(0, held.map((m) => m.seq))).toBe(page.meta.last_seq);
  });
});

describe('across nodes', () => {
  it.runIf(redisAvailable)('a message sent through one node reaches a client of the other through Redis', async () => {
    requireRedis();
    const { buildApp } = await import('../src/app.ts');
    const { loadConfig } = await import('../src/config.ts');
    const nodeConfig = loadConfig({ DATA_DIR: t.config.dataDir, LOBBY_DEMO: '0', LOG_LEVEL: 'silent', WEB_DIST: t.config.webDist, REDIS_URL: testRedisUrl, LOBBY_SECRET: t.config.secret });
    const nodeA = await buildApp(nodeConfig, { database: t.database, logger: false, jobs: { start: false } });
    const nodeB = await buildApp(nodeConfig, { database: t.database, logger: false, jobs: { start: false } });
    try {
      const urlA = await nodeA.listen({ port: 0, host: '127.0.0.1' });
      const w = await chatWorld(t);
      const [a, b] = [await w.person(), await w.person()];
      const id = await api.openPrivate(a, b, w.eventId);
      const socket = await connect(b.token, urlA);
      const box = inbox<ChatMessage>(socket, ChatEvent.receive);
      const res = await nodeB.inject({ method: 'POST', url: `/api/v1/chat/channels/${id}/messages`, headers: a.headers, payload: { text: 'from node B' } });
      expect(res.statusCode, res.body).toBe(201);
      await until(() => box.length === 1, 'the message across nodes', 5000);
      expect(box[0]?.text).toBe('from node B');
    } finally {
      await nodeA.close();
      await nodeB.close();
    }
  });
});
