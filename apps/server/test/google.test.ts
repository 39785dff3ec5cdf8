import type { AuthSession } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { post, userWithPassword } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { passThroughProvider, startOidcProvider, type LocalOidc } from './support/oidc-provider.ts';

const PUBLIC_URL = 'http://lobby.test';
const CALLBACK = `${PUBLIC_URL}/api/v1/auth/google/callback`;
let idp: LocalOidc;
let t: TestApp;

beforeAll(async () => {
  idp = await startOidcProvider([CALLBACK], { 'unverified@example.test': { given_name: 'Un', family_name: 'Verified', email_verified: false } });
  t = await createTestApp({ PUBLIC_URL, GOOGLE_CLIENT_ID: idp.clientId, GOOGLE_CLIENT_SECRET: idp.clientSecret, GOOGLE_ISSUER: idp.issuer });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

/** Lobby -> provider (log in as `email`) -> Lobby callback -> web page with a ticket. */
async function googleRoundTrip(email: string, redirect = '/events'): Promise<URL> {
  const start = await t.app.inject({ method: 'GET', url: `/api/v1/auth/google?redirect=${encodeURIComponent(redirect)}` });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(String(start.headers.location));
  expect(authorize.origin).toBe(idp.issuer);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  const back = await passThroughProvider(authorize.href, email, CALLBACK);
  const finish = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(finish.statusCode).toBe(302);
  return new URL(String(finish.headers.location), PUBLIC_URL);
}

describe('Google sign-in (OpenID Connect, code + PKCE) against a real provider', () => {
  it('creates an account for a new verified e-mail and signs in through a one-time ticket', async () => {
    const landing = await googleRoundTrip('grace@example.test');
    expect(landing.pathname).toBe('/auth/google');
    expect(landing.searchParams.get('redirect')).toBe('/events');
    const ticket = landing.searchParams.get('ticket') ?? '';
    const res = await post(t.app, '/api/v1/auth/google/exchange', { ticket });
    expect(res.statusCode).toBe(200);
    const session = res.json<{ data: AuthSession }>().data;
    expect(session.user).toMatchObject({ email: 'grace@example.test', first_name: 'Grace', last_name: 'Hopper', is_password_set: false });
    expect((await post(t.app, '/api/v1/auth/google/exchange', { ticket })).statusCode).toBe(410);
  });

  it('signs in the existing account with the same e-mail', async () => {
    const user = await userWithPassword(t.database.db, 'x'.repeat(10), { email: 'existing@example.test' });
    const landing = await googleRoundTrip('existing@example.test');
    const res = await post(t.app, '/api/v1/auth/google/exchange', { ticket: landing.searchParams.get('ticket') ?? '' });
    expect(res.json<{ data: AuthSession }>().data.user.id).toBe(user.id);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'existing@example.test'))).toHaveLength(1);
  });

  it('refuses an e-mail the provider has not verified', async () => {
    const landing = await googleRoundTrip('unverified@example.test');
    expect(`${landing.pathname}${landing.search}`).toBe('/auth/login?error=google_failed');
  });

  it('refuses a callback with a forged or replayed state', async () => {
    const forged = await t.app.inject({ method: 'GET', url: '/api/v1/auth/google/callback?code=abc&state=forged-state-value-that-is-long' });
    expect(forged.headers.location).toBe('/auth/login?error=google_failed');
    const cancelled = await t.app.inject({ method: 'GET', url: '/api/v1/auth/google/callback?error=access_denied' });
    expect(cancelled.headers.location).toBe('/auth/login?error=google_cancelled');
  });

  it('keeps redirects on this site', async () => {
    const landing = await googleRoundTrip('redirect@example.test', 'https://evil.example/steal');
    expect(landing.searchParams.get('redirect')).toBe('/');
    // Browsers drop tabs and line breaks in addresses, which would turn these into //evil.example.
    for (const [index, hostile] of ['/\t/evil.example', '/\n/evil.example', '/\r/evil.example'].entries()) {
      const again = await googleRoundTrip(`redirect${index}@example.test`, hostile);
      expect(again.searchParams.get('redirect'), JSON.stringify(hostile)).toBe('/');
    }
  });
});

describe('Google sign-in when not configured', () => {
  it('answers 404 and tells the web app to hide the button', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/v1/auth/google' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('auth.provider_disabled');
      expect(plain.config.google).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it('refuses half a configuration at start-up', async () => {
    const { loadConfig } = await import('../src/config.ts');
    expect(() => loadConfig({ DATA_DIR: t.config.dataDir, GOOGLE_CLIENT_ID: 'only-id' })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
  });
});
