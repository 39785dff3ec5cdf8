import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema/index.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { redisAvailable, requireRedis, testRedisUrl } from './support/redis.ts';

/**
 * The session check of event reads is remembered for a moment on a single node
 * (access/session-cache.ts): whatever changes through the server is still seen by the very next
 * request, and with REDIS_URL (several nodes) nothing is remembered.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function organiserAndMember(app: TestApp) {
  const { db } = app.database;
  const event = await createEvent(db);
  const networking = await createTicketType(db, event.id, { features: ['limited_meetings'] });
  const visitor = await createTicketType(db, event.id, { features: ['watch_lecture'] });
  const organiser = await createUser(db, { isOrganizer: true });
  await addMembership(db, event.id, organiser.id, { isOrganizer: true });
  const ann = await createUser(db);
  const member = await addMembership(db, event.id, ann.id, { ticketTypeId: networking.id });
  return {
    event,
    visitor,
    member,
    annHeaders: await authHeader(db, app.config.secret, ann.id),
    organiserHeaders: await authHeader(db, app.config.secret, organiser.id),
    directory: `/api/v1/${event.id}/members`,
  };
}

describe('the session access cache', () => {
  it('refuses a signed-out session on its very next read', async () => {
    const { annHeaders, directory } = await organiserAndMember(t);
    // Read twice: the second answer comes from the remembered check.
    for (let i = 0; i < 2; i += 1) expect((await t.app.inject({ method: 'GET', url: directory, headers: annHeaders })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: annHeaders })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: directory, headers: annHeaders });
    expect(after.statusCode).toBe(401);
  });

  it("sees an organiser's change of a ticket, and taking it back, on the next read", async () => {
    const { event, visitor, member, annHeaders, organiserHeaders, directory } = await organiserAndMember(t);
    expect((await t.app.inject({ method: 'GET', url: directory, headers: annHeaders })).statusCode).toBe(200);
    const changed = await t.app.inject({ method: 'PUT', url: `/api/admin/v1/events/${event.id}/members/${member.id}`, headers: organiserHeaders, payload: { ticket_type_id: visitor.id } });
    expect(changed.statusCode, changed.body).toBe(200);
    const locked = await t.app.inject({ method: 'GET', url: directory, headers: annHeaders });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toMatchObject({ code: 'section.locked' });
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/v1/events/${event.id}/members/${member.id}`, headers: organiserHeaders });
    expect(removed.statusCode, removed.body).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: `/api/v1/${event.id}/members/me`, headers: annHeaders });
    expect(gone.statusCode).not.toBe(200);
  });

  it('keeps one person from reading with another person’s session id', async () => {
    const { annHeaders, directory } = await organiserAndMember(t);
    expect((await t.app.inject({ method: 'GET', url: directory, headers: annHeaders })).statusCode).toBe(200);
    // Another person's valid token reads as that person, never as the remembered one.
    const stranger = await createUser(t.database.db);
    const theirs = await t.app.inject({ method: 'GET', url: directory, headers: await authHeader(t.database.db, t.config.secret, stranger.id) });
    expect(theirs.statusCode).toBe(403);
  });

  it('forgets a change made behind the server’s back after its time to live', async () => {
    const short = await createTestApp({}, { sessionAccessCacheMs: 3000 });
    try {
      const { annHeaders, directory } = await organiserAndMember(short);
      expect((await short.app.inject({ method: 'GET', url: directory, headers: annHeaders })).statusCode).toBe(200);
      // Revoked in the database directly (no request of this server saw it).
      await short.database.db.update(sessions).set({ revokedAt: new Date() });
      // Remembered (this is the cache at work, and why it is off with several nodes) ...
      expect((await short.app.inject({ method: 'GET', url: directory, headers: annHeaders })).statusCode).toBe(200);
      // ... for no longer than its time to live.
      await new Promise((resolve) => setTimeout(resolve, 3100));
      expect((await short.app.inject({ method: 'GET', url: directory, headers: annHeaders })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('with REDIS_URL (several nodes)', () => {
  it.runIf(redisAvailable)('remembers nothing: a revocation by another node is seen at once', async () => {
    requireRedis();
    const node = await createTestApp({ REDIS_URL: testRedisUrl });
    try {
      const { annHeaders, directory } = await organiserAndMember(node);
      expect((await node.app.inject({ method: 'GET', url: directory, headers: annHeaders })).statusCode).toBe(200);
      // Another node's sign-out is a row in the shared database, which this node never heard of.
      await node.database.db.update(sessions).set({ revokedAt: new Date() });
      expect((await node.app.inject({ method: 'GET', url: directory, headers: annHeaders })).statusCode).toBe(401);
    } finally {
      await node.close();
    }
  });
});
