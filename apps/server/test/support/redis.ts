import { connect } from 'node:net';

export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** CI always has Redis (.ci/run starts it); elsewhere the Redis-only tests run when one answers. */
export const redisAvailable: boolean =
  Boolean(process.env.CI) ||
  (await new Promise<boolean>((resolve) => {
    const url = new URL(testRedisUrl);
    const socket = connect(Number(url.port || 6379), url.hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  }));
