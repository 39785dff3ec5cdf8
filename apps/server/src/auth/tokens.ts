import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_TTL_S } from '@lobby/contract';
import { jwtVerify, SignJWT } from 'jose';

/** 256 bits of randomness, URL-safe: links, refresh tokens, OAuth state and tickets. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** How many different sign-in codes there are: 4 digits (spec). */
export const CODE_DIGITS = 4;
export const CODE_VALUES = 10 ** CODE_DIGITS;

/** A 4-digit code, uniformly drawn. */
export const randomCode = (): string => String(randomInt(0, CODE_VALUES)).padStart(CODE_DIGITS, '0');

/** Only hashes of secrets are stored; a leaked table cannot be replayed. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/**
 * Codes have 10,000 values, so a plain hash could be reversed by trying them all: they are keyed
 * with the server secret and the token row, which an attacker holding only the table lacks.
 */
export const hashCode = (secret: string, rowSalt: string, code: string): string => createHmac('sha256', secret).update(`${rowSalt}:${code}`).digest('base64url');

export const sameHash = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/** The HMAC key of access tokens, derived from the server secret (exported for tests that forge tokens). */
export const accessTokenKey = (secret: string): Uint8Array => createHash('sha256').update(`lobby-access-token:${secret}`).digest();

// Session ids are database UUIDs: anything else would reach the uuid column and fail there (500).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function signAccessToken(secret: string, claims: AccessClaims, ttlSeconds = ACCESS_TOKEN_TTL_S): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .setIssuer('lobby')
    .setAudience('lobby')
    .sign(accessTokenKey(secret));
}

/**
 * The claims of a valid, unexpired access token, or null. `exp` is required: jose only checks it
 * when present, and a token without one would never expire.
 */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, accessTokenKey(secret), { issuer: 'lobby', audience: 'lobby', algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'sid'] });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId < 1 || typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null;
    return { userId, sessionId: payload.sid };
  } catch {
    return null;
  }
}
