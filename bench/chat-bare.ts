// The chat fan-out bench's bare baseline (bench/chat-fanout.ts), in its own process: a plain
// Node HTTP server with Socket.IO on the same path Lobby uses. `enter` joins the room of the
// channel at once (no token, no session or access check); POST /bare/post broadcasts a message
// shaped and sized like Lobby's ChatMessage to that room with the same event name. With
// BENCH_REDIS_URL set it uses the Redis adapter, as Lobby does with REDIS_URL, so two of these
// make the two-node baseline. Answers GET /api/health for startChild.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

const http = createServer();
const io = new Server(http, { path: '/socket.io', serveClient: false, transports: ['websocket', 'polling'] });
const redisUrl = process.env.BENCH_REDIS_URL;
const redis = redisUrl ? [new Redis(redisUrl, { maxRetriesPerRequest: null }), new Redis(redisUrl, { maxRetriesPerRequest: null })] : [];
const [pub, sub] = redis;
// Its own channel prefix: Lobby's nodes may publish on the same Redis in the same run.
if (pub && sub) io.adapter(createAdapter(pub, sub, { key: 'lobby-bench-bare' }));

io.on('connection', (socket) => {
  socket.on('enter', async (request: { channel_id?: unknown } | undefined, ack?: unknown) => {
    const channelId = typeof request?.channel_id === 'string' ? request.channel_id : '';
    await socket.join(`chat:${channelId}`);
    const answer = { channel_id: channelId, ok: true };
    socket.emit('enter_complete', answer);
    if (typeof ack === 'function') (ack as (payload: unknown) => void)(answer);
  });
});

let seq = 0;
http.on('request', (request, response) => {
  if (request.method === 'GET' && request.url === '/api/health') {
    response.setHeader('content-type', 'application/json');
    response.end('{"status":"ok"}');
    return;
  }
  // Socket.IO answers its own path.
  if (request.url?.startsWith('/socket.io')) return;
  if (request.method !== 'POST' || request.url !== '/bare/post') {
    response.statusCode = 404;
    response.end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString()) as { channel_id: string; message: string; uuid?: string };
    seq += 1;
    const now = new Date().toISOString();
    // The fields and sizes of Lobby's ChatMessage for a public page chat.
    const message = {
      id: 100_000 + seq,
      uuid: body.uuid ?? randomUUID(),
      seq,
      channel_id: body.channel_id,
      event_id: 1,
      is_visible: true,
      created_at: now,
      updated_at: now,
      text: body.message,
      custom_type: null,
      custom_data: { event_id: 1 },
      reply_message_id: null,
      reply_message: null,
      attachments: [],
      sender: { id: 1, name: 'Reader Bench0', icon_url: null, is_subscription_active: false },
      channel_access: 'public',
      channel_entity_id: null,
      channel_entity_type: null,
      read_by: [],
    };
    io.to(`chat:${body.channel_id}`).emit('recieve', message);
    response.statusCode = 201;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ data: message }));
  });
});

const stop = () => {
  io.close();
  for (const client of redis) client.disconnect();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
http.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
