import { ErrorCode, MAGIC_CODE_MAX_ATTEMPTS, MAGIC_CODE_TTL_S } from '@lobby/contract';
import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authTokens, users, type OneTimeKind } from '../db/schema/index.ts';
import { AppError } from '../http/errors.ts';
import { CODE_GUARD, isCodeSignInSuspended, wrongCodes } from './code-guard.ts';
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

const codeGone = () => expired('The code has expired or was already used. Request a new one.');

export const codeSuspended = () =>
  new AppError(403, ErrorCode.codeSuspended, 'Too many wrong codes were entered for this account, so sign-in with a code is paused. Sign in with a link or your password.');

type CodeOutcome = { kind: 'ok'; row: TokenRow } | { kind: 'wrong'; left: number; suspendedNow: boolean; userId: number } | { kind: 'gone' } | { kind: 'suspended' };

/**
 * Checks a code. The account's row is locked first, so checks for one account run one at a time:
 * the per-code attempt limit (MAGIC_CODE_MAX_ATTEMPTS) and the per-account bound on wrong codes
 * (CODE_GUARD) hold however many guesses arrive at once. The wrong guess that reaches the bound
 * calls `onSuspended` (the owner is told by mail) after it is stored.
 */
export async function verifyCode(db: Db, secret: string, email: string, code: string, onSuspended: (userId: number) => Promise<void>): Promise<TokenRow> {
  const [live] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.kind, 'magic_code'), eq(authTokens.email, email), isNull(authTokens.usedAt), gt(authTokens.expiresAt, sql`now()`)))
    .orderBy(desc(authTokens.id))
    .limit(1);
  if (!live?.userId) {
    // No live code: say "suspended" rather than "expired" when that is why.
    const [account] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
    if (account && (await isCodeSignInSuspended(db, account.id))) throw codeSuspended();
    throw codeGone();
  }
  const userId = live.userId;

  const outcome = await db.transaction(async (tx): Promise<CodeOutcome> => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const wrong = await wrongCodes(tx, userId);
    if (wrong >= CODE_GUARD.maxWrong) return { kind: 'suspended' };
    const [reserved] = await tx
      .update(authTokens)
      .set({ attempts: sql`${authTokens.attempts} + 1` })
      .where(and(eq(authTokens.id, live.id), isNull(authTokens.usedAt), gt(authTokens.expiresAt, sql`now()`), lt(authTokens.attempts, authTokens.maxAttempts)))
      .returning();
    if (!reserved) return { kind: 'gone' };
    if (reserved.codeHash && sameHash(reserved.codeHash, hashCode(secret, reserved.payload.salt ?? '', code))) {
      // Marked so the right guess is not counted among the wrong ones.
      const [used] = await tx
        .update(authTokens)
        .set({ usedAt: new Date(), payload: sql`${authTokens.payload} || '{"verified":"1"}'::jsonb` })
        .where(eq(authTokens.id, reserved.id))
        .returning();
      return used ? { kind: 'ok', row: used } : { kind: 'gone' };
    }
    const suspendedNow = wrong + 1 >= CODE_GUARD.maxWrong;
    const left = suspendedNow ? 0 : reserved.maxAttempts - reserved.attempts;
    if (left <= 0) await tx.update(authTokens).set({ usedAt: new Date() }).where(eq(authTokens.id, reserved.id));
    return { kind: 'wrong', left, suspendedNow, userId };
  });

  switch (outcome.kind) {
    case 'ok':
      return outcome.row;
    case 'suspended':
      throw codeSuspended();
    case 'gone':
      throw codeGone();
    case 'wrong':
      if (outcome.suspendedNow) {
        await onSuspended(outcome.userId);
        throw codeSuspended();
      }
      if (outcome.left <= 0) throw codeGone();
      throw new AppError(422, ErrorCode.codeInvalid, `Incorrect code. Attempts left: ${outcome.left}.`, { attempts_left: outcome.left });
  }
}
