import { ErrorCode } from '@lobby/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { isSessionActive } from './sessions.ts';
import { verifyAccessTokenSync } from './tokens.ts';
import { loadSessionAccess, primeRequest, type SessionAccess } from '../access/access.ts';
import type { SessionAccessCache } from '../access/session-cache.ts';

export interface Actor {
  userId: number;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

const bearer = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
};

/** The route's `{eventId}`, when it is one a database integer can hold; null otherwise. */
function routeEventId(request: FastifyRequest): number | null {
  const raw = (request.params as Record<string, unknown> | undefined)?.eventId;
  if (typeof raw !== 'string' || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** The session check of an event read, from the cache when it holds it (access/session-cache.ts). */
async function sessionAccess(db: Db, cache: SessionAccessCache<SessionAccess> | undefined, claims: Actor, eventId: number): Promise<SessionAccess | null> {
  if (!cache) return loadSessionAccess(db, claims, eventId);
  // Only live sessions are kept: a refused one is read again (and stays refused) next time.
  return cache.load(claims.sessionId, claims.userId, eventId, async () => {
    const context = await loadSessionAccess(db, claims, eventId);
    return context ? { value: context, sessionExpiresAt: context.sessionExpiresAt.getTime() } : null;
  });
}

/**
 * Resolves the Bearer access token once per request: a valid signature and an unrevoked session
 * (so signing out elsewhere takes effect at once, not when the token expires). With a cache, any
 * request that may change something (not a GET or HEAD) empties it before its answer leaves.
 */
export function registerAuthentication(app: FastifyInstance, db: Db, secret: string, cache?: SessionAccessCache<SessionAccess>): void {
  if (cache?.enabled) {
    // Sign-in by Google is a GET that may make an account and memberships.
    const changes = (request: FastifyRequest) => (request.method !== 'GET' && request.method !== 'HEAD') || request.url.startsWith('/api/v1/auth/');
    app.addHook('onSend', async (request) => {
      if (changes(request)) cache.clear();
    });
    // Again once the answer is written, for a change whose work went on after its answer was made.
    app.addHook('onResponse', async (request) => {
      if (changes(request)) cache.clear();
    });
  }
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const token = bearer(request);
    if (!token) return;
    const claims = verifyAccessTokenSync(secret, token);
    if (!claims) return;
    const eventId = request.method === 'GET' || request.method === 'HEAD' ? routeEventId(request) : null;
    if (eventId === null) {
      if (await isSessionActive(db, claims.sessionId, claims.userId)) request.actor = claims;
      return;
    }
    // A read of an event: the session check also reads the person's access there and the event,
    // in the same round trip, for the handler to use (docs/decisions.md, Members directory).
    const context = await sessionAccess(db, cache, claims, eventId);
    if (!context) return;
    request.actor = claims;
    primeRequest(request, eventId, context.access, context.event);
  });
}

/** The signed-in actor, or 401 in the error shape. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError(401, ErrorCode.unauthorized, 'Please sign in to continue.');
  return request.actor;
}
