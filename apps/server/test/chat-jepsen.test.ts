// Jepsen-style chat test (issue 11, Reliability): 3 clients on 2 server processes (one PostgreSQL
// database, one Redis) send 1,000 messages with unique client-made uuids while each node in turn
// is killed with SIGKILL and started again. Every acknowledged message must end up exactly once in
// every member's history and in every client's live view after catch-up: none lost, none doubled,
// seqs 1..N without gaps.
//
// The design: the three people are members of one event and all three enter ONE public page chat
// (its room chat:{id}), so every member must see every message, all in one gap-free sequence, and
// one catch-up stream per client covers everything. (A private chat has two people; three private
// chats would show each message to two of the three.) A page chat's room lives in the memory of the
// node the socket is on, so a node's death also takes the "entered" state with it: a client must
// reconnect (to whichever node is alive), enter again (retrying every CHAT_ENTER_RETRY_MS until
// enter_complete) and only then catch up with GET messages?after=<the contiguous seq it holds>, as
// the web client does (contract.md section 4). Entering before the catch-up closes the window: a
// message committed before the GET is in its answer, one committed after is emitted after the join.
// A message whose node died between the commit and the emit reaches nobody live; a client that
// sees a later seq notices the gap (contiguousSeq) and catches up, and every client catches up once
// more at the end.
//
// Sends: each client sends its share one after another (three senders at once), to its current
// node. A send whose answer is lost (connection refused or cut, a 5xx, a 20 s timeout) is sent
// again with the SAME uuid to the other node; the server stores one message per sender and uuid
// and answers a repeat with 200 and the stored message, so a message stored just before its node
// died is not stored twice.
//
// Schedule, by the number of acknowledged messages (so the same things happen in every run,
// whatever the machine's speed): at 250 node A is killed and started again; sending past 500 waits
// until A serves again; at 650 node B is killed and started again; sending past 900 waits for B.
// After a node is back, the clients whose home it is move back to it (a voluntary reconnect), so
// at each kill there are clients on both nodes: those on the killed node lose their socket, the
// others keep theirs and may see a gap. No wall-clock time is asserted.
import { randomInt, randomUUID } from 'node:crypto';
import { CHAT_ENTER_RETRY_MS, ChatEvent, contiguousSeq, mergeMessages, REALTIME_PATH, type ChatEnterAck, type ChatMessage } from '@lobby/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChannel, findPage } from '../src/modules/chat/repo.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import { nodesAvailable, requireNodes, sharedSecret, startTwoNodes, type ServerNode, type SharedDatabase } from './support/nodes.ts';

const TOTAL = 1000;
const CLIENTS = 3;
const KILL_A_AT = 250;
const WAIT_A_AT = 500;
const KILL_B_AT = 650;
const WAIT_B_AT = 900;
const PATH = '/lectures/jepsen';
const SEND_TIMEOUT_MS = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A lost answer: retried. */
class Lost extends Error {}
/** An answer no retry can change (a 4xx, a wrong body): the test fails. */
class Fatal extends Error {}

interface Page {
  data: ChatMessage[];
  meta: { has_more: boolean; last_seq: number; total: number };
}

describe.runIf(nodesAvailable)('chat under node failure (Jepsen-style)', () => {
  let shared: SharedDatabase;
  const secret = sharedSecret();
  const nodes: ServerNode[] = [];
  const clients: Client[] = [];

  beforeAll(async () => {
    const started = await startTwoNodes(secret);
    shared = started.shared;
    nodes.push(...started.nodes);
  }, 180_000);

  afterAll(async () => {
    for (const client of clients) client.stop();
    for (const node of nodes) await node.dispose();
    await shared?.destroy();
  });

  const other = (index: number) => (index + 1) % nodes.length;
  const nodeAt = (index: number) => nodes[index] as ServerNode;

  /** One person: a socket that stays entered in the page chat, and a sender. */
  class Client {
    /** The node its socket is on (or is trying). */
    socketNode: number;
    /** The node it sends to. */
    sendNode: number;
    socket: Socket | undefined;
    view: ChatMessage[] = [];
    readonly seqs = new Set<number>();
    stopped = false;
    private connecting: Promise<void> | undefined;
    private catching: Promise<void> | undefined;
    private catchAgain = false;
    private gapTimer: NodeJS.Timeout | undefined;
    /** Counts printed at the end. */
    counts = { sent: 0, acknowledged: 0, retries: 0, retriedMessages: 0, repeatAnsweredStored: 0, liveReceived: 0, liveDuplicates: 0, caughtUp: 0, catchUps: 0, reconnects: 0, enterRetries: 0 };

    constructor(
      readonly index: number,
      readonly home: number,
      readonly userId: number,
      readonly token: string,
      readonly channelId: string,
    ) {
      this.socketNode = home;
      this.sendNode = home;
    }

    private headers(): Record<string, string> {
      return { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' };
    }

    private contiguous(): number {
      return contiguousSeq(0, this.seqs);
    }

    private take(messages: ChatMessage[]): number {
      const fresh = messages.filter((message) => message.channel_id === this.channelId && !this.seqs.has(message.seq));
      for (const message of fresh) this.seqs.add(message.seq);
      if (fresh.length > 0) this.view = mergeMessages(this.view, fresh);
      return fresh.length;
    }

    /** Connects (or reconnects) to its node, else the other, until one lets it enter the chat; then catches up. */
    connect(): Promise<void> {
      this.connecting ??= this.connectLoop().finally(() => (this.connecting = undefined));
      return this.connecting;
    }

    private async connectLoop(): Promise<void> {
      for (let attempt = 0; !this.stopped; attempt += 1) {
        const index = attempt === 0 ? this.socketNode : (this.socketNode + attempt) % nodes.length;
        try {
          const socket = await this.open(nodeAt(index).url);
          this.socketNode = index;
          this.attach(socket);
          await this.enter(socket);
          await this.catchUp();
          return;
        } catch {
          await sleep(100);
        }
      }
    }

    private open(url: string): Promise<Socket> {
      return new Promise<Socket>((resolve, reject) => {
        const socket = io(url, { path: REALTIME_PATH, transports: ['websocket'], auth: { token: this.token }, reconnection: false, timeout: 5000, forceNew: true });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', (error) => {
          socket.close();
          reject(error);
        });
      });
    }

    private attach(socket: Socket): void {
      this.socket = socket;
      // Ids seen on this one connection: the same message twice on one socket would be a server bug.
      const seenHere = new Set<number>();
      socket.on(ChatEvent.receive, (message: ChatMessage) => {
        if (message.channel_id !== this.channelId) return;
        this.counts.liveReceived += 1;
        if (seenHere.has(message.id)) this.counts.liveDuplicates += 1;
        seenHere.add(message.id);
        this.take([message]);
        if (message.seq > this.contiguous() + 1) this.noticeGap();
      });
      socket.on('disconnect', (reason) => {
        if (this.socket !== socket || this.stopped || reason === 'io client disconnect') return;
        // Its node went away: go to the other one.
        this.counts.reconnects += 1;
        this.socket = undefined;
        this.socketNode = other(this.socketNode);
        void this.connect();
      });
    }

    /** enter until enter_complete says ok (every CHAT_ENTER_RETRY_MS, as the web client does); fails if the socket drops. */
    private async enter(socket: Socket): Promise<void> {
      for (;;) {
        if (!socket.connected) throw new Lost('socket closed while entering');
        try {
          const ack = (await socket.timeout(CHAT_ENTER_RETRY_MS * 4).emitWithAck(ChatEvent.enter, { channel_id: this.channelId })) as ChatEnterAck;
          if (ack.ok) return;
        } catch {
          // no answer in time
        }
        this.counts.enterRetries += 1;
        await sleep(CHAT_ENTER_RETRY_MS);
      }
    }

    /** A gap that lasts a second is a message whose emit was lost: catch up. Out-of-order arrivals fill themselves. */
    private noticeGap(): void {
      if (this.gapTimer) return;
      this.gapTimer = setTimeout(() => {
        this.gapTimer = undefined;
        if (!this.stopped && this.seqs.size > this.contiguous()) void this.catchUp();
      }, 1000);
    }

    /** GET messages?after=<contiguous seq> until has_more is false; one at a time, again if asked meanwhile. */
    catchUp(): Promise<void> {
      if (this.catching) {
        this.catchAgain = true;
        return this.catching;
      }
      this.catching = (async () => {
        do {
          this.catchAgain = false;
          await this.catchUpOnce();
        } while (this.catchAgain);
      })().finally(() => (this.catching = undefined));
      return this.catching;
    }

    private async catchUpOnce(): Promise<void> {
      this.counts.catchUps += 1;
      let node = this.socketNode;
      for (let more = true; more; ) {
        try {
          const res = await fetch(`${nodeAt(node).url}/api/v1/chat/channels/${this.channelId}/messages?after=${this.contiguous()}&per_page=100`, {
            headers: this.headers(),
            signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
          });
          if (res.status >= 500) throw new Lost(`catch-up answered ${res.status}`);
          if (res.status !== 200) throw new Fatal(`catch-up answered ${res.status}: ${await res.text()}`);
          const page = (await res.json()) as Page;
          this.counts.caughtUp += this.take(page.data);
          more = page.meta.has_more;
        } catch (error) {
          if (error instanceof Fatal) throw error;
          node = other(node);
          await sleep(100);
        }
      }
    }

    /** Sends until acknowledged; a lost answer is sent again, same uuid, to the other node. */
    async send(text: string): Promise<ChatMessage> {
      const uuid = randomUUID();
      this.counts.sent += 1;
      let retried = false;
      for (;;) {
        try {
          const res = await fetch(`${nodeAt(this.sendNode).url}/api/v1/chat/channels/${this.channelId}/messages`, {
            method: 'POST',
            headers: this.headers(),
            body: JSON.stringify({ uuid, text }),
            signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
          });
          if (res.status >= 500) throw new Lost(`send answered ${res.status}`);
          if (res.status !== 201 && res.status !== 200) throw new Fatal(`send answered ${res.status}: ${await res.text()}`);
          const message = ((await res.json()) as { data: ChatMessage }).data;
          if (message.uuid !== uuid) throw new Fatal(`the answer carries uuid ${message.uuid}, sent ${uuid}`);
          this.counts.acknowledged += 1;
          if (retried && res.status === 200) this.counts.repeatAnsweredStored += 1;
          return message;
        } catch (error) {
          if (error instanceof Fatal) throw error;
          // Network error, node down, timeout, 5xx: the answer is lost; the message may or may not be stored.
          this.counts.retries += 1;
          if (!retried) this.counts.retriedMessages += 1;
          retried = true;
          this.sendNode = other(this.sendNode);
          await sleep(50);
        }
      }
    }

    /** Back to its home node once it serves again: a voluntary reconnect, then enter and catch-up. */
    async goHome(): Promise<void> {
      this.sendNode = this.home;
      if (this.socketNode === this.home && this.socket?.connected) return;
      await this.connecting;
      const old = this.socket;
      this.socket = undefined;
      old?.close();
      this.socketNode = this.home;
      this.counts.reconnects += 1;
      await this.connect();
    }

    stop(): void {
      this.stopped = true;
      if (this.gapTimer) clearTimeout(this.gapTimer);
      this.socket?.close();
    }
  }

  /** Every page of the history through page=1..n (newest first, oldest first within a page). */
  async function history(token: string, channelId: string): Promise<{ messages: ChatMessage[]; lastSeq: number }> {
    const pages: ChatMessage[][] = [];
    let lastSeq = -1;
    for (let page = 1; page <= TOTAL / 100 + 2; page += 1) {
      const res = await fetch(`${nodeAt(0).url}/api/v1/chat/channels/${channelId}/messages?page=${page}&per_page=100`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as Page;
      lastSeq = body.meta.last_seq;
      if (body.data.length === 0) break;
      pages.push(body.data);
    }
    return { messages: pages.reverse().flat(), lastSeq };
  }

  it('loses and doubles no acknowledged message while each node is killed and restarted', async () => {
    requireNodes();
    const { db } = shared.database;
    const event = await createEvent(db);
    const ticket = await createTicketType(db, event.id, { features: ['unlimited_chats'] });
    const people = [];
    for (let i = 0; i < CLIENTS; i += 1) {
      // Ids far above those of other test files: with Redis, the flood counter chat:send:{id} and
      // the rooms user:{id} are shared by every file's nodes.
      const user = await createUser(db, { id: randomInt(100_000_000, 2_000_000_000), firstName: 'Jepsen', lastName: `Client${i}` });
      await addMembership(db, event.id, user.id, { ticketTypeId: ticket.id });
      people.push({ user, token: (await authHeader(db, secret, user.id)).authorization?.slice(7) ?? '' });
    }
    // The page chat exists before the run (as sendCommon makes it on a first message), so the 1,000
    // messages are seqs 1..1000.
    const { channel } = await ensureChannel(db, { eventId: event.id, access: 'public', path: PATH, createdBy: people[0]?.user.id ?? null }, findPage(db, event.id, PATH), []);
    people.forEach(({ user, token }, i) => clients.push(new Client(i, i % 2, user.id, token, channel.id)));
    await Promise.all(clients.map((client) => client.connect()));

    // The fault schedule, driven by the acknowledged count.
    let acknowledged = 0;
    const acks = new Map<string, ChatMessage>();
    const restarts: Promise<void>[] = [];
    const nodeBack: (Promise<void> | undefined)[] = [undefined, undefined];
    const killAndRestart = (index: number) => {
      const node = nodeAt(index);
      const back = (async () => {
        await node.kill();
        await node.start();
        await Promise.all(clients.filter((client) => client.home === index).map((client) => client.goHome()));
      })();
      nodeBack[index] = back;
      restarts.push(back);
    };
    const onAck = () => {
      acknowledged += 1;
      if (acknowledged === KILL_A_AT) killAndRestart(0);
      if (acknowledged === KILL_B_AT) killAndRestart(1);
    };
    const gate = async () => {
      if (acknowledged >= WAIT_A_AT) await nodeBack[0];
      if (acknowledged >= WAIT_B_AT) await nodeBack[1];
    };

    const share = (i: number) => Math.floor(TOTAL / CLIENTS) + (i < TOTAL % CLIENTS ? 1 : 0);
    await Promise.all(
      clients.map(async (client) => {
        for (let k = 1; k <= share(client.index); k += 1) {
          await gate();
          const message = await client.send(`client ${client.index} message ${k}`);
          expect(acks.has(message.uuid)).toBe(false);
          acks.set(message.uuid, message);
          onAck();
        }
      }),
    );
    await Promise.all(restarts);
    expect(nodeAt(0).starts).toBe(2);
    expect(nodeAt(1).starts).toBe(2);

    // Every client connected and entered again, then one last catch-up each.
    await Promise.all(clients.map((client) => client.connect()));
    await Promise.all(clients.map((client) => client.catchUp()));

    const histories = await Promise.all(clients.map((client) => history(client.token, channel.id)));
    const rows: string[][] = [['client', 'home', 'sent', 'acknowledged', 'retries', 'retried msgs', 'repeat->stored', 'live received', 'live dups', 'caught up', 'catch-ups', 'reconnects', 'enter retries', 'final view', 'history']];
    clients.forEach((client, i) => {
      const c = client.counts;
      rows.push([String(i), client.home === 0 ? 'A' : 'B', c.sent, c.acknowledged, c.retries, c.retriedMessages, c.repeatAnsweredStored, c.liveReceived, c.liveDuplicates, c.caughtUp, c.catchUps, c.reconnects, c.enterRetries, client.view.length, histories[i]?.messages.length ?? 0].map(String));
    });
    const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
    console.info(
      [
        `chat Jepsen run: ${TOTAL} messages by ${CLIENTS} clients on 2 nodes; node A killed at ${KILL_A_AT} acknowledged, node B at ${KILL_B_AT}; ${acks.size} acknowledged`,
        ...rows.map((row) => row.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  ')),
      ].join('\n'),
    );

    // Every message acknowledged, once, with distinct ids.
    expect(acks.size).toBe(TOTAL);
    expect(new Set([...acks.values()].map((message) => message.id)).size).toBe(TOTAL);
    const expectedSeqs = Array.from({ length: TOTAL }, (_, i) => i + 1);
    for (const [i, { messages, lastSeq }] of histories.entries()) {
      // In every member's history: seqs 1..N without a gap, N = the acknowledged count, each
      // acknowledged uuid exactly once with the id and seq its acknowledgement carried.
      expect(lastSeq, `member ${i}: last_seq`).toBe(TOTAL);
      expect(messages.map((message) => message.seq), `member ${i}: seqs`).toEqual(expectedSeqs);
      expect(new Set(messages.map((message) => message.uuid)).size, `member ${i}: distinct uuids`).toBe(TOTAL);
      for (const message of messages) {
        const acked = acks.get(message.uuid);
        expect(acked, `member ${i}: seq ${message.seq} was never acknowledged`).toBeDefined();
        expect({ id: message.id, seq: message.seq, text: message.text }).toEqual({ id: acked?.id, seq: acked?.seq, text: acked?.text });
      }
    }
    // In every client's live view after catch-up: the same messages, once each, in seq order.
    const historyIds = histories[0]?.messages.map((message) => message.id);
    for (const client of clients) {
      expect(client.view.map((message) => message.id), `client ${client.index}: live view`).toEqual(historyIds);
      expect(client.counts.liveDuplicates, `client ${client.index}: one message twice on one socket`).toBe(0);
      expect(client.counts.acknowledged).toBe(share(client.index));
    }
  }, 240_000);
});
