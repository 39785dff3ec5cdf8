import { Writable } from 'node:stream';
import type { AuthSession } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, lastMail, post, tokenIn } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({}, { logStream: stream, logLevel: 'trace' });
});
afterAll(() => t.close());

describe('logs', () => {
  it('never contain a password, code or token', async () => {
    const secrets: string[] = [];
    const email = 'logs@example.test';
    const password = 'Sup3r-Secret-Pass';
    secrets.push(password);

    await post(t.app, '/api/v1/auth/register', { email });
    const registration = tokenIn((await lastMail(t.database.db, email)).text);
    secrets.push(registration);
    await t.app.inject({ method: 'GET', url: `/auth/register?token=${registration}` });
    const done = await post(t.app, '/api/v1/auth/register/complete', { token: registration, first_name: 'Log', last_name: 'Test', password, password_confirmation: password });
    const session = done.json<{ data: AuthSession }>().data;
    secrets.push(session.access_token, session.refresh_token);

    await post(t.app, '/api/v1/auth/login', { email, password: `${password}-wrong` });
    secrets.push(`${password}-wrong`);
    await post(t.app, '/api/v1/auth/magic-link', { email });
    const link = tokenIn((await lastMail(t.database.db, email, 'magic_link')).text);
    secrets.push(link);
    await t.app.inject({ method: 'GET', url: `/auth/magic/${link}` });
    await post(t.app, '/api/v1/auth/magic-link/consume', { token: link });
    await post(t.app, '/api/v1/auth/magic-code', { email });
    const code = codeIn((await lastMail(t.database.db, email, 'magic_code')).text);
    await post(t.app, '/api/v1/auth/magic-code/verify', { email, code });
    await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${session.access_token}`, cookie: `lobby_refresh=${session.refresh_token}` } });
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { cookie: `lobby_refresh=${session.refresh_token}` } });

    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    expect(text).toContain('/auth/magic/[redacted]');
    for (const secret of secrets) expect(text, `a secret leaked into the logs`).not.toContain(secret);
    // A 4-digit code could appear by chance (ports, times); it must not appear as a value of "code".
    expect(text).not.toMatch(new RegExp(`"code":"${code}"`));
  });
});
