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

/** Every socket of a signed-in session sits in this room, so ending the session can close them all. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** The private user channel (contract.md section 7, realtime): every signed-in socket of a person. */
export const userRoom = (userId: number) => `user:${userId}`;
/** The private event channel: sockets of the event's members that subscribed. */
export const eventRoom = (eventId: number) => `event:${eventId}`;
/** A public chat channel's live readers (those who sent enter). */
export const chatRoom = (channelId: string) => `chat:${channelId}`;
/** The sockets in a video call: its signalling room (modules/calls/socket.ts). */
export const callRoom = (callId: string) => `call:${callId}`;

/** What a socket in a call tells the others (kept in socket.data, so every node can read it). */
export interface SocketCallEntry {
  user: { id: number; name: string; avatar_url: string | null };
  state: { audio: boolean; video: boolean; screen: boolean };
}

export interface SocketData {
  userId: number | null;
  sessionId: string | null;
  /** The calls this socket is in, by call id (uuids only). */
  calls?: Record<string, SocketCallEntry>;
}

/**
 * Socket.IO on the same HTTP server. The handshake carries the access token; private channels
 * are rooms a socket may join only after the same access check as the HTTP API. With Redis the
 * adapter spreads emits across nodes.
 */
/** Replaces the named commands on this client by ones whose rejections count as handled (callers still see them). */
function settleQuietly(client: object, names: string[]): void {
  for (const name of names) {
    const command = Reflect.get(client, name) as unknown;
    if (typeof command !== 'function') continue;
    Reflect.set(client, name, (...args: unknown[]) => {
      const result = Reflect.apply(command, client, args) as unknown;
      if (result instanceof Promise) result.catch(() => {});
      return result;
    });
  }
}

export class Realtime {
  readonly io: Server<Record<string, never>, Record<string, (payload: unknown) => void>, Record<string, never>, SocketData>;
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
      // The adapter neither awaits nor catches its publish and subscribe calls; a command still
      // queued when the node closes rejects with "Connection is closed". Mark those handled.
      for (const client of [pub, sub]) settleQuietly(client, ['publish', 'subscribe', 'psubscribe']);
      this.adapterClients.push(pub, sub);
      this.io.adapter(createAdapter(pub, sub));
    }

    this.io.use(async (socket, next) => {
      const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
      socket.data.userId = null;
      socket.data.sessionId = null;
      try {
        const claims = token ? await verifyAccessToken(secret, token) : null;
        if (claims && (await isSessionActive(db, claims.sessionId, claims.userId))) {
          socket.data.userId = claims.userId;
          socket.data.sessionId = claims.sessionId;
        }
        next();
      } catch (error) {
        next(error instanceof Error ? error : new Error('handshake failed'));
      }
    });

    this.io.on('connection', (socket) => {
      const { sessionId, userId } = socket.data;
      if (sessionId !== null && userId !== null) {
        // Join first, then look again: a session ended between the handshake and the join would
        // otherwise miss the disconnect broadcast.
        void (async () => {
          await socket.join([sessionRoom(sessionId), userRoom(userId)]);
          if (!(await isSessionActive(db, sessionId, userId))) socket.disconnect(true);
        })().catch((error: unknown) => log.warn({ err: error }, 'realtime session check failed'));
      }

      socket.on(SUBSCRIBE_EVENT, async (request: SubscribeEventRequest, ack?: (answer: SubscribeEventAck) => void) => {
        const reply = typeof ack === 'function' ? ack : () => {};
        const eventId = Number(request?.event_id);
        if (!Number.isInteger(eventId) || eventId < 1) return reply({ ok: false, error: 'invalid event' });
        if (socket.data.userId === null || socket.data.sessionId === null) return reply({ ok: false, error: 'sign in first' });
        try {
          // Every subscription checks the session again: a signed-out socket gets nothing new.
          if (!(await isSessionActive(db, socket.data.sessionId, socket.data.userId))) {
            reply({ ok: false, error: 'sign in first' });
            socket.disconnect(true);
            return;
          }
          const access = await loadAccess(db, socket.data.userId, eventId);
          if (!access.can('event.view') && !access.can('event.manage')) return reply({ ok: false, error: 'not a member' });
          await socket.join(eventRoom(eventId));
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
    const payload: ConfigChangedPayload = { event_id: eventId };
    this.io.to(eventRoom(eventId)).emit(CONFIG_CHANGED, payload);
  }

  /** Sends to every open page of one person (their private channel), on every node. */
  toUser(userId: number, event: string, payload: unknown): void {
    this.io.to(userRoom(userId)).emit(event, payload);
  }

  /** Sends to several people at once: one broadcast, each socket gets it once whatever rooms it is in. */
  toUsers(userIds: readonly number[], event: string, payload: unknown): void {
    if (userIds.length === 0) return;
    this.io.to([...new Set(userIds)].map(userRoom)).emit(event, payload);
  }

  /** Sends to the sockets of these rooms, on every node, once per socket. */
  emitTo(rooms: string[], event: string, payload: unknown): void {
    if (rooms.length > 0) this.io.to(rooms).emit(event, payload);
  }

  /**
   * Closes every socket of these sessions at once, on every node: with the Redis adapter,
   * disconnectSockets on a room is broadcast to the other nodes.
   */
  disconnectSessions(sessionIds: string[]): void {
    if (sessionIds.length === 0) return;
    this.io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  }

  /** Disconnects every socket, leaving the HTTP server to Fastify. */
  async close(): Promise<void> {
    this.io.local.disconnectSockets(true);
    this.io.engine.close();
    for (const client of this.adapterClients) client.disconnect();
  }
}
