// One receiving process of the chat fan-out bench (bench/chat-fanout.ts forks several, so the
// receiving side is not the bottleneck): opens its share of Socket.IO connections to each server
// under test (each its own WebSocket), enters the page chat on each, and for every `recieve`
// notes the delivery latency: the send time carried in the message text
// ("bench <group> <index> <ms since the epoch>") against the receive time. All processes run on
// one machine and share the clock (performance.timeOrigin + performance.now(), sub-millisecond).
// Talks to the bench process over IPC.
import { io, type Socket } from 'socket.io-client';

export type ToClients =
  /** Opens one socket per token (undefined for the bare baseline, which checks none) to url, as group `group`. */
  | { type: 'connect'; group: number; url: string; tokens: (string | undefined)[]; channelId: string }
  | { type: 'report' }
  | { type: 'exit' };

export type FromClients =
  | { type: 'ready'; group: number; connected: number; failed: number }
  | { type: 'got'; group: number; index: number }
  | { type: 'report'; latencies: Record<string, number[]> };

const now = () => performance.timeOrigin + performance.now();
const send = (message: FromClients) => process.send?.(message);

/** Sockets per group. */
const groups = new Map<number, Socket[]>();
/** Per "group:index", the latency of each delivery in ms. */
const latencies = new Map<string, number[]>();

function open(group: number, url: string, token: string | undefined, channelId: string): Promise<Socket> {
  return new Promise<Socket>((resolve, reject) => {
    // forceNew: one WebSocket per socket, as 2,000 browsers would have (the client otherwise
    // multiplexes every socket to one address over a single connection).
    const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, reconnection: false, forceNew: true, timeout: 60_000 });
    socket.on('recieve', (message: { channel_id?: string; text?: string }) => {
      const at = now();
      if (message.channel_id !== channelId || !message.text?.startsWith('bench ')) return;
      const [, from, index, sentAt] = message.text.split(' ');
      if (Number(from) !== group) return;
      const key = `${group}:${index}`;
      let list = latencies.get(key);
      if (!list) latencies.set(key, (list = []));
      list.push(at - Number(sentAt));
      if (list.length === groups.get(group)?.length) send({ type: 'got', group, index: Number(index) });
    });
    socket.once('connect', async () => {
      try {
        for (let attempt = 0; ; attempt += 1) {
          const ack = (await socket.timeout(60_000).emitWithAck('enter', { channel_id: channelId })) as { ok: boolean; error?: string };
          if (ack.ok) break;
          if (attempt === 20) throw new Error(`enter refused: ${ack.error ?? ''}`);
          await new Promise((done) => setTimeout(done, 500));
        }
        resolve(socket);
      } catch (error) {
        socket.close();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

process.on('message', async (message: ToClients) => {
  if (message.type === 'connect') {
    const sockets: Socket[] = [];
    let failed = 0;
    // A few at a time: every handshake checks a session and every enter reads the channel and the access.
    for (let at = 0; at < message.tokens.length; at += 25) {
      const batch = message.tokens.slice(at, at + 25);
      const opened = await Promise.allSettled(batch.map((token) => open(message.group, message.url, token, message.channelId)));
      for (const result of opened) {
        if (result.status === 'fulfilled') sockets.push(result.value);
        else failed += 1;
      }
    }
    groups.set(message.group, sockets);
    send({ type: 'ready', group: message.group, connected: sockets.length, failed });
  } else if (message.type === 'report') {
    send({ type: 'report', latencies: Object.fromEntries(latencies) });
    latencies.clear();
  } else if (message.type === 'exit') {
    for (const sockets of groups.values()) for (const socket of sockets) socket.close();
    process.exit(0);
  }
});
