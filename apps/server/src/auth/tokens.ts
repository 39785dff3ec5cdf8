import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_TTL_S } from '@lobby/contract';
import { SignJWT } from 'jose';

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

const ACCESS_HEADER = { alg: 'HS256', typ: 'JWT' } as const;
/** Keys derived per secret once: a SHA-256 per request is not free (one secret per process in practice). */
const keyCache = new Map<string, Buffer>();
const keyFor = (secret: string): Buffer => {
  let key = keyCache.get(secret);
  if (!key) {
    if (keyCache.size > 16) keyCache.clear();
    key = Buffer.from(accessTokenKey(secret));
    keyCache.set(secret, key);
  }
  return key;
};

const decodeJson = (part: string): unknown => {
  // base64url only: Buffer.from would skip other characters silently.
  if (!/^[A-Za-z0-9_-]*$/.test(part)) return undefined;
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
};

const isNumericDate = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The claims of a valid, unexpired access token, or null. Verified with node:crypto's HMAC (every
 * API request checks one; jose's WebCrypto path cost about 0.8 ms each, docs/decisions.md): only
 * the compact form Lobby signs (header exactly HS256/JWT, no critical extensions), the signature
 * compared in constant time, then the claims as jose checked them: `exp` required and in the
 * future, `nbf` (if any) reached, `iat` (if any) a number, issuer and audience "lobby".
 */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  return verifyAccessTokenSync(secret, token);
}

/**
 * Tokens already verified, with the times that bound their validity: every API request checks its
 * token, and verifying one (two base64 and JSON decodes, an HMAC) cost about 45 µs, a twentieth
 * of Lobby's own CPU on a directory read. Only tokens whose signature held are kept, so a stranger
 * cannot fill it with forgeries; the clock is checked on every hit, and revocation is the session
 * check's (authenticate.ts), never this memo's. Bounded: the oldest entry leaves first.
 */
interface VerifiedToken {
  secret: string;
  claims: AccessClaims;
  exp: number;
  nbf: number | undefined;
}
const VERIFIED_MAX = 10_000;
const verified = new Map<string, VerifiedToken>();

export function verifyAccessTokenSync(secret: string, token: string, now = Date.now()): AccessClaims | null {
  const known = verified.get(token);
  if (known && known.secret === secret) {
    const seconds = Math.floor(now / 1000);
    if (known.exp <= seconds || (known.nbf !== undefined && known.nbf > seconds)) return null;
    return known.claims;
  }
  const checked = verifyUncached(secret, token, now);
  if (checked) {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value ?? '');
    verified.set(token, { secret, ...checked, claims: Object.freeze(checked.claims) });
    return checked.claims;
  }
  return null;
}

function verifyUncached(secret: string, token: string, now: number): Omit<VerifiedToken, 'secret'> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  const header = decodeJson(headerPart) as Record<string, unknown> | undefined;
  if (!header || typeof header !== 'object' || Array.isArray(header)) return null;
  const headerKeys = Object.keys(header);
  if (header.alg !== ACCESS_HEADER.alg || headerKeys.some((key) => key !== 'alg' && key !== 'typ') || (header.typ !== undefined && header.typ !== ACCESS_HEADER.typ)) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(signaturePart)) return null;
  const expected = createHmac('sha256', keyFor(secret)).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = decodeJson(payloadPart) as Record<string, unknown> | undefined;
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null;
  const seconds = Math.floor(now / 1000);
  const { exp, nbf, iat, iss, aud, sub, sid } = payload;
  if (!isNumericDate(exp) || exp <= seconds) return null;
  if (nbf !== undefined && (!isNumericDate(nbf) || nbf > seconds)) return null;
  if (iat !== undefined && !isNumericDate(iat)) return null;
  if (iss !== 'lobby') return null;
  if (!(aud === 'lobby' || (Array.isArray(aud) && aud.every((value) => typeof value === 'string') && aud.includes('lobby')))) return null;
  if (typeof sub !== 'string' || !/^[1-9][0-9]{0,15}$/.test(sub)) return null;
  const userId = Number(sub);
  if (!Number.isSafeInteger(userId) || typeof sid !== 'string' || !UUID.test(sid)) return null;
  return { claims: { userId, sessionId: sid }, exp, nbf: nbf as number | undefined };
}
