import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';

// ioredis (a CommonJS package) loads when a Redis URL is configured, not with every server: an
// embedded single-node server never uses it, and loading it is a tenth of a second of start.
const load = createRequire(import.meta.url);

export interface RedisHandle {
  client: IORedis.Redis;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Connects to REDIS_URL; used for shared state across nodes (rate limits, Socket.IO adapter). */
export function openRedis(url: string): RedisHandle {
  const { Redis: Client } = load('ioredis') as typeof IORedis;
  const client = new Client(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // Connection errors are reported by ping() and health; they must not crash the process.
  client.on('error', () => {});
  return {
    client,
    async ping() {
      try {
        const answer = await Promise.race([client.ping(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 1000).unref())]);
        return answer === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
