import { ErrorCode } from '@lobby/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { isSessionActive } from './sessions.ts';
import { verifyAccessToken } from './tokens.ts';

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

/**
 * Resolves the Bearer access token once per request: a valid signature and an unrevoked session
 * (so signing out elsewhere takes effect at once, not when the token expires).
 */
export function registerAuthentication(app: FastifyInstance, db: Db, secret: string): void {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const token = bearer(request);
    if (!token) return;
    const claims = await verifyAccessToken(secret, token);
    if (claims && (await isSessionActive(db, claims.sessionId, claims.userId))) request.actor = claims;
  });
}

/** The signed-in actor, or 401 in the error shape. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError(401, ErrorCode.unauthorized, 'Please sign in to continue.');
  return request.actor;
}
