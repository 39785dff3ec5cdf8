import { Redis } from 'ioredis';

export interface RedisHandle {
  client: Redis;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Connects to REDIS_URL; used for shared state across nodes (rate limits, Socket.IO adapter). */
export function openRedis(url: string): RedisHandle {
  const client = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
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
