import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { RedisHandle } from './redis.ts';

/** What every module receives: configuration and the shared connections. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  redis: RedisHandle | undefined;
}
