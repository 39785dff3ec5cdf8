import { createHash } from 'node:crypto';
import { ErrorCode } from '@lobby/contract';
import type { Redis } from 'ioredis';
import { AppError } from '../http/errors.ts';

export interface LimitStore {
  /** Counts one hit in the window of `key`; answers the count and ms until the window resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /** Takes one hit back: a refused request, or an attempt that turned out not to be a failure. */
  undo(key: string): Promise<void>;
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

  async undo(key: string) {
    const window = this.windows.get(key);
    if (window && window.resetAt > Date.now() && window.count > 0) window.count -= 1;
  }
}

// Decrements only a live counter: a plain DECR on an expired key would leave -1 with no expiry.
const UNDO_SCRIPT = "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0";

/** Many nodes: counters in Redis, so a limit holds however requests are spread. */
export class RedisLimitStore implements LimitStore {
  constructor(private readonly redis: Redis) {}

  async hit(key: string, windowMs: number) {
    const results = await this.redis.multi().set(key, '0', 'PX', windowMs, 'NX').incr(key).pttl(key).exec();
    const count = Number(results?.[1]?.[1] ?? 0);
    const ttl = Number(results?.[2]?.[1] ?? windowMs);
    return { count, resetMs: ttl > 0 ? ttl : windowMs };
  }

  async undo(key: string) {
    await this.redis.eval(UNDO_SCRIPT, 1, key);
  }
}

export interface LimitRule {
  /** What is being limited and for whom, e.g. "login:ip:1.2.3.4". */
  key: string;
  limit: number;
  windowMs: number;
}

export const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

const tooMany = (retryAfterMs: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(429, ErrorCode.tooManyRequests, `Too many attempts. Try again in ${seconds} seconds.`, { retry_after: seconds }, { 'retry-after': String(seconds) });
};

export class Limiter {
  constructor(
    private readonly store: LimitStore,
    private readonly onStoreError: (error: unknown) => void = () => {},
  ) {}

  /** Counts a hit on every rule; 429 with Retry-After when one is over its limit. */
  async check(rules: LimitRule[]): Promise<void> {
    await this.attempt(rules, []);
  }

  /**
   * Counts an attempt on every rule, `failures` included (counted up front, so parallel attempts
   * cannot slip past the limit). Over a limit: the hits are taken back and the answer is 429.
   * Otherwise answers `succeeded`, which takes back the `failures` hits: those rules end up
   * counting failed attempts only.
   */
  async attempt(counted: LimitRule[], failures: LimitRule[]): Promise<() => Promise<void>> {
    let retryAfterMs = 0;
    const hits: { key: string; failure: boolean }[] = [];
    for (const [rule, failure] of [...counted.map((r) => [r, false] as const), ...failures.map((r) => [r, true] as const)]) {
      const key = `limit:${rule.key}`;
      try {
        const { count, resetMs } = await this.store.hit(key, rule.windowMs);
        hits.push({ key, failure });
        if (count > rule.limit) retryAfterMs = Math.max(retryAfterMs, resetMs);
      } catch (error) {
        // A Redis outage must not lock everyone out; the database-side limits (code attempts) still hold.
        this.onStoreError(error);
      }
    }
    if (retryAfterMs > 0) {
      await this.undo(hits.map((hit) => hit.key));
      throw tooMany(retryAfterMs);
    }
    return () => this.undo(hits.filter((hit) => hit.failure).map((hit) => hit.key));
  }

  private async undo(keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.store.undo(key);
      } catch (error) {
        this.onStoreError(error);
      }
    }
  }
}
