import { CONFIG_CHANGED, REALTIME_PATH, SUBSCRIBE_EVENT, type ConfigChangedPayload, type SubscribeEventAck, type SubscribeEventRequest } from '@lobby/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { loadAccess } from '../access/access.ts';
import { isSessionActive } from '../auth/sessions.ts';
import { verifyAccessToken } from '../auth/tokens.ts';
import type { Db } from '../db/client.ts';
import type { RedisHandle } from '../redis.ts';

interface SocketData {
  userId: number | null;
}

/**
 * Socket.IO on the same HTTP server. The handshake carries the access token; private channels
 * are rooms a socket may join only after the same access check as the HTTP API. With Redis the
 * adapter spreads emits across nodes.
 */
export class Realtime {
  readonly io: Server<Record<string, never>, Record<string, (payload: ConfigChangedPayload) => void>, Record<string, never>, SocketData>;
  private readonly adapterClients: { disconnect(): void }[] = [];

  constructor(httpServer: HttpServer, db: Db, secret: string, log: FastifyBaseLogger, redis?: RedisHandle) {
    this.io = new Server(httpServer, { path: REALTIME_PATH, serveClient: false, cors: undefined, transports: ['websocket', 'polling'] });
    if (redis) {
      // The adapter's own commands must wait for Redis rather than fail: a rejected subscribe would
      // be an unhandled rejection, and a node must survive Redis being away.
      const pub = redis.client.duplicate({ maxRetriesPerRequest: null });
      const sub = redis.client.duplicate({ maxRetriesPerRequest: null });
      pub.on('error', () => {});
      sub.on('error', () => {});
      this.adapterClients.push(pub, sub);
      this.io.adapter(createAdapter(pub, sub));
    }

    this.io.use(async (socket, next) => {
      const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
      socket.data.userId = null;
      if (token) {
        const claims = await verifyAccessToken(secret, token);
        if (claims && (await isSessionActive(db, claims.sessionId, claims.userId))) socket.data.userId = claims.userId;
      }
      next();
    });

    this.io.on('connection', (socket) => {
      socket.on(SUBSCRIBE_EVENT, async (request: SubscribeEventRequest, ack?: (answer: SubscribeEventAck) => void) => {
        const reply = typeof ack === 'function' ? ack : () => {};
        const eventId = Number(request?.event_id);
        if (!Number.isInteger(eventId) || eventId < 1) return reply({ ok: false, error: 'invalid event' });
        if (socket.data.userId === null) return reply({ ok: false, error: 'sign in first' });
        try {
          const access = await loadAccess(db, socket.data.userId, eventId);
          if (!access.can('event.view') && !access.can('event.manage')) return reply({ ok: false, error: 'not a member' });
          await socket.join(`event:${eventId}`);
          reply({ ok: true });
        } catch (error) {
          log.warn({ err: error }, 'event subscription failed');
          reply({ ok: false, error: 'failed' });
        }
      });
    });
  }

  /** Tells every open page of the event to reload its configuration. */
  configChanged(eventId: number): void {
    this.io.to(`event:${eventId}`).emit(CONFIG_CHANGED, { event_id: eventId });
  }

  /** Disconnects every socket, leaving the HTTP server to Fastify. */
  async close(): Promise<void> {
    this.io.local.disconnectSockets(true);
    this.io.engine.close();
    for (const client of this.adapterClients) client.disconnect();
  }
}
