import { connect } from 'node:net';

export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when something accepts a TCP connection at the Redis URL within a second. */
export const probeRedis = (url: string): Promise<boolean> => probeTcp(url, 6379);

/** True when something accepts a TCP connection at the URL's host and port (or `defaultPort`) within a second. */
export function probeTcp(url: string, defaultPort: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const parsed = new URL(url);
    const socket = connect(Number(parsed.port || defaultPort), parsed.hostname || '127.0.0.1');
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** `CI=true` (as .ci/run and most CI services set it); "false" or "0" mean a local run. */
export const isCi = (value: string | undefined): boolean => Boolean(value) && value !== 'false' && value !== '0';

/**
 * What a Redis-only test does: run when Redis answers; skip on a developer's machine without
 * Redis; fail under CI, where a missing Redis means the Redis paths were never tested.
 */
export function redisTestMode(ci: boolean, reachable: boolean): 'run' | 'skip' | 'fail' {
  if (reachable) return 'run';
  return ci ? 'fail' : 'skip';
}

const mode = redisTestMode(isCi(process.env.CI), await probeRedis(testRedisUrl));

/** Use as `it.runIf(redisAvailable)`; under CI it is always true, and `requireRedis()` then fails the test. */
export const redisAvailable: boolean = mode !== 'skip';

/** First line of every Redis-only test: fails at once, with the reason, when CI has no Redis. */
export function requireRedis(): void {
  if (mode === 'fail') throw new Error(`Redis does not answer at ${testRedisUrl}, and CI=true requires it (.ci/run starts one; TEST_REDIS_URL points elsewhere).`);
}
