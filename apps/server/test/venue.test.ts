import type { AuthSession } from '@lobby/contract';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authLimits } from '../src/auth/throttle.ts';
import { users } from '../src/db/schema/index.ts';
import { bearer, nextIp, signInWithPassword, userWithPassword } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PEOPLE = 500;
const PASSWORD = 'venue wifi 2026';

const post = (ip: string, url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload, remoteAddress: ip });

/** Runs `task` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width) results.push(...(await Promise.all(items.slice(i, i + width).map(task))));
  return results;
}

describe('a venue behind one address', () => {
  it(`${PEOPLE} people sign in with passwords from one address and all refresh`, async () => {
    // A real argon2id hash with light parameters: the sign-in path is the real one, only cheaper
    // to verify 500 times on a small machine.
    const passwordHash = await hash(PASSWORD, { memoryCost: 1024, timeCost: 1, parallelism: 1 });
    const emails = Array.from({ length: PEOPLE }, (_, i) => `venue${i}@example.test`);
    await t.database.db.insert(users).values(emails.map((email, i) => ({ email, passwordHash, firstName: 'Guest', lastName: `N${i}` })));

    const venue = nextIp();
    const signIns = await inBatches(emails, 25, (email) => post(venue, 'login', { email, password: PASSWORD }));
    expect(signIns.filter((res) => res.statusCode !== 200).map((res) => res.body)).toEqual([]);

    const sessions = signIns.map((res) => res.json<{ data: AuthSession }>().data);
    const refreshes = await inBatches(sessions, 25, (session) => post(venue, 'refresh', { refresh_token: session.refresh_token }));
    expect(refreshes.filter((res) => res.statusCode !== 200).map((res) => res.body)).toEqual([]);
  }, 120_000);

  it('limits refreshes per session; a 429 leaves the session and its cookie alone', async () => {
    const user = await userWithPassword(t.database.db);
    let session = await signInWithPassword(t.app, user.email, 'correct horse 1');
    const ip = nextIp();
    for (let i = 0; i < authLimits.refresh.session[0]; i += 1) {
      const res = await post(ip, 'refresh', { refresh_token: session.refresh_token });
      expect(res.statusCode).toBe(200);
      session = res.json<{ data: AuthSession }>().data;
    }
    const limited = await post(ip, 'refresh', { refresh_token: session.refresh_token });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['set-cookie']).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(session) })).statusCode).toBe(200);
    // Another session of the same person, from the same address, is not affected.
    const other = await signInWithPassword(t.app, user.email, 'correct horse 1');
    expect((await post(ip, 'refresh', { refresh_token: other.refresh_token })).statusCode).toBe(200);
  });
});
