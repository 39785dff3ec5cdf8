import type { AuthSession } from '@lobby/contract';
import { REALTIME_PATH, SUBSCRIBE_EVENT, type SubscribeEventAck } from '@lobby/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeSession } from '../src/auth/sessions.ts';
import { bearer, lastMail, post, signInWithPassword, tokenIn, userWithPassword } from './auth-helpers.ts';
import { addMembership, createEvent } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { redisAvailable, testRedisUrl } from './support/redis.ts';

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

const connect = (session: AuthSession, at = url) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(at, { path: REALTIME_PATH, transports: ['websocket'], auth: { token: session.access_token }, reconnection: false });
    sockets.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

const subscribe = (socket: Socket, eventId: number) => socket.timeout(2000).emitWithAck(SUBSCRIBE_EVENT, { event_id: eventId }) as Promise<SubscribeEventAck>;

/** Resolves with the reason when the server closes the socket. */
const closed = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

const sessionIdOf = (session: AuthSession) => (JSON.parse(Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;

/** A member of an event with `count` signed-in sessions, each with a subscribed socket. */
async function memberWithSockets(count: number, at = url) {
  const { db } = t.database;
  const event = await createEvent(db);
  const user = await userWithPassword(db);
  await addMembership(db, event.id, user.id);
  const devices = [];
  for (let i = 0; i < count; i += 1) {
    const session = await signInWithPassword(t.app, user.email, 'correct horse 1');
    const socket = await connect(session, at);
    expect(await subscribe(socket, event.id)).toEqual({ ok: true });
    devices.push({ session, socket, closed: closed(socket) });
  }
  return { user, event, devices };
}

describe('realtime follows the end of a session', () => {
  it('checks the session on every subscription', async () => {
    const { event, devices } = await memberWithSockets(1);
    const [device] = devices;
    if (!device) throw new Error('no device');
    // Revoked in the database only, with no broadcast: the next subscription still finds out.
    await revokeSession(t.database.db, sessionIdOf(device.session), 'test');
    expect(await subscribe(device.socket, event.id)).toEqual({ ok: false, error: 'sign in first' });
    expect(await device.closed).toBe('io server disconnect');
  });

  it('disconnects the sockets of a session that logs out, and only those', async () => {
    const { devices } = await memberWithSockets(2);
    const [gone, staying] = devices;
    if (!gone || !staying) throw new Error('no devices');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(gone.session) })).statusCode).toBe(200);
    expect(await gone.closed).toBe('io server disconnect');
    expect(staying.socket.connected).toBe(true);
  });

  it('disconnects the other sessions on logout-others and on change of password', async () => {
    const { devices } = await memberWithSockets(3);
    const [here, other, third] = devices;
    if (!here || !other || !third) throw new Error('no devices');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout-others', headers: bearer(here.session) })).json()).toEqual({ data: { revoked: 2 } });
    expect(await other.closed).toBe('io server disconnect');
    expect(await third.closed).toBe('io server disconnect');
    expect(here.socket.connected).toBe(true);

    const more = await memberWithSockets(2);
    const [keeper, dropped] = more.devices;
    if (!keeper || !dropped) throw new Error('no devices');
    const change = await t.app.inject({ method: 'POST', url: '/api/v1/users/me/change-password', headers: bearer(keeper.session), payload: { current_password: 'correct horse 1', password: 'another horse 2', password_confirmation: 'another horse 2' } });
    expect(change.json()).toEqual({ data: { revoked: 1 } });
    expect(await dropped.closed).toBe('io server disconnect');
    expect(keeper.socket.connected).toBe(true);
  });

  it('disconnects every session on reset of password', async () => {
    const { user, devices } = await memberWithSockets(2);
    expect((await post(t.app, '/api/v1/auth/recovery', { email: user.email })).statusCode).toBe(202);
    const token = tokenIn((await lastMail(t.database.db, user.email, 'password_recovery')).text);
    expect((await post(t.app, '/api/v1/auth/reset-password', { token, password: 'reset horse 3', password_confirmation: 'reset horse 3' })).statusCode).toBe(200);
    for (const device of devices) expect(await device.closed).toBe('io server disconnect');
  });

  it('disconnects a session whose used refresh token comes back (theft)', async () => {
    const { devices } = await memberWithSockets(1);
    const [device] = devices;
    if (!device) throw new Error('no device');
    expect((await post(t.app, '/api/v1/auth/refresh', { refresh_token: device.session.refresh_token })).statusCode).toBe(200);
    expect((await post(t.app, '/api/v1/auth/refresh', { refresh_token: device.session.refresh_token })).statusCode).toBe(401);
    expect(await device.closed).toBe('io server disconnect');
  });

  it.runIf(redisAvailable)('disconnects sockets held by another node through Redis', async () => {
    const { buildApp } = await import('../src/app.ts');
    const { loadConfig } = await import('../src/config.ts');
    const nodeConfig = loadConfig({ DATA_DIR: t.config.dataDir, LOBBY_DEMO: '0', LOG_LEVEL: 'silent', WEB_DIST: t.config.webDist, REDIS_URL: testRedisUrl, LOBBY_SECRET: t.config.secret });
    const a = await buildApp(nodeConfig, { database: t.database, logger: false, jobs: { start: false } });
    const b = await buildApp(nodeConfig, { database: t.database, logger: false, jobs: { start: false } });
    try {
      const urlA = await a.listen({ port: 0, host: '127.0.0.1' });
      const { devices } = await memberWithSockets(1, urlA);
      const [device] = devices;
      if (!device) throw new Error('no device');
      expect((await b.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(device.session) })).statusCode).toBe(200);
      expect(await device.closed).toBe('io server disconnect');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
