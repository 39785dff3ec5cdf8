import { digest, type Limiter, type LimitRule } from './limits.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Limit = readonly [limit: number, windowMs: number];

/**
 * Sign-in throttling (docs/decisions.md "Accounts and sign-in" explains the numbers).
 *
 * Per-address limits are generous: hundreds of people at a venue share one address. Guessing is
 * held back by failures, keyed on the account and the address together, so a stranger's failures
 * slow down the stranger and never the owner signing in from elsewhere. Failures of one account
 * from one address meet a stepped back-off (each step a longer window) rather than a lock.
 */
export const authLimits = {
  /**
   * Every password sign-in request per address: a flood guard. A failure cap per address across
   * accounts would let one person at a venue lock the whole venue out, so there is none.
   */
  login: { ip: [1000, 15 * MINUTE] },
  /**
   * Code checks per address, and failed checks per account from anywhere. The latter can only
   * hold up sign-in with a code, which a stranger may suspend anyway (code-guard.ts bounds wrong
   * codes per account in the database); it spares the database a flood of hopeless guesses.
   */
  code: { ip: [1000, 15 * MINUTE], accountFailures: [50, 15 * MINUTE] },
  /** Failures of one account from one address, on password and code sign-in alike. */
  accountAddressFailures: [
    [5, 5 * MINUTE],
    [10, HOUR],
    [20, DAY],
  ],
  /**
   * Mails (registration, link, code, recovery). The per-account cap stops mail bombing; reaching
   * it only delays new mails: the password works, and the last mailed link or code stays valid.
   */
  mail: { ip: [300, HOUR], account: [5, 15 * MINUTE], accountDaily: [20, DAY] },
  /** One-time link tokens carry 256 random bits: only a flood guard per address. */
  token: { ip: [1000, 15 * MINUTE] },
  /** Refresh per session; unknown refresh tokens per address. */
  refresh: { session: [30, 15 * MINUTE], unknownIp: [100, 15 * MINUTE] },
  /** Wrong current passwords per signed-in account. */
  passwordFailures: [10, 15 * MINUTE],
} as const satisfies Record<string, Record<string, Limit> | readonly Limit[] | Limit>;

const rule = (key: string, [limit, windowMs]: Limit): LimitRule => ({ key, limit, windowMs });

/**
 * One client address as a key. IPv6 clients usually hold a whole /64, so the network part is the
 * key; IPv4-mapped addresses count as IPv4.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

const account = (email: string) => digest(email.trim().toLowerCase());

/**
 * A password or code sign-in attempt. Answers `succeeded`, to call once the attempt worked, so
 * that only failures stay counted.
 */
export function signInAttempt(limiter: Limiter, kind: 'login' | 'code', ip: string, email: string): Promise<() => Promise<void>> {
  const address = addressKey(ip);
  const who = account(email);
  const failures = authLimits.accountAddressFailures.map((step, index) => rule(`signin-fail:${who}:${address}:${index}`, step));
  if (kind === 'code') failures.push(rule(`code-fail:${who}`, authLimits.code.accountFailures));
  return limiter.attempt([rule(`${kind}:ip:${address}`, authLimits[kind].ip)], failures);
}

/** A request that sends a mail to `email`. */
export async function mailRequest(limiter: Limiter, ip: string, email: string): Promise<void> {
  const who = account(email);
  await limiter.check([rule(`mail:ip:${addressKey(ip)}`, authLimits.mail.ip), rule(`mail:acct:${who}`, authLimits.mail.account), rule(`mail:acct-day:${who}`, authLimits.mail.accountDaily)]);
}

/** Use of a one-time link token, ticket or OAuth start. */
export async function tokenUse(limiter: Limiter, ip: string): Promise<void> {
  await limiter.check([rule(`token:ip:${addressKey(ip)}`, authLimits.token.ip)]);
}

/** A refresh: per session when the token is known, else per address (tokens cannot be guessed). */
export async function refreshRequest(limiter: Limiter, ip: string, sessionId: string | null): Promise<void> {
  await limiter.check([sessionId ? rule(`refresh:session:${sessionId}`, authLimits.refresh.session) : rule(`refresh:unknown:${addressKey(ip)}`, authLimits.refresh.unknownIp)]);
}

/** A change of password by a signed-in person; only wrong current passwords stay counted. */
export function passwordChangeAttempt(limiter: Limiter, userId: number): Promise<() => Promise<void>> {
  return limiter.attempt([], [rule(`password-fail:${userId}`, authLimits.passwordFailures)]);
}
