import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Limiter, MemoryLimitStore, RedisLimitStore } from '../src/auth/limits.ts';
import { AppError } from '../src/http/errors.ts';
import { openRedis } from '../src/redis.ts';
import { redisAvailable, requireRedis, testRedisUrl } from './support/redis.ts';

const outcome = async (limiter: Limiter, key: string, limit: number) => {
  try {
    await limiter.check([{ key, limit, windowMs: 60_000 }]);
    return 'ok';
  } catch (error) {
    return error instanceof AppError ? `${error.status} retry-after ${error.headers?.['retry-after'] ?? '?'}` : 'other';
  }
};

describe('Limiter', () => {
  it('counts per key in memory and answers 429 with Retry-After past the limit', async () => {
    const limiter = new Limiter(new MemoryLimitStore());
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await outcome(limiter, 'k', 3));
    expect(results.slice(0, 3)).toEqual(['ok', 'ok', 'ok']);
    expect(results[3]).toMatch(/^429 retry-after (59|60)$/);
    expect(await outcome(limiter, 'other-key', 3)).toBe('ok');
  });

  it.runIf(redisAvailable)('shares the count between nodes through Redis', async () => {
    requireRedis();
    const a = openRedis(testRedisUrl);
    const b = openRedis(testRedisUrl);
    try {
      const key = `test:${randomBytes(6).toString('hex')}`;
      const nodeA = new Limiter(new RedisLimitStore(a.client));
      const nodeB = new Limiter(new RedisLimitStore(b.client));
      const results = [await outcome(nodeA, key, 3), await outcome(nodeB, key, 3), await outcome(nodeA, key, 3), await outcome(nodeB, key, 3)];
      expect(results.slice(0, 3)).toEqual(['ok', 'ok', 'ok']);
      expect(results[3]).toMatch(/^429/);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('lets requests through when the store fails, and reports it', async () => {
    const reported: unknown[] = [];
    const broken = { hit: async () => Promise.reject(new Error('redis down')) };
    const limiter = new Limiter(broken, (error) => reported.push(error));
    expect(await outcome(limiter, 'k', 0)).toBe('ok');
    expect(reported).toHaveLength(1);
  });
});
