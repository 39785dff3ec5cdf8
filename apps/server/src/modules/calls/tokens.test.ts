import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeJwt, SignJWT } from 'jose';
import { VIDEO_TOKEN_TTL_S } from '@lobby/contract';
import { iceServersFor, readVideoToken, signVideoToken, TURN_CREDENTIAL_TTL_S } from './tokens.ts';

const SECRET = 'a'.repeat(40);
const CALL = '7b0d8f1e-4c0a-4e53-9a55-0f3c0b4c2d11';
const OTHER = '5d8f3c61-0f6e-4a7a-8f14-6c1c3f0b9e22';

describe('video tokens', () => {
  it('admit their bearer to their call only', async () => {
    const token = await signVideoToken(SECRET, 42, CALL);
    expect(await readVideoToken(SECRET, token, CALL)).toBe(42);
    expect(await readVideoToken(SECRET, token, OTHER)).toBeNull();
    expect(await readVideoToken('b'.repeat(40), token, CALL)).toBeNull();
  });

  it('are short-lived', async () => {
    const token = await signVideoToken(SECRET, 42, CALL);
    const claims = decodeJwt(token);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(VIDEO_TOKEN_TTL_S);
    const old = await signVideoToken(SECRET, 42, CALL, Date.now() - (VIDEO_TOKEN_TTL_S + 5) * 1000);
    expect(await readVideoToken(SECRET, old, CALL)).toBeNull();
  });

  it('refuse tokens of other kinds, without expiry, and garbage', async () => {
    // An access token's shape signed with the raw secret is not a video token.
    const raw = await new SignJWT({ call: CALL }).setProtectedHeader({ alg: 'HS256' }).setSubject('42').setAudience('lobby:call').setExpirationTime('1h').sign(new TextEncoder().encode(SECRET));
    expect(await readVideoToken(SECRET, raw, CALL)).toBeNull();
    expect(await readVideoToken(SECRET, 'not a token', CALL)).toBeNull();
    expect(await readVideoToken(SECRET, 'x'.repeat(5000), CALL)).toBeNull();
  });
});

describe('ICE servers', () => {
  it('are none by default', () => {
    expect(iceServersFor({ groupMax: 6, stunUrls: [], turn: undefined }, 7)).toEqual([]);
  });

  it("give TURN credentials coturn can check with its shared secret", () => {
    const now = Date.UTC(2026, 10, 27, 12);
    const [stun, turn] = iceServersFor({ groupMax: 6, stunUrls: ['stun:stun.example.org:3478'], turn: { urls: ['turn:turn.example.org:3478'], secret: 'coturn-shared-secret' } }, 7, now);
    expect(stun).toEqual({ urls: ['stun:stun.example.org:3478'] });
    const expiry = Math.floor(now / 1000) + TURN_CREDENTIAL_TTL_S;
    expect(turn?.username).toBe(`${expiry}:7`);
    expect(turn?.credential).toBe(createHmac('sha1', 'coturn-shared-secret').update(`${expiry}:7`).digest('base64'));
  });
});
