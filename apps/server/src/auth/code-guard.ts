import { MAGIC_CODE_MAX_ATTEMPTS, MAGIC_CODE_TTL_S } from '@lobby/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authTokens } from '../db/schema/index.ts';
import { CODE_VALUES } from './tokens.ts';

const DAY_S = 24 * 60 * 60;

/**
 * A bound on wrong codes per account, kept in the database so a restart cannot reset it: at most
 * MAX_WRONG wrong codes in any WINDOW. At the bound, code sign-in is suspended for the account
 * (links and passwords still work) until old failures leave the window; nothing lifts it sooner,
 * so the bound holds whatever else happens on the account.
 *
 * The count is read from the code rows themselves (their `attempts`, minus the one right guess of
 * a code that signed in), so no cleanup may delete magic_code rows younger than the window.
 */
export const CODE_GUARD = {
  maxWrong: 30,
  /** The period the bound is promised for. */
  periodDays: 30,
  /** Counted by the codes' creation; one code lifetime more, so guesses at a code issued just before a period count too. */
  windowSeconds: 30 * DAY_S + MAGIC_CODE_TTL_S,
} as const;

/**
 * The highest chance that someone guessing codes for one account signs in within one period.
 * Every guess is one of MAX_WRONG before the suspension; a guess at a code that already had
 * k wrong tries (k < MAGIC_CODE_MAX_ATTEMPTS) hits with 1/(CODE_VALUES - k), at most
 * 1/(CODE_VALUES - MAGIC_CODE_MAX_ATTEMPTS + 1); fresh codes are drawn independently.
 */
export function worstCaseGuessChance(guard: { maxWrong: number } = CODE_GUARD): number {
  const perGuess = 1 / (CODE_VALUES - (MAGIC_CODE_MAX_ATTEMPTS - 1));
  return 1 - (1 - perGuess) ** guard.maxWrong;
}

/** Wrong codes entered for the account within the window. */
export async function wrongCodes(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({
      wrong: sql<string>`coalesce(sum(${authTokens.attempts}), 0) - count(*) filter (where ${authTokens.payload}->>'verified' = '1')`,
    })
    .from(authTokens)
    .where(and(eq(authTokens.kind, 'magic_code'), eq(authTokens.userId, userId), gt(authTokens.createdAt, sql`now() - make_interval(secs => ${CODE_GUARD.windowSeconds})`)));
  return Number(row?.wrong ?? 0);
}

export const isCodeSignInSuspended = async (db: Db, userId: number): Promise<boolean> => (await wrongCodes(db, userId)) >= CODE_GUARD.maxWrong;
