import type { AuthSession } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../src/auth/tokens.ts';
import { authTokens, sessions, users } from '../src/db/schema/index.ts';
import { bearer, codeIn, lastMail, linkIn, nextIp, post, signInWithPassword, tokenIn, userWithPassword } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://lobby.example.org' });
});
afterAll(() => t.close());

const me = (session: { access_token: string }) => t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(session) });
const session = (res: { json: <T>() => T }) => res.json<{ data: AuthSession }>().data;

describe('registration by e-mail link', () => {
  it('mails a link in the request language, then sets name and password and signs in', async () => {
    const email = 'New.Person@Example.test';
    const res = await post(t.app, '/api/v1/auth/register', { email }, { 'accept-language': 'ru' });
    expect(res.statusCode).toBe(202);
    const mail = await lastMail(t.database.db, 'new.person@example.test', 'platform_registration');
    expect(mail.subject).toBe('Завершите регистрацию в Lobby');
    expect(mail.status).toBe('stored');
    expect(mail.html).toContain('href="https://lobby.example.org/auth/register?token=');
    const token = tokenIn(mail.text);

    const mismatch = await post(t.app, '/api/v1/auth/register/complete', { token, first_name: 'Анна', last_name: "O'Brien-Ли", password: 'long enough 1', password_confirmation: 'long enough 2' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.details.fields).toEqual([{ field: 'body.password_confirmation', message: 'The values must match.', key: 'must_match', params: {} }]);
    expect(mismatch.json().error.message).toBe('Invalid value for "body.password_confirmation": The values must match.');

    const badName = await post(t.app, '/api/v1/auth/register/complete', { token, first_name: 'Ann3', last_name: 'Lee', password: 'long enough 1', password_confirmation: 'long enough 1' });
    expect(badName.json().error.details.fields[0]).toMatchObject({ field: 'body.first_name', key: 'invalid_characters' });

    const done = await post(t.app, '/api/v1/auth/register/complete', { token, first_name: 'Анна', last_name: "O'Brien-Ли", password: 'long enough 1', password_confirmation: 'long enough 1' });
    expect(done.statusCode).toBe(201);
    const signedIn = session(done);
    expect(signedIn.user).toMatchObject({ email: 'new.person@example.test', first_name: 'Анна', language: 'ru', is_password_set: true });
    expect((await me(signedIn)).json().data.email).toBe('new.person@example.test');

    const again = await post(t.app, '/api/v1/auth/register/complete', { token, first_name: 'X', last_name: 'Y', password: 'long enough 1', password_confirmation: 'long enough 1' });
    expect(again.statusCode).toBe(410);
    expect((await post(t.app, '/api/v1/auth/register', { email })).statusCode).toBe(409);
  });

  it('refuses names that break the name rule and short passwords', async () => {
    await post(t.app, '/api/v1/auth/register', { email: 'rules@example.test' });
    const token = tokenIn((await lastMail(t.database.db, 'rules@example.test')).text);
    for (const [first_name, password, field, message] of [
      ['Ann  Lee', 'long enough 1', 'body.first_name', 'invalid_characters'],
      ['Ann ', 'long enough 1', 'body.last_name', 'required'],
      ['Ann', 'short', 'body.password', 'min_length'],
    ] as const) {
      const res = await post(t.app, '/api/v1/auth/register/complete', { token, first_name, last_name: field === 'body.last_name' ? ' ' : 'Lee', password, password_confirmation: password });
      expect(res.statusCode, first_name).toBe(400);
      expect(res.json().error.details.fields[0], first_name).toMatchObject({ field, key: message });
    }
  });

  it('answers 400 for a malformed e-mail, in the error shape', async () => {
    const res = await post(t.app, '/api/v1/auth/register', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0]).toEqual({ field: 'body.email', message: 'Enter a valid e-mail address.', key: 'email', params: {} });
  });
});

describe('password sign-in and sessions', () => {
  it('signs in, sets the refresh cookie and reads the profile', async () => {
    const user = await userWithPassword(t.database.db, 'secret pass 1');
    const res = await post(t.app, '/api/v1/auth/login', { email: user.email.toUpperCase(), password: 'secret pass 1' });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^lobby_refresh=[\w-]+; Path=\/api\/v1\/auth; Max-Age=\d+; HttpOnly; SameSite=Strict; Secure$/);
    const s = session(res);
    expect(s).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect((await me(s)).json().data.id).toBe(user.id);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const user = await userWithPassword(t.database.db, 'secret pass 1');
    const wrong = await post(t.app, '/api/v1/auth/login', { email: user.email, password: 'nope nope' });
    const unknown = await post(t.app, '/api/v1/auth/login', { email: 'nobody@example.test', password: 'nope nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().error.code).toBe('auth.invalid_credentials');
  });

  it('rejects missing, forged and expired access tokens', async () => {
    const user = await userWithPassword(t.database.db);
    const s = await signInWithPassword(t.app, user.email, 'correct horse 1');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me' })).json().error.code).toBe('auth.unauthorized');
    expect((await me({ access_token: 'garbage' })).statusCode).toBe(401);
    const forged = await signAccessToken('another secret of enough length!!', { userId: user.id, sessionId: crypto.randomUUID() });
    expect((await me({ access_token: forged })).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const expired = await signAccessToken(t.config.secret, { userId: user.id, sessionId: row?.id ?? '' }, -10);
    expect((await me({ access_token: expired })).statusCode).toBe(401);
    expect((await me(s)).statusCode).toBe(200);
  });

  it('rotates the refresh token and revokes the family when an old one is reused', async () => {
    const user = await userWithPassword(t.database.db);
    const first = await signInWithPassword(t.app, user.email, 'correct horse 1');
    const second = session(await post(t.app, '/api/v1/auth/refresh', { refresh_token: first.refresh_token }));
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const third = session(await post(t.app, '/api/v1/auth/refresh', { refresh_token: second.refresh_token }));
    expect((await me(third)).statusCode).toBe(200);

    const reuse = await post(t.app, '/api/v1/auth/refresh', { refresh_token: first.refresh_token });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('auth.session_revoked');
    expect((await post(t.app, '/api/v1/auth/refresh', { refresh_token: third.refresh_token })).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(401);
  });

  it('lets exactly one of two racing refreshes with the same token win', async () => {
    const user = await userWithPassword(t.database.db);
    const s = await signInWithPassword(t.app, user.email, 'correct horse 1');
    const results = await Promise.all([1, 2].map(() => post(t.app, '/api/v1/auth/refresh', { refresh_token: s.refresh_token })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refreshes from the HttpOnly cookie', async () => {
    const user = await userWithPassword(t.database.db);
    const s = await signInWithPassword(t.app, user.email, 'correct horse 1');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { cookie: `other=1; lobby_refresh=${s.refresh_token}` }, remoteAddress: nextIp() });
    expect(res.statusCode, res.body).toBe(200);
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', remoteAddress: nextIp() });
    expect(none.statusCode, none.body).toBe(401);
  });

  it('logs out this session, or every other one', async () => {
    const user = await userWithPassword(t.database.db);
    const a = await signInWithPassword(t.app, user.email, 'correct horse 1');
    const b = await signInWithPassword(t.app, user.email, 'correct horse 1');
    const c = await signInWithPassword(t.app, user.email, 'correct horse 1');
    const others = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout-others', headers: bearer(a) });
    expect(others.json().data.revoked).toBe(2);
    expect((await me(b)).statusCode).toBe(401);
    expect((await me(c)).statusCode).toBe(401);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(a) });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await me(a)).statusCode).toBe(401);
    expect((await post(t.app, '/api/v1/auth/refresh', { refresh_token: a.refresh_token })).statusCode).toBe(401);
  });
});

describe('magic link', () => {
  it('mails a one-time link that signs in once, in the user language', async () => {
    const user = await userWithPassword(t.database.db, 'x'.repeat(10), { language: 'zh', firstName: 'Wei' });
    expect((await post(t.app, '/api/v1/auth/magic-link', { email: user.email })).statusCode).toBe(202);
    const mail = await lastMail(t.database.db, user.email, 'magic_link');
    expect(mail.subject).toBe('您的 Lobby 登录链接');
    expect(linkIn(mail.text)).toMatch(/^https:\/\/lobby\.example\.org\/auth\/magic\/[\w-]{43}$/);
    const token = tokenIn(mail.text);
    const res = await post(t.app, '/api/v1/auth/magic-link/consume', { token });
    expect(res.statusCode).toBe(200);
    expect(session(res).user.id).toBe(user.id);
    const again = await post(t.app, '/api/v1/auth/magic-link/consume', { token });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toMatchObject({ code: 'auth.magic_expired', message: 'Magic link expired.' });
  });

  it('says so for an unknown e-mail', async () => {
    const res = await post(t.app, '/api/v1/auth/magic-link', { email: 'ghost@example.test' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'auth.no_user', message: 'No user with this email address.' });
  });

  it('refuses an expired link, and a link superseded by a newer one', async () => {
    const user = await userWithPassword(t.database.db);
    await post(t.app, '/api/v1/auth/magic-link', { email: user.email });
    const old = tokenIn((await lastMail(t.database.db, user.email)).text);
    await post(t.app, '/api/v1/auth/magic-link', { email: user.email });
    const fresh = tokenIn((await lastMail(t.database.db, user.email)).text);
    expect((await post(t.app, '/api/v1/auth/magic-link/consume', { token: old })).statusCode).toBe(410);
    await t.database.db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authTokens.email, user.email));
    expect((await post(t.app, '/api/v1/auth/magic-link/consume', { token: fresh })).statusCode).toBe(410);
  });
});

describe('magic code', () => {
  it('signs in with the mailed 4-digit code once', async () => {
    const user = await userWithPassword(t.database.db);
    await post(t.app, '/api/v1/auth/magic-code', { email: user.email });
    const code = codeIn((await lastMail(t.database.db, user.email, 'magic_code')).text);
    const wrong = await post(t.app, '/api/v1/auth/magic-code/verify', { email: user.email, code: code === '0000' ? '1111' : '0000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toMatchObject({ code: 'auth.code_invalid', details: { attempts_left: 4 } });
    const ok = await post(t.app, '/api/v1/auth/magic-code/verify', { email: user.email, code });
    expect(ok.statusCode).toBe(200);
    expect((await post(t.app, '/api/v1/auth/magic-code/verify', { email: user.email, code })).statusCode).toBe(410);
  });

  it('burns the code after 5 wrong tries: the right one no longer works', async () => {
    const user = await userWithPassword(t.database.db);
    await post(t.app, '/api/v1/auth/magic-code', { email: user.email });
    const code = codeIn((await lastMail(t.database.db, user.email)).text);
    const wrongCode = String((Number(code) + 1) % 10_000).padStart(4, '0');
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await post(t.app, '/api/v1/auth/magic-code/verify', { email: user.email, code: wrongCode })).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 410]);
    expect((await post(t.app, '/api/v1/auth/magic-code/verify', { email: user.email, code })).statusCode).toBe(410);
  });

  it('expires after 10 minutes', async () => {
    const user = await userWithPassword(t.database.db);
    await post(t.app, '/api/v1/auth/magic-code', { email: user.email });
    const code = codeIn((await lastMail(t.database.db, user.email)).text);
    const [row] = await t.database.db.select().from(authTokens).where(eq(authTokens.email, user.email.toLowerCase()));
    expect(Math.abs((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0) - 10 * 60 * 1000)).toBeLessThan(2000);
    await t.database.db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(authTokens.email, user.email.toLowerCase()));
    expect((await post(t.app, '/api/v1/auth/magic-code/verify', { email: user.email, code })).statusCode).toBe(410);
  });

  it('answers 400 for a code that is not 4 digits', async () => {
    const res = await post(t.app, '/api/v1/auth/magic-code/verify', { email: 'a@example.test', code: '12a4' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0]).toMatchObject({ field: 'body.code', key: 'invalid_characters' });
  });
});

describe('recovery, reset and change of password', () => {
  it('resets the password from the mailed link and signs out every other session', async () => {
    const user = await userWithPassword(t.database.db, 'old password 1');
    const other = await signInWithPassword(t.app, user.email, 'old password 1');
    expect((await post(t.app, '/api/v1/auth/recovery', { email: 'nobody@example.test' })).statusCode).toBe(404);
    expect((await post(t.app, '/api/v1/auth/recovery', { email: user.email })).statusCode).toBe(202);
    const mail = await lastMail(t.database.db, user.email, 'password_recovery');
    expect(linkIn(mail.text)).toContain('https://lobby.example.org/auth/reset-password?token=');
    const token = tokenIn(mail.text);
    const reset = await post(t.app, '/api/v1/auth/reset-password', { token, password: 'new password 1', password_confirmation: 'new password 1' });
    expect(reset.statusCode).toBe(200);
    expect((await me(session(reset))).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await post(t.app, '/api/v1/auth/refresh', { refresh_token: other.refresh_token })).statusCode).toBe(401);
    expect((await post(t.app, '/api/v1/auth/login', { email: user.email, password: 'old password 1' })).statusCode).toBe(401);
    expect((await post(t.app, '/api/v1/auth/login', { email: user.email, password: 'new password 1' })).statusCode).toBe(200);
    expect((await post(t.app, '/api/v1/auth/reset-password', { token, password: 'x password 1', password_confirmation: 'x password 1' })).statusCode).toBe(410);
  });

  it('changes the password with the current one and keeps only this session', async () => {
    const user = await userWithPassword(t.database.db, 'first password');
    const here = await signInWithPassword(t.app, user.email, 'first password');
    const there = await signInWithPassword(t.app, user.email, 'first password');
    const change = (body: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/v1/users/me/change-password', headers: bearer(here), payload: body });
    const wrong = await change({ current_password: 'nope', password: 'second password', password_confirmation: 'second password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.code).toBe('auth.current_password_wrong');
    expect((await change({ current_password: 'first password', password: 'second password', password_confirmation: 'other' })).statusCode).toBe(400);
    const ok = await change({ current_password: 'first password', password: 'second password', password_confirmation: 'second password' });
    expect(ok.json()).toEqual({ data: { revoked: 1 } });
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(there)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/users/me/change-password', payload: {} })).statusCode).toBe(401);
  });
});

describe('own settings', () => {
  it('sets an existing timezone (aliases stored canonically) and refuses unknown ones', async () => {
    const user = await userWithPassword(t.database.db);
    const s = await signInWithPassword(t.app, user.email, 'correct horse 1');
    const patch = (payload: Record<string, string>) => t.app.inject({ method: 'PATCH', url: '/api/v1/users/me', headers: bearer(s), payload });
    expect((await patch({ timezone: 'Asia/Kolkata', language: 'ru' })).json().data).toMatchObject({ timezone: 'Asia/Calcutta', language: 'ru' });
    const unknown = await patch({ timezone: 'Mars/Olympus' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toBe('Error! Unknown timezone: "Mars/Olympus"');
    expect((await patch({ language: 'fr' })).statusCode).toBe(400);
  });
});
