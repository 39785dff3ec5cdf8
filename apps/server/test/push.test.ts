// Push registration and the notification dispatcher against a local push service (issue 18): the
// receiver decrypts each message with the subscription's own keys and checks the VAPID JWT.
import { pushRoute, REALTIME_PATH, type PushData } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, notifications, pushDeliveries, pushSubscriptions } from '../src/db/schema/index.ts';
import { DISPATCH_JOB } from '../src/modules/push/kinds.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { at, meetingWorld } from './meetings-fixtures.ts';
import { PushReceiver, type BrowserSubscription } from './support/push-receiver.ts';
import { TEST_CERT } from './support/tls-fixture.ts';

let t: TestApp;
let url: string;
const receiver = new PushReceiver();

beforeAll(async () => {
  await receiver.start();
  t = await createTestApp({ PUBLIC_URL: 'https://lobby.example.org' }, { pushTransport: { ca: TEST_CERT } });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await receiver.stop();
});

/** Runs the queue until it is empty of due work (a bounded number of turns). */
async function drain(): Promise<void> {
  for (let turn = 0; turn < 20; turn += 1) if ((await t.app.deps.jobs.runOnce()) === 0) return;
}

const register = (headers: Record<string, string>, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/push/v1/user', headers, payload: payload as Record<string, unknown> });
const subscribe = (headers: Record<string, string>, subscription: BrowserSubscription) => register(headers, { platform: 'web', token: subscription.endpoint, keys: subscription.keys, timezone: 3 });

async function person() {
  const user = await createUser(t.database.db);
  return { user, headers: await authHeader(t.database.db, t.config.secret, user.id) };
}

const routing = { productHosts: ['lobby.example.org'], singleEvent: false };

describe('push registration', () => {
  it('registers a web subscription, moves a known token to the signed-in person, unregisters only one\'s own', async () => {
    const a = await person();
    const b = await person();
    const sub = receiver.subscribe();
    const first = await subscribe(a.headers, sub);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: { registered: true } });
    const stored = () => t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.token, sub.endpoint));
    expect(await stored()).toMatchObject([{ userId: a.user.id, platform: 'web', keys: sub.keys, timezoneOffset: 180 }]);

    // The same browser, now signed in as b: one row, b's.
    expect((await subscribe(b.headers, sub)).statusCode).toBe(200);
    expect((await stored()).map((row) => row.userId)).toEqual([b.user.id]);

    // a may not remove b's device; b may.
    const notMine = await t.app.inject({ method: 'DELETE', url: '/api/push/v1/user', headers: a.headers, payload: { token: sub.endpoint } });
    expect(notMine.json()).toEqual({ data: { registered: false } });
    expect(await stored()).toHaveLength(1);
    const mine = await t.app.inject({ method: 'DELETE', url: '/api/push/v1/user', headers: b.headers, payload: { token: sub.endpoint } });
    expect(mine.statusCode).toBe(200);
    expect(await stored()).toHaveLength(0);
  });

  it('takes native tokens without keys', async () => {
    const a = await person();
    const res = await register(a.headers, { platform: 'android', token: 'fcm-token:APA91b_x-y', timezone: -5.5 });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.token, 'fcm-token:APA91b_x-y'));
    expect(row).toMatchObject({ platform: 'android', keys: null, timezoneOffset: -330 });
  });

  it.each([
    ['an http endpoint', { platform: 'web', token: 'http://127.0.0.1:9/push/1', keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } }, 422, 'push.token_invalid'],
    ['a web token that is no address', { platform: 'web', token: 'not-an-address', keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } }, 422, 'push.token_invalid'],
    ['a web subscription without keys', { platform: 'web', token: 'https://push.example.org/s/1' }, 422, 'push.token_invalid'],
    ['a native token with spaces', { platform: 'ios', token: 'a token with spaces' }, 422, 'push.token_invalid'],
    ['an unknown platform', { platform: 'symbian', token: 'abcdefghijk' }, 400, 'validation.failed'],
    ['a short token', { platform: 'android', token: 'abc' }, 400, 'validation.failed'],
    ['malformed keys', { platform: 'web', token: 'https://push.example.org/s/1', keys: { p256dh: '!!', auth: '??' } }, 400, 'validation.failed'],
    ['a timezone off the globe', { platform: 'android', token: 'abcdefghijk', timezone: 30 }, 400, 'validation.failed'],
    ['no body', undefined, 400, 'validation.failed'],
  ] as const)('refuses %s', async (_name, payload, status, code) => {
    const a = await person();
    const res = await register(a.headers, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
  });

  it('needs a signed-in person; the VAPID key is public', async () => {
    expect((await register({}, { platform: 'android', token: 'abcdefghijk' })).statusCode).toBe(401);
    const key = await t.app.inject({ method: 'GET', url: '/api/push/v1/vapid' });
    expect(key.json()).toEqual({ data: { public_key: t.config.push.vapid.publicKey } });
    expect(Buffer.from(t.config.push.vapid.publicKey, 'base64url')).toHaveLength(65);
  });
});

describe('the dispatcher', () => {
  it('pushes a meeting request made through the API to the invitee, routed to the meeting as an invite, once', async () => {
    const w = await meetingWorld(t);
    const alice = await w.person();
    const bob = await w.person();
    const phone = receiver.subscribe();
    const laptop = receiver.subscribe();
    expect((await subscribe(bob.headers, phone)).statusCode).toBe(200);
    expect((await subscribe(bob.headers, laptop)).statusCode).toBe(200);
    const made = await t.app.inject({ method: 'POST', url: `/api/v1/${w.eventId}/meetings`, headers: alice.headers, payload: { member_id: bob.memberId, starts_at: at('10:00') } });
    expect(made.statusCode, made.body).toBe(201);
    const meetingId = made.json().data.id as number;
    await drain();

    for (const device of [phone, laptop]) {
      const [push, ...more] = receiver.to(device);
      expect(more).toHaveLength(0);
      expect(push?.error).toBeNull();
      expect(push?.vapid?.claims).toMatchObject({ aud: receiver.origin, sub: 'https://lobby.example.org' });
      expect(push?.vapid?.publicKey).toBe(t.config.push.vapid.publicKey);
      expect(push?.headers.ttl).toBe('86400');
      expect(push?.headers.urgency).toBe('high');
      const payload = push?.payload as { title: string; body: string; data: PushData };
      expect(payload.data).toMatchObject({ type: 'new_meeting_request', meeting_id: meetingId, event_id: w.eventId });
      expect(payload.body).toMatch(/requests a meeting on \d\d\.\d\d\.\d{4} at \d\d:\d\d/);
      const [event] = await t.database.db.execute<{ slug: string }>(`select slug from events where id = ${w.eventId}`).then((r) => (r as unknown as { rows: { slug: string }[] }).rows);
      expect(pushRoute(payload.data, routing)).toEqual({ kind: 'app', path: `/events/${event?.slug}/meetings/list/${meetingId}?isInvite=true` });
    }

    // Running the same dispatch again (a second node, a retry after a crash) sends nothing more.
    const [notification] = await t.database.db.select().from(notifications).where(and(eq(notifications.meetingId, meetingId), eq(notifications.userId, bob.userId)));
    await t.database.db.insert(jobs).values({ kind: DISPATCH_JOB, payload: { ids: [notification?.id] } });
    await drain();
    await drain();
    expect(receiver.to(phone)).toHaveLength(1);
    expect(receiver.to(laptop)).toHaveLength(1);
    expect(await t.database.db.select().from(pushDeliveries).where(eq(pushDeliveries.notificationId, notification?.id ?? 0))).toHaveLength(2);
  });

  it('deletes a subscription the push service says is gone, and retries one that asked to wait', async () => {
    const w = await meetingWorld(t);
    const alice = await w.person();
    const bob = await w.person();
    const gone = receiver.subscribe();
    const busy = receiver.subscribe();
    await subscribe(bob.headers, gone);
    await subscribe(bob.headers, busy);
    receiver.statusFor.set(new URL(gone.endpoint).pathname, 410);
    receiver.statusFor.set(new URL(busy.endpoint).pathname, 503);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/${w.eventId}/meetings`, headers: alice.headers, payload: { member_id: bob.memberId, starts_at: at('10:30') } })).statusCode).toBe(201);
    await drain();
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.token, gone.endpoint))).toHaveLength(0);
    expect(receiver.to(busy)).toHaveLength(1);

    // The job failed for the busy device and waits for its back-off; the service is back.
    receiver.statusFor.delete(new URL(busy.endpoint).pathname);
    await t.database.db.update(jobs).set({ runAt: new Date() }).where(and(eq(jobs.kind, DISPATCH_JOB), eq(jobs.attempts, 1)));
    await drain();
    expect(receiver.to(busy)).toHaveLength(2);
    expect(receiver.to(gone)).toHaveLength(1);
    await drain();
    expect(receiver.to(busy)).toHaveLength(2);
  });
});

describe('chat pushes', () => {
  async function chatPair() {
    const event = await createEvent(t.database.db);
    const ticket = await createTicketType(t.database.db, event.id, { features: ['unlimited_chats'] });
    const people = await Promise.all([0, 1].map(async () => {
      const p = await person();
      await addMembership(t.database.db, event.id, p.user.id, { ticketTypeId: ticket.id });
      return p;
    }));
    const [sender, reader] = people as [Awaited<ReturnType<typeof person>>, Awaited<ReturnType<typeof person>>];
    const opened = await t.app.inject({ method: 'GET', url: `/api/v1/chat/channels/user/${reader.user.id}?filter[related_id]=${event.id}`, headers: sender.headers });
    const channelId = opened.json().data.uuid as string;
    const send = (text: string) => t.app.inject({ method: 'POST', url: `/api/v1/chat/channels/${channelId}/messages`, headers: sender.headers, payload: { text } });
    return { event, sender, reader, channelId, send };
  }

  it('pushes a private message to a recipient away from Lobby, once per channel in the window', async () => {
    const { event, reader, channelId, send } = await chatPair();
    const device = receiver.subscribe();
    await subscribe(reader.headers, device);
    expect((await send('Are you at the booth?')).statusCode).toBe(201);
    expect(receiver.to(device)).toHaveLength(0);
    await drain();
    const [push] = receiver.to(device);
    const payload = push?.payload as { body: string; data: PushData };
    expect(payload.data).toMatchObject({ type: 'new_message', channel_id: channelId, event_slug: event.slug });
    expect(payload.body).toContain('Are you at the booth?');
    expect(pushRoute(payload.data, routing)).toEqual({ kind: 'app', path: `/events/${event.slug}/chats/${channelId}` });

    await send('Hello?');
    await drain();
    expect(receiver.to(device)).toHaveLength(1);
  });

  it('pushes nothing to a recipient with a page of Lobby open', async () => {
    const { reader, send } = await chatPair();
    const device = receiver.subscribe();
    await subscribe(reader.headers, device);
    const socket = io(url, { path: REALTIME_PATH, transports: ['websocket'], auth: { token: reader.headers.authorization?.slice(7) }, reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      // The socket joins its person's room right after the handshake.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await send('I see you online');
      await drain();
      expect(receiver.to(device)).toHaveLength(0);
      expect(await t.database.db.select().from(notifications).where(and(eq(notifications.userId, reader.user.id), eq(notifications.type, 'new_message')))).toHaveLength(0);
    } finally {
      socket.close();
    }
  });
});
