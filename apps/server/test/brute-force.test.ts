import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens } from '../src/db/schema/index.ts';
import { codeIn, lastMail, nextIp, post, userWithPassword } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('brute force on a magic code', () => {
  it('10,000 guesses from 10,000 addresses, the right code among them, get nowhere', async () => {
    const user = await userWithPassword(t.database.db);
    await post(t.app, '/api/v1/auth/magic-code', { email: user.email });
    const code = codeIn((await lastMail(t.database.db, user.email, 'magic_code')).text);
    // Every possible code. Five wrong ones go first, one at a time (five tries are allowed, and a
    // lucky guess among them would rightly win); the real code comes next, where only the burn stops it.
    const wrong = Array.from({ length: 10_000 }, (_, n) => String(n).padStart(4, '0')).filter((guess) => guess !== code);
    const guesses = [...wrong.slice(0, 5), code, ...wrong.slice(5)];

    const statuses = new Map<number, number>();
    for (const guess of guesses.slice(0, 5)) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/magic-code/verify', payload: { email: user.email, code: guess }, remoteAddress: nextIp() });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
    for (let i = 5; i < guesses.length; i += 100) {
      const batch = await Promise.all(
        guesses.slice(i, i + 100).map((guess) =>
          t.app.inject({ method: 'POST', url: '/api/v1/auth/magic-code/verify', payload: { email: user.email, code: guess }, remoteAddress: nextIp() }),
        ),
      );
      for (const res of batch) statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
    expect(statuses.get(200)).toBeUndefined();
    expect([...statuses.keys()].every((status) => [410, 422, 429].includes(status))).toBe(true);
    expect(statuses.get(422) ?? 0).toBeLessThanOrEqual(4);

    const [row] = await t.database.db.select().from(authTokens).where(eq(authTokens.email, user.email.toLowerCase()));
    expect(row?.attempts).toBeLessThanOrEqual(5);
    expect(row?.usedAt).not.toBeNull();
    // The burnt code stays useless, even from a fresh address.
    expect((await post(t.app, '/api/v1/auth/magic-code/verify', { email: user.email, code })).statusCode).not.toBe(200);
  }, 120_000);
});
