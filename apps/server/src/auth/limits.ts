import { createHash } from 'node:crypto';
import { ErrorCode } from '@lobby/contract';
import type { Redis } from 'ioredis';
import { AppError } from '../http/errors.ts';

export interface LimitStore {
  /** Counts one hit in the window of `key`; answers the count and ms until the window resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
}

/** One node: counters in memory. */
export class MemoryLimitStore implements LimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    if (this.windows.size > 50_000) for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    const current = this.windows.get(key);
    const window = current && current.resetAt > now ? current : { count: 0, resetAt: now + windowMs };
    window.count += 1;
    this.windows.set(key, window);
    return { count: window.count, resetMs: window.resetAt - now };
  }
}

/** Many nodes: counters in Redis, so a limit holds however requests are spread. */
export class RedisLimitStore implements LimitStore {
  constructor(private readonly redis: Redis) {}

  async hit(key: string, windowMs: number) {
    const results = await this.redis.multi().set(key, '0', 'PX', windowMs, 'NX').incr(key).pttl(key).exec();
    const count = Number(results?.[1]?.[1] ?? 0);
    const ttl = Number(results?.[2]?.[1] ?? windowMs);
    return { count, resetMs: ttl > 0 ? ttl : windowMs };
  }
}

export interface LimitRule {
  /** What is being limited and for whom, e.g. "login:ip:1.2.3.4". */
  key: string;
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** Limits where guessing is possible (docs/decisions.md lists the numbers). */
export const authLimits = {
  login: { ip: [30, 15 * MINUTE], account: [10, 15 * MINUTE] },
  mail: { ip: [20, 60 * MINUTE], account: [5, 15 * MINUTE] },
  code: { ip: [60, 15 * MINUTE], account: [20, 15 * MINUTE] },
  token: { ip: [60, 15 * MINUTE], account: [60, 15 * MINUTE] },
  password: { ip: [30, 15 * MINUTE], account: [10, 15 * MINUTE] },
} as const;
export type LimitKind = keyof typeof authLimits;

const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

export class Limiter {
  constructor(
    private readonly store: LimitStore,
    private readonly onStoreError: (error: unknown) => void = () => {},
  ) {}

  /** Counts a hit on every rule; 429 with Retry-After when one is over its limit. */
  async check(rules: LimitRule[]): Promise<void> {
    let retryAfterMs = 0;
    for (const rule of rules) {
      try {
        const { count, resetMs } = await this.store.hit(`limit:${rule.key}`, rule.windowMs);
        if (count > rule.limit) retryAfterMs = Math.max(retryAfterMs, resetMs);
      } catch (error) {
        // A Redis outage must not lock everyone out; the database-side limits (code attempts) still hold.
        this.onStoreError(error);
      }
    }
    if (retryAfterMs > 0) {
      const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
      throw new AppError(429, ErrorCode.tooManyRequests, `Too many attempts. Try again in ${seconds} seconds.`, { retry_after: seconds }, { 'retry-after': String(seconds) });
    }
  }

  /** Per IP and, when known, per account (the e-mail is hashed, never stored). */
  async checkAuth(kind: LimitKind, ip: string, account?: string): Promise<void> {
    const limits = authLimits[kind];
    const rules: LimitRule[] = [{ key: `${kind}:ip:${ip}`, limit: limits.ip[0], windowMs: limits.ip[1] }];
    if (account) rules.push({ key: `${kind}:acct:${digest(account.toLowerCase())}`, limit: limits.account[0], windowMs: limits.account[1] });
    await this.check(rules);
  }
}
