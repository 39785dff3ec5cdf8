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

  it('counts failures only: a succeeded attempt is taken back, a refused one too', async () => {
    const limiter = new Limiter(new MemoryLimitStore());
    const failures = [{ key: 'f', limit: 2, windowMs: 60_000 }];
    for (let i = 0; i < 10; i += 1) await (await limiter.attempt([], failures))();
    await limiter.attempt([], failures);
    await limiter.attempt([], failures);
    await expect(limiter.attempt([], failures)).rejects.toMatchObject({ status: 429 });
    await expect(limiter.attempt([], failures)).rejects.toMatchObject({ status: 429 });
    // Refused attempts were not counted: the two failures are all there is.
    const store = new MemoryLimitStore();
    const other = new Limiter(store);
    await other.attempt([], failures);
    await expect(other.attempt([], failures)).resolves.toBeTypeOf('function');
    expect((await store.hit('limit:f', 60_000)).count).toBe(3);
  });

  it.runIf(redisAvailable)('takes hits back in Redis without leaving a counter behind', async () => {
    const redis = openRedis(testRedisUrl);
    try {
      const key = `test:${randomBytes(6).toString('hex')}`;
      const limiter = new Limiter(new RedisLimitStore(redis.client));
      const failures = [{ key, limit: 1, windowMs: 60_000 }];
      for (let i = 0; i < 5; i += 1) await (await limiter.attempt([], failures))();
      await limiter.attempt([], failures);
      await expect(limiter.attempt([], failures)).rejects.toMatchObject({ status: 429 });
      expect(await redis.client.get(`limit:${key}`)).toBe('1');
      await new RedisLimitStore(redis.client).undo('limit:absent');
      expect(await redis.client.exists('limit:absent')).toBe(0);
    } finally {
      await redis.close();
    }
  });

  it('lets requests through when the store fails, and reports it', async () => {
    const reported: unknown[] = [];
    const broken = { hit: async () => Promise.reject(new Error('redis down')), undo: async () => Promise.reject(new Error('redis down')) };
    const limiter = new Limiter(broken, (error) => reported.push(error));
    expect(await outcome(limiter, 'k', 0)).toBe('ok');
    expect(reported).toHaveLength(1);
  });
});
