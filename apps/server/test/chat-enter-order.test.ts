// The order of one socket's enters and leaves of a page chat (contract.md section 4): an enter
// looks at the database before it joins, a leave does not, and a page opened and closed at once
// sends both before the enter is answered. The last one sent decides whether its messages come.
import { REALTIME_PATH, ChatEvent, type ChatEnterAck, type ChatMessage } from '@lobby/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatApi, chatWorld, type ChatPerson, type ChatWorld } from './chat-fixtures.ts';
import { createTestApp, type TestApp } from './harness.ts';

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

async function connect(token: string): Promise<Socket> {
  const socket = io(url, { path: REALTIME_PATH, transports: ['websocket'], auth: { token }, reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  // A round trip: the server has run its connection handlers before it answers.
  await socket.timeout(2000).emitWithAck(ChatEvent.leave, { channel_id: 'warm-up' });
  return socket;
}

const enter = (socket: Socket, channelId: string) => socket.timeout(2000).emitWithAck(ChatEvent.enter, { channel_id: channelId }) as Promise<ChatEnterAck>;
const leave = (socket: Socket, channelId: string) => socket.timeout(2000).emitWithAck(ChatEvent.leave, { channel_id: channelId }) as Promise<ChatEnterAck>;

function inbox(socket: Socket): ChatMessage[] {
  const got: ChatMessage[] = [];
  socket.on(ChatEvent.receive, (message: ChatMessage) => got.push(message));
  return got;
}

async function until(check: () => boolean, what: string, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A page message, then a private one to the reader: delivery to one socket keeps order, so the private one closes what came. */
async function pageMessageThenSentinel(w: ChatWorld, author: ChatPerson, reader: ChatPerson, box: ChatMessage[], path: string): Promise<{ page: ChatMessage; sentinel: ChatMessage }> {
  const page = await api.ok<ChatMessage>('POST', `/api/v1/${w.eventId}/chat/common/message`, author, { path, message: 'On the page' }, 201);
  const sentinel = await api.say(author, await api.openPrivate(author, reader, w.eventId), 'sentinel');
  await until(() => box.some((m) => m.id === sentinel.id), 'the sentinel');
  return { page, sentinel };
}

describe('enter and leave sent together', () => {
  it('a leave sent before the enter is answered keeps the socket out of the page chat', async () => {
    const w = await chatWorld(t);
    const [author, reader] = [await w.person(), await w.person()];
    const first = await api.ok<ChatMessage>('POST', `/api/v1/${w.eventId}/chat/common/message`, author, { path: '/expo', message: 'Welcome' }, 201);
    const socket = await connect(reader.token);
    const box = inbox(socket);
    const [entered, left] = await Promise.all([enter(socket, first.channel_id), leave(socket, first.channel_id)]);
    expect(entered).toEqual({ channel_id: first.channel_id, ok: true });
    expect(left).toEqual({ channel_id: first.channel_id, ok: true });
    const { sentinel } = await pageMessageThenSentinel(w, author, reader, box, '/expo');
    expect(box.map((m) => m.id)).toEqual([sentinel.id]);
  });

  it('enter, leave and enter again in a row end inside, and each answer comes in the order sent', async () => {
    const w = await chatWorld(t);
    const [author, reader] = [await w.person(), await w.person()];
    const first = await api.ok<ChatMessage>('POST', `/api/v1/${w.eventId}/chat/common/message`, author, { path: '/expo', message: 'Welcome' }, 201);
    const socket = await connect(reader.token);
    const box = inbox(socket);
    const answers: string[] = [];
    socket.on(ChatEvent.enterComplete, () => answers.push('enter'));
    socket.on(ChatEvent.leaveComplete, (ack: ChatEnterAck) => answers.push(`leave ${ack.channel_id === first.channel_id ? 'page' : ack.channel_id}`));
    await Promise.all([enter(socket, first.channel_id), leave(socket, first.channel_id), enter(socket, first.channel_id)]);
    expect(answers).toEqual(['enter', 'leave page', 'enter']);
    const { page, sentinel } = await pageMessageThenSentinel(w, author, reader, box, '/expo');
    expect(box.map((m) => m.id)).toEqual([page.id, sentinel.id]);
  });
});
