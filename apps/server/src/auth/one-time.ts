import { ErrorCode, MAGIC_CODE_MAX_ATTEMPTS, MAGIC_CODE_TTL_S } from '@lobby/contract';
import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authTokens, type OneTimeKind } from '../db/schema/index.ts';
import { AppError } from '../http/errors.ts';
import { hashCode, hashToken, randomCode, randomToken, sameHash } from './tokens.ts';

export type TokenRow = typeof authTokens.$inferSelect;

const expired = (message: string) => new AppError(410, ErrorCode.magicExpired, message);

/** Earlier unused secrets of the same kind for the same person stop working. */
async function supersede(db: Db, kind: OneTimeKind, email: string | null): Promise<void> {
  if (!email) return;
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.kind, kind), eq(authTokens.email, email), isNull(authTokens.usedAt)));
}

/** Secrets that sign a person in or set their password; OAuth state belongs to no account yet. */
const ACCOUNT_SECRET_KINDS: OneTimeKind[] = ['register', 'magic_link', 'magic_code', 'reset', 'oauth_ticket'];

/**
 * Spends every outstanding link, code and ticket of an account (including invitation links, which
 * are magic links, and registration links sent to its e-mail). A new password must shut out
 * whoever held a mailed secret, for example someone who read the mailbox.
 */
export async function revokeAccountSecrets(db: Db, userId: number, email: string): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        inArray(authTokens.kind, ACCOUNT_SECRET_KINDS),
        isNull(authTokens.usedAt),
        or(eq(authTokens.userId, userId), sql`lower(${authTokens.email}) = ${email.toLowerCase()}`),
      ),
    );
}

/** Issues a single-use link token; only its hash is stored. */
export async function issueToken(
  db: Db,
  input: { kind: OneTimeKind; email?: string | null; userId?: number | null; ttlSeconds: number; payload?: Record<string, string> },
): Promise<string> {
  const token = randomToken();
  await supersede(db, input.kind, input.email ?? null);
  await db.insert(authTokens).values({
    kind: input.kind,
    email: input.email ?? null,
    userId: input.userId ?? null,
    tokenHash: hashToken(token),
    payload: input.payload ?? {},
    expiresAt: new Date(Date.now() + input.ttlSeconds * 1000),
  });
  return token;
}

/** Uses a link token once: checked and spent in one statement, so it cannot be used twice. */
export async function consumeToken(db: Db, kind: OneTimeKind, token: string, message = 'Magic link expired.'): Promise<TokenRow> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, sql`now()`)))
    .returning();
  if (!row) throw expired(message);
  return row;
}

/** Issues a 4-digit code for an e-mail: 10 minutes, single use, MAGIC_CODE_MAX_ATTEMPTS tries. */
export async function issueCode(db: Db, secret: string, email: string, userId: number): Promise<string> {
  const code = randomCode();
  const salt = randomToken();
  await supersede(db, 'magic_code', email);
  await db.insert(authTokens).values({
    kind: 'magic_code',
    email,
    userId,
    codeHash: hashCode(secret, salt, code),
    maxAttempts: MAGIC_CODE_MAX_ATTEMPTS,
    payload: { salt },
    expiresAt: new Date(Date.now() + MAGIC_CODE_TTL_S * 1000),
  });
  return code;
}

/**
 * Checks a code. Each check first reserves one attempt with a conditional update, so however many
 * guesses arrive at once, at most MAGIC_CODE_MAX_ATTEMPTS are ever compared; the code is burnt
 * when they are used up.
 */
export async function verifyCode(db: Db, secret: string, email: string, code: string): Promise<TokenRow> {
  const [live] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.kind, 'magic_code'), eq(authTokens.email, email), isNull(authTokens.usedAt), gt(authTokens.expiresAt, sql`now()`)))
    .orderBy(desc(authTokens.id))
    .limit(1);
  const gone = expired('The code has expired or was already used. Request a new one.');
  if (!live) throw gone;
  const [reserved] = await db
    .update(authTokens)
    .set({ attempts: sql`${authTokens.attempts} + 1` })
    .where(and(eq(authTokens.id, live.id), isNull(authTokens.usedAt), lt(authTokens.attempts, authTokens.maxAttempts)))
    .returning();
  if (!reserved) throw gone;
  if (reserved.codeHash && sameHash(reserved.codeHash, hashCode(secret, reserved.payload.salt ?? '', code))) {
    const [used] = await db
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.id, reserved.id), isNull(authTokens.usedAt)))
      .returning();
    if (!used) throw gone;
    return used;
  }
  const left = reserved.maxAttempts - reserved.attempts;
  if (left <= 0) {
    await db.update(authTokens).set({ usedAt: new Date() }).where(eq(authTokens.id, reserved.id));
    throw gone;
  }
  throw new AppError(422, ErrorCode.codeInvalid, `Incorrect code. Attempts left: ${left}.`, { attempts_left: left });
}
