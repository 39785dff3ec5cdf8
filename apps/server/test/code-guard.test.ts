import { MAGIC_CODE_MAX_ATTEMPTS } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { CODE_GUARD, worstCaseGuessChance } from '../src/auth/code-guard.ts';
import { issueCode } from '../src/auth/one-time.ts';
import { CODE_VALUES } from '../src/auth/tokens.ts';
import { lastMail, nextIp, post, tokenIn, userWithPassword } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const verify = (email: string, code: string) => post(t.app, '/api/v1/auth/magic-code/verify', { email, code });
const wrongFor = (code: string) => String((Number(code) + 1) % CODE_VALUES).padStart(4, '0');

describe('bound on wrong codes per account', () => {
  it('keeps the worst-case chance of guessing a code under 0.5% per 30 days', () => {
    // Computed here from the enforced numbers: at most maxWrong guesses per window, each at best
    // against a code that already lost MAGIC_CODE_MAX_ATTEMPTS - 1 values.
    expect(CODE_GUARD.periodDays).toBeGreaterThanOrEqual(30);
    expect(CODE_GUARD.windowSeconds).toBeGreaterThanOrEqual(CODE_GUARD.periodDays * 24 * 3600);
    const perGuess = 1 / (CODE_VALUES - (MAGIC_CODE_MAX_ATTEMPTS - 1));
    const chance = 1 - (1 - perGuess) ** CODE_GUARD.maxWrong;
    console.log(`worst-case chance of guessing a sign-in code: ${(chance * 100).toFixed(3)}% per ${CODE_GUARD.periodDays} days (${CODE_GUARD.maxWrong} wrong codes, ${CODE_VALUES} values, ${MAGIC_CODE_MAX_ATTEMPTS} tries a code)`);
    expect(chance).toBeLessThan(0.005);
    expect(worstCaseGuessChance()).toBeCloseTo(chance, 12);
  });

  it('suspends code sign-in at the bound, mails the owner, survives a restart, and links still sign in', async () => {
    const { db } = t.database;
    const owner = await userWithPassword(db);
    const email = owner.email.toLowerCase();
    let wrong = 0;
    // Fresh codes as they burn (issued directly: the mail cap would only slow this test down);
    // every guess comes from another address, through the API.
    while (wrong < CODE_GUARD.maxWrong) {
      const code = await issueCode(db, t.config.secret, email, owner.id);
      for (let i = 0; i < MAGIC_CODE_MAX_ATTEMPTS && wrong < CODE_GUARD.maxWrong; i += 1) {
        const res = await verify(email, wrongFor(code));
        wrong += 1;
        expect(res.statusCode, res.body).toBe(wrong === CODE_GUARD.maxWrong ? 403 : i === MAGIC_CODE_MAX_ATTEMPTS - 1 ? 410 : 422);
      }
    }
    const mail = await lastMail(db, owner.email, 'code_sign_in_suspended');
    expect(mail.subject).toBe('Sign-in with a code is paused on your Lobby account');

    // The right code of a fresh code is refused now, and no new code is mailed.
    const refused = await verify(email, await issueCode(db, t.config.secret, email, owner.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: 'auth.code_suspended', message: expect.any(String) } });
    expect((await post(t.app, '/api/v1/auth/magic-code', { email })).json().error.code).toBe('auth.code_suspended');

    // A restarted server reads the same count from the database.
    const restarted = await buildApp(t.config, { database: t.database, logger: false, jobs: { start: false } });
    try {
      const again = await issueCode(db, t.config.secret, email, owner.id);
      const res = await restarted.inject({ method: 'POST', url: '/api/v1/auth/magic-code/verify', payload: { email, code: again }, remoteAddress: nextIp() });
      expect(res.statusCode).toBe(403);
    } finally {
      await restarted.close();
    }

    // Links and the password still work, and do not lift the suspension.
    expect((await post(t.app, '/api/v1/auth/magic-link', { email })).statusCode).toBe(202);
    const link = tokenIn((await lastMail(db, owner.email, 'magic_link')).text);
    expect((await post(t.app, '/api/v1/auth/magic-link/consume', { token: link })).statusCode).toBe(200);
    expect((await post(t.app, '/api/v1/auth/login', { email, password: 'correct horse 1' })).statusCode).toBe(200);
    expect((await verify(email, await issueCode(db, t.config.secret, email, owner.id))).statusCode).toBe(403);
  });

  it("counts only the account's wrong codes: a right code after a few typos works, and others are not affected", async () => {
    const { db } = t.database;
    const owner = await userWithPassword(db);
    const email = owner.email.toLowerCase();
    const code = await issueCode(db, t.config.secret, email, owner.id);
    expect((await verify(email, wrongFor(code))).statusCode).toBe(422);
    expect((await verify(email, code)).statusCode).toBe(200);
    const other = await userWithPassword(db);
    const theirs = await issueCode(db, t.config.secret, other.email.toLowerCase(), other.id);
    expect((await verify(other.email, theirs)).statusCode).toBe(200);
  });
});
