import { CONFIG_CHANGED, REALTIME_PATH, SUBSCRIBE_EVENT, type SubscribeEventAck } from '@lobby/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, authHeader, createEvent, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { redisAvailable, requireRedis, testRedisUrl } from './support/redis.ts';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const connect = (token?: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(url, { path: REALTIME_PATH, transports: ['websocket'], auth: token ? { token } : {}, reconnection: false });
    sockets.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

const subscribe = (socket: Socket, eventId: number) => socket.timeout(2000).emitWithAck(SUBSCRIBE_EVENT, { event_id: eventId }) as Promise<SubscribeEventAck>;
const tokenOf = async (userId: number) => (await authHeader(t.database.db, t.config.secret, userId)).authorization?.slice(7);

describe('private event channel', () => {
  it('lets members in, keeps others out, and delivers config-changed when the organiser edits', async () => {
    const { db } = t.database;
    const event = await createEvent(db);
    const member = await createUser(db);
    const stranger = await createUser(db);
    const organiser = await createUser(db, { isOrganizer: true });
    await addMembership(db, event.id, member.id);
    await addMembership(db, event.id, organiser.id, { isOrganizer: true });

    const memberSocket = await connect(await tokenOf(member.id));
    expect(await subscribe(memberSocket, event.id)).toEqual({ ok: true });
    expect(await subscribe(await connect(await tokenOf(stranger.id)), event.id)).toEqual({ ok: false, error: 'not a member' });
    expect(await subscribe(await connect(), event.id)).toEqual({ ok: false, error: 'sign in first' });
    expect(await subscribe(await connect('forged.token'), event.id)).toEqual({ ok: false, error: 'sign in first' });

    const received = new Promise<unknown>((resolve) => memberSocket.once(CONFIG_CHANGED, (payload: unknown) => resolve(payload)));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/v1/events/${event.id}/brandings`,
      headers: await authHeader(db, t.config.secret, organiser.id),
      payload: { items: [] },
    });
    expect(res.statusCode).toBe(200);
    expect(await received).toEqual({ event_id: event.id });
  });
});

describe('across nodes', () => {
  it.runIf(redisAvailable)('delivers config-changed from one node to sockets of another through Redis', async () => {
    requireRedis();
    const { buildApp } = await import('../src/app.ts');
    const { loadConfig } = await import('../src/config.ts');
    const { db } = t.database;
    const nodeConfig = loadConfig({ DATA_DIR: t.config.dataDir, LOBBY_DEMO: '0', LOG_LEVEL: 'silent', WEB_DIST: t.config.webDist, REDIS_URL: testRedisUrl, LOBBY_SECRET: t.config.secret });
    const a = await buildApp(nodeConfig, { database: t.database, logger: false, jobs: { start: false } });
    const b = await buildApp(nodeConfig, { database: t.database, logger: false, jobs: { start: false } });
    try {
      const urlA = await a.listen({ port: 0, host: '127.0.0.1' });
      const event = await createEvent(db);
      const member = await createUser(db);
      const organiser = await createUser(db, { isOrganizer: true });
      await addMembership(db, event.id, member.id);
      await addMembership(db, event.id, organiser.id, { isOrganizer: true });
      const socket = io(urlA, { path: REALTIME_PATH, transports: ['websocket'], auth: { token: await tokenOf(member.id) }, reconnection: false });
      sockets.push(socket);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      expect(await subscribe(socket, event.id)).toEqual({ ok: true });
      const received = new Promise<unknown>((resolve) => socket.once(CONFIG_CHANGED, (payload: unknown) => resolve(payload)));
      const res = await b.inject({ method: 'PUT', url: `/api/admin/v1/events/${event.id}/brandings`, headers: await authHeader(db, t.config.secret, organiser.id), payload: { items: [] } });
      expect(res.statusCode).toBe(200);
      expect(await received).toEqual({ event_id: event.id });
    } finally {
      await a.close();
      await b.close();
    }
  });
});
