import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessTokenSync } from './tokens.ts';

const SECRET = 's'.repeat(40);
const claims = { userId: 7, sessionId: '0b6e4a36-3f7c-4f51-9d3c-6c0f2d4a1b2e' };

describe('verifyAccessTokenSync and its memo of verified tokens', () => {
  it('answers the same claims again, and refuses the token once it expired, memo or not', async () => {
    const token = await signAccessToken(SECRET, claims, 60);
    const now = Date.now();
    expect(verifyAccessTokenSync(SECRET, token, now)).toEqual(claims);
    // The second answer comes from the memo: still checked against the clock.
    expect(verifyAccessTokenSync(SECRET, token, now + 1_000)).toEqual(claims);
    expect(verifyAccessTokenSync(SECRET, token, now + 61_000)).toBeNull();
    expect(verifyAccessTokenSync(SECRET, token, now + 2_000)).toEqual(claims);
  });

  it('never answers a memoised token for another secret', async () => {
    const token = await signAccessToken(SECRET, claims, 60);
    expect(verifyAccessTokenSync(SECRET, token)).toEqual(claims);
    expect(verifyAccessTokenSync('t'.repeat(40), token)).toBeNull();
  });

  it('remembers nothing of a forgery: a token whose signature fails stays refused', async () => {
    const token = await signAccessToken(SECRET, claims, 60);
    const [header, payload, signature = ''] = token.split('.');
    const forged = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(verifyAccessTokenSync(SECRET, forged)).toBeNull();
    expect(verifyAccessTokenSync(SECRET, token)).toEqual(claims);
    expect(verifyAccessTokenSync(SECRET, forged)).toBeNull();
  });

  it('hands out claims nobody can change for the next request', async () => {
    const token = await signAccessToken(SECRET, claims, 60);
    verifyAccessTokenSync(SECRET, token);
    const memoised = verifyAccessTokenSync(SECRET, token);
    expect(Object.isFrozen(memoised)).toBe(true);
  });
});
