// Video tokens (contract.md section 7, `GET /video/token/{id}`): a short-lived HS256 JWT that admits
// its bearer to one call. Signed with a key of its own, derived from LOBBY_SECRET, so no other
// token of Lobby's can pass for one.
import { VIDEO_TOKEN_TTL_S, type IceServer } from '@lobby/contract';
import { jwtVerify, SignJWT } from 'jose';
import { createHmac } from 'node:crypto';
import type { CallsConfig } from '../../config.ts';

const AUDIENCE = 'lobby:call';
const keys = new Map<string, Uint8Array>();
const keyOf = (secret: string): Uint8Array => {
  let key = keys.get(secret);
  if (!key) {
    key = new Uint8Array(createHmac('sha256', secret).update('lobby video token v1').digest());
    keys.set(secret, key);
  }
  return key;
};

export async function signVideoToken(secret: string, userId: number, callId: string, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ call: callId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + VIDEO_TOKEN_TTL_S)
    .sign(keyOf(secret));
}

/** The person a token admits to this call, or null for a token that is bad, expired or for another call. */
export async function readVideoToken(secret: string, token: string, callId: string): Promise<number | null> {
  if (typeof token !== 'string' || token.length > 2000) return null;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { audience: AUDIENCE, algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
    if (payload.call !== callId) return null;
    const userId = Number(payload.sub);
    return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
  } catch {
    return null;
  }
}

/** How long TURN credentials last: a long call keeps its relay. */
export const TURN_CREDENTIAL_TTL_S = 12 * 60 * 60;

/**
 * The STUN and TURN servers a browser uses. TURN credentials follow coturn's REST scheme
 * (`use-auth-secret`): the user name is "expiry:user id" and the password its HMAC-SHA1 under
 * the shared secret, so coturn checks them without asking Lobby.
 */
export function iceServersFor(config: CallsConfig, userId: number, now = Date.now()): IceServer[] {
  const servers: IceServer[] = [];
  if (config.stunUrls.length > 0) servers.push({ urls: config.stunUrls });
  if (config.turn) {
    const username = `${Math.floor(now / 1000) + TURN_CREDENTIAL_TTL_S}:${userId}`;
    const credential = createHmac('sha1', config.turn.secret).update(username).digest('base64');
    servers.push({ urls: config.turn.urls, username, credential });
  }
  return servers;
}
