import { afterEach, describe, expect, it } from 'vitest';
import { post, userWithPassword } from './auth-helpers.ts';
import { authHeader } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * The account-takeover path of the review: request a magic link for someone, read it in the local
 * mailbox, sign in as them. The mailbox must be closed to strangers whenever the server is
 * reachable from the network, and absent outside demo mode or with SMTP.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function mailboxAfterMagicLink(env: Record<string, string>, headers: (app: TestApp) => Promise<Record<string, string>> = async () => ({})) {
  // Demo mode is what opens the mailbox; none of these reads the demo's data.
  t = await createTestApp(env, { seed: false });
  const victim = await userWithPassword(t.database.db, 'correct horse 1', { isStaff: true });
  expect((await post(t.app, '/api/v1/auth/magic-link', { email: victim.email })).statusCode).toBe(202);
  const h = await headers(t);
  const list = await t.app.inject({ method: 'GET', url: '/api/v1/mailbox', headers: h });
  const one = await t.app.inject({ method: 'GET', url: '/api/v1/mailbox/1', headers: h });
  return { list, one };
}

describe('local mailbox exposure', () => {
  it('is readable by a guest in demo mode on a loopback-only server', async () => {
    const { list } = await mailboxAfterMagicLink({ LOBBY_DEMO: '1', HOST: '127.0.0.1' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.length).toBeGreaterThan(0);
  });

  it('turns a guest away when the demo listens on the network, even behind a local proxy', async () => {
    const { list, one } = await mailboxAfterMagicLink({ LOBBY_DEMO: '1', HOST: '0.0.0.0', PUBLIC_URL: 'https://lobby.example.org' });
    expect(list.statusCode).toBe(401);
    expect(list.json().error.code).toBe('auth.unauthorized');
    expect(one.statusCode).toBe(401);
    expect(JSON.stringify(list.json())).not.toContain('/auth/magic/');
  });

  it('turns a signed-in non-staff person away on a networked demo', async () => {
    const { list, one } = await mailboxAfterMagicLink({ LOBBY_DEMO: '1', HOST: '0.0.0.0' }, async (app) => {
      const stranger = await userWithPassword(app.database.db, 'correct horse 2');
      return authHeader(app.database.db, app.config.secret, stranger.id);
    });
    expect(list.statusCode).toBe(403);
    expect(one.statusCode).toBe(403);
  });

  it('lets platform staff read it on a networked demo', async () => {
    const { list } = await mailboxAfterMagicLink({ LOBBY_DEMO: '1', HOST: '0.0.0.0' }, async (app) => {
      const staff = await userWithPassword(app.database.db, 'correct horse 3', { isStaff: true });
      return authHeader(app.database.db, app.config.secret, staff.id);
    });
    expect(list.statusCode).toBe(200);
  });

  it.each([
    ['the demo is off', { LOBBY_DEMO: '0', HOST: '127.0.0.1' }],
    ['mail goes out by SMTP', { LOBBY_DEMO: '1', HOST: '127.0.0.1', SMTP_URL: 'smtp://127.0.0.1:1' }],
    ['the demo is off on the network with https', { LOBBY_DEMO: '0', HOST: '0.0.0.0', PUBLIC_URL: 'https://lobby.example.org' }],
  ])('does not exist when %s', async (_, env) => {
    const { list, one } = await mailboxAfterMagicLink(env);
    expect(list.statusCode).toBe(404);
    expect(one.statusCode).toBe(404);
  });

  it('tells the web app whether to offer the mailbox', async () => {
    t = await createTestApp({ LOBBY_DEMO: '1', HOST: '0.0.0.0' }, { seed: false });
    expect(t.config.mailbox).toBe('staff');
  });
});

describe('local mailbox contents', () => {
  it('lists every kind of mail, meeting mails included', async () => {
    t = await createTestApp({ LOBBY_DEMO: '1', HOST: '127.0.0.1' }, { seed: false });
    const { meetingWorld, at } = await import('./meetings-fixtures.ts');
    const w = await meetingWorld(t);
    const a = await w.person();
    const b = await w.person();
    const created = await t.app.inject({ method: 'POST', url: `/api/v1/${w.eventId}/meetings`, headers: a.headers, payload: { member_id: b.memberId, starts_at: at('09:00') } });
    expect(created.statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/mailbox' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((mail: { kind: string }) => mail.kind)).toContain('meeting_request_sent');
  });
});
