import { ACCESS_TOKEN_TTL_S, ErrorCode, REFRESH_TOKEN_TTL_S } from '@lobby/contract';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { refreshTokens, sessions } from '../db/schema/index.ts';
import { AppError } from '../http/errors.ts';
import { hashToken, randomToken, signAccessToken } from './tokens.ts';

export interface IssuedTokens {
  sessionId: string;
  userId: number;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  refreshExpiresIn: number;
}

export interface ClientMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/** Told the ids of sessions that just ended, so their live connections (sockets) close at once. */
export type SessionsEnded = (sessionIds: string[]) => void;

const unauthorized = (code: string, message: string) => new AppError(401, code, message);
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

async function issue(db: Db, secret: string, sessionId: string, userId: number): Promise<IssuedTokens> {
  const refreshToken = randomToken();
  await db.insert(refreshTokens).values({ sessionId, tokenHash: hashToken(refreshToken), expiresAt: later(REFRESH_TOKEN_TTL_S) });
  return {
    sessionId,
    userId,
    accessToken: await signAccessToken(secret, { userId, sessionId }),
    refreshToken,
    expiresIn: ACCESS_TOKEN_TTL_S,
    refreshExpiresIn: REFRESH_TOKEN_TTL_S,
  };
}

export async function createSession(db: Db, secret: string, userId: number, meta: ClientMeta = {}): Promise<IssuedTokens> {
  const [session] = await db
    .insert(sessions)
    .values({ userId, expiresAt: later(REFRESH_TOKEN_TTL_S), userAgent: meta.userAgent?.slice(0, 300) ?? null, ip: meta.ip ?? null })
    .returning({ id: sessions.id });
  if (!session) throw new Error('no session row');
  return issue(db, secret, session.id, userId);
}

/**
 * Exchanges a refresh token for a new pair. The old token is marked used in the same statement
 * that checks it, so two racing refreshes cannot both win; presenting a used token again means it
 * leaked, and the whole session (the token family) is revoked.
 */
export async function rotateRefreshToken(db: Db, secret: string, token: string, ended: SessionsEnded = () => {}): Promise<IssuedTokens> {
  const tokenHash = hashToken(token);
  const [claimed] = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), gt(refreshTokens.expiresAt, sql`now()`)))
    .returning({ sessionId: refreshTokens.sessionId });
  if (!claimed) {
    const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
    if (known?.usedAt) {
      await revokeSession(db, known.sessionId, 'refresh_reuse');
      ended([known.sessionId]);
      throw unauthorized(ErrorCode.sessionRevoked, 'This session was signed out for safety. Please sign in again.');
    }
    throw unauthorized(ErrorCode.tokenInvalid, 'Your session has expired. Please sign in again.');
  }
  const [session] = await db
    .update(sessions)
    .set({ lastSeenAt: new Date() })
    .where(and(eq(sessions.id, claimed.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .returning({ id: sessions.id, userId: sessions.userId });
  if (!session) throw unauthorized(ErrorCode.sessionRevoked, 'Your session has ended. Please sign in again.');
  return issue(db, secret, session.id, session.userId);
}

/** The session a refresh token belongs to (used or not), for per-session limits; null if unknown. */
export async function sessionOfRefreshToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db.select({ sessionId: refreshTokens.sessionId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(token))).limit(1);
  return row?.sessionId ?? null;
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user but `keep`; answers the ids of those revoked. */
export async function revokeOtherSessions(db: Db, userId: number, keep: string | null, reason: string): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

export async function isSessionActive(db: Db, sessionId: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row !== undefined;
}
