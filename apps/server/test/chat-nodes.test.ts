// The chat across two server processes on one PostgreSQL database and one Redis (issue 11,
// Reliability): a message sent over HTTP to node A reaches a socket connected to node B, through
// the Socket.IO Redis adapter, both through the person's own room (private chat) and through the
// room of a public page chat entered on B.
import { randomInt, randomUUID } from 'node:crypto';
import { ChatEvent, REALTIME_PATH, type ChatEnterAck, type ChatMessage } from '@lobby/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import { nodesAvailable, requireNodes, sharedSecret, startTwoNodes, type ServerNode, type SharedDatabase } from './support/nodes.ts';

describe.runIf(nodesAvailable)('chat across two nodes', () => {
  let shared: SharedDatabase;
  const secret = sharedSecret();
  const nodes: ServerNode[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const started = await startTwoNodes(secret);
    shared = started.shared;
    nodes.push(...started.nodes);
  }, 180_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const node of nodes) await node.dispose();
    await shared?.destroy();
  });

  const nodeA = () => nodes[0] as ServerNode;
  const nodeB = () => nodes[1] as ServerNode;

  async function member(eventId: number, ticketTypeId: number) {
    // Ids far above those of other test files: private messages go to the rooms user:{id}, and
    // every file's nodes with Redis share its channels, so a low id would reach their sockets.
    const user = await createUser(shared.database.db, { id: randomInt(100_000_000, 2_000_000_000) });
    await addMembership(shared.database.db, eventId, user.id, { ticketTypeId });
    return { user, headers: { ...(await authHeader(shared.database.db, secret, user.id)), 'content-type': 'application/json' } };
  }

  const connect = (url: string, headers: Record<string, string>) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(url, { path: REALTIME_PATH, transports: ['websocket'], auth: { token: headers.authorization?.slice(7) }, reconnection: false });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });

  /** The next `recieve` of this channel on the socket. */
  // `text`: that message only. A socket that entered a channel just after a message was posted on
  // the other node can still get that earlier one, when Redis hands it to this node after the enter.
  const nextMessage = (socket: Socket, channelId: string, text?: string) =>
    new Promise<ChatMessage>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${ChatEvent.receive} for ${channelId} within 10 s`)), 10_000);
      const listener = (message: ChatMessage) => {
        if (message.channel_id !== channelId || (text !== undefined && message.text !== text)) return;
        clearTimeout(timer);
        socket.off(ChatEvent.receive, listener);
        resolve(message);
      };
      socket.on(ChatEvent.receive, listener);
    });

  it('delivers a private message sent over HTTP to node A to the receiver connected to node B', async () => {
    requireNodes();
    const { db } = shared.database;
    const event = await createEvent(db);
    const ticket = await createTicketType(db, event.id, { features: ['unlimited_chats'] });
    const sender = await member(event.id, ticket.id);
    const receiver = await member(event.id, ticket.id);
    const opened = await fetch(`${nodeA().url}/api/v1/chat/channels/user/${receiver.user.id}?filter[related_id]=${event.id}`, { headers: sender.headers });
    expect(opened.status, await opened.clone().text()).toBe(200);
    const channelId = ((await opened.json()) as { data: { uuid: string } }).data.uuid;

    // The sender's own socket is on A too: it gets its message once, like every member.
    const onA = await connect(nodeA().url, sender.headers);
    const onB = await connect(nodeB().url, receiver.headers);
    const onBReceives = nextMessage(onB, channelId);
    const onAReceives = nextMessage(onA, channelId);
    const uuid = randomUUID();
    const sent = await fetch(`${nodeA().url}/api/v1/chat/channels/${channelId}/messages`, { method: 'POST', headers: sender.headers, body: JSON.stringify({ uuid, text: 'hello from A' }) });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const stored = ((await sent.json()) as { data: ChatMessage }).data;
    const [atB, atA] = await Promise.all([onBReceives, onAReceives]);
    expect(atB).toMatchObject({ id: stored.id, uuid, seq: 1, text: 'hello from A', channel_id: channelId, sender: { id: sender.user.id } });
    expect(atA.id).toBe(stored.id);

    // The same uuid sent again to node B answers the stored message and delivers nothing new.
    let extra = 0;
    onB.on(ChatEvent.receive, (message: ChatMessage) => {
      if (message.channel_id === channelId && message.id === stored.id) extra += 1;
    });
    const again = await fetch(`${nodeB().url}/api/v1/chat/channels/${channelId}/messages`, { method: 'POST', headers: sender.headers, body: JSON.stringify({ uuid, text: 'hello from A' }) });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { data: ChatMessage }).data.id).toBe(stored.id);
    // A later message from B to A marks the end: had the repeat been delivered, it would be here first.
    const back = nextMessage(onA, channelId);
    const reply = await fetch(`${nodeB().url}/api/v1/chat/channels/${channelId}/messages`, { method: 'POST', headers: receiver.headers, body: JSON.stringify({ uuid: randomUUID(), text: 'hi from B' }) });
    expect(reply.status).toBe(201);
    expect(await back).toMatchObject({ seq: 2, text: 'hi from B' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(extra).toBe(0);
  });

  it('delivers a message posted on node A to a public page chat entered on node B, and only to those who entered it', async () => {
    requireNodes();
    const { db } = shared.database;
    const event = await createEvent(db);
    const ticket = await createTicketType(db, event.id, { features: ['unlimited_chats'] });
    const poster = await member(event.id, ticket.id);
    const reader = await member(event.id, ticket.id);
    const passer = await member(event.id, ticket.id);
    const path = '/lectures/7';
    const first = await fetch(`${nodeA().url}/api/v1/${event.id}/chat/common/message`, { method: 'POST', headers: poster.headers, body: JSON.stringify({ path, message: 'opening the chat', uuid: randomUUID() }) });
    expect(first.status, await first.clone().text()).toBe(201);
    const channelId = ((await first.json()) as { data: ChatMessage }).data.channel_id;

    const readerOnB = await connect(nodeB().url, reader.headers);
    const passerOnB = await connect(nodeB().url, passer.headers);
    const entered = (await readerOnB.timeout(5000).emitWithAck(ChatEvent.enter, { channel_id: channelId })) as ChatEnterAck;
    expect(entered).toEqual({ channel_id: channelId, ok: true });
    let passerGot = 0;
    passerOnB.on(ChatEvent.receive, (message: ChatMessage) => {
      if (message.channel_id === channelId) passerGot += 1;
    });

    const received = nextMessage(readerOnB, channelId, 'question for the speaker');
    const posted = await fetch(`${nodeA().url}/api/v1/${event.id}/chat/common/message`, { method: 'POST', headers: poster.headers, body: JSON.stringify({ path, channel_id: channelId, message: 'question for the speaker', uuid: randomUUID() }) });
    expect(posted.status, await posted.clone().text()).toBe(201);
    const message = await received;
    expect(message).toMatchObject({ seq: 2, text: 'question for the speaker', channel_id: channelId, channel_access: 'public', sender: { id: poster.user.id } });

    // After leave (on B), a message posted on A no longer reaches the reader, while another socket
    // on B that entered gets it (so the broadcast did reach B).
    const left = (await readerOnB.timeout(5000).emitWithAck(ChatEvent.leave, { channel_id: channelId })) as ChatEnterAck;
    expect(left.ok).toBe(true);
    let readerGot = 0;
    readerOnB.on(ChatEvent.receive, (message: ChatMessage) => {
      if (message.channel_id === channelId) readerGot += 1;
    });
    const watcher = await connect(nodeB().url, poster.headers);
    expect(((await watcher.timeout(5000).emitWithAck(ChatEvent.enter, { channel_id: channelId })) as ChatEnterAck).ok).toBe(true);
    const seenByWatcher = nextMessage(watcher, channelId, 'after leaving');
    const third = await fetch(`${nodeA().url}/api/v1/${event.id}/chat/common/message`, { method: 'POST', headers: poster.headers, body: JSON.stringify({ path, message: 'after leaving', uuid: randomUUID() }) });
    expect(third.status).toBe(201);
    expect((await seenByWatcher).seq).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readerGot).toBe(0);
    expect(passerGot).toBe(0);
  });
});
