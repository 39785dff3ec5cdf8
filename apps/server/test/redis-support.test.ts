import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isCi, probeRedis, redisTestMode } from './support/redis.ts';

describe('Redis-only tests', () => {
  it('fail under CI when Redis is absent, skip locally, run when it answers', () => {
    expect(redisTestMode(true, false)).toBe('fail');
    expect(redisTestMode(false, false)).toBe('skip');
    expect(redisTestMode(true, true)).toBe('run');
    expect(redisTestMode(false, true)).toBe('run');
  });

  it('read CI=true as CI, and an unset, "false" or "0" CI as a local run', () => {
    expect(isCi('true')).toBe(true);
    expect(isCi('1')).toBe(true);
    expect(isCi(undefined)).toBe(false);
    expect(isCi('')).toBe(false);
    expect(isCi('false')).toBe(false);
    expect(isCi('0')).toBe(false);
  });

  it('probe a port that answers and one that does not', async () => {
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    expect(await probeRedis(`redis://127.0.0.1:${port}`)).toBe(true);
    await new Promise((resolve) => server.close(resolve));
    expect(await probeRedis(`redis://127.0.0.1:${port}`)).toBe(false);
  });
});
