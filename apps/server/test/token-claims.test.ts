import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenKey } from '../src/auth/tokens.ts';
import { bearer, signInWithPassword, userWithPassword } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A token signed with the server's real key, with the claims a test chooses. */
const forge = (claims: { sub: string; sid: unknown; exp?: boolean }) => {
  const jwt = new SignJWT({ sid: claims.sid }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(claims.sub).setIssuedAt().setIssuer('lobby').setAudience('lobby');
  if (claims.exp !== false) jwt.setExpirationTime('5m');
  return jwt.sign(accessTokenKey(t.config.secret));
};

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer({ access_token: token }) });

describe('access token claims', () => {
  it('answers 401 in the error shape for a session id that is not a UUID', async () => {
    const user = await userWithPassword(t.database.db);
    for (const sid of ['not-a-uuid', "1' or '1'='1", 42]) {
      const res = await me(await forge({ sub: String(user.id), sid }));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'auth.unauthorized', message: expect.any(String) } });
    }
  });

  it('answers 401 for a token without an expiry, even for a live session', async () => {
    const user = await userWithPassword(t.database.db);
    const session = await signInWithPassword(t.app, user.email, 'correct horse 1');
    const payload = JSON.parse(Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string };
    // The same claims with an expiry are accepted, so only the missing `exp` is refused.
    expect((await me(await forge({ sub: String(user.id), sid: payload.sid }))).statusCode).toBe(200);
    const res = await me(await forge({ sub: String(user.id), sid: payload.sid, exp: false }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'auth.unauthorized', message: expect.any(String) } });
  });
});
