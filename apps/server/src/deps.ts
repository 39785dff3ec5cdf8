import type { Limiter } from './auth/limits.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { FileStore } from './files/store.ts';
import type { JobRunner } from './jobs/runner.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Realtime } from './realtime/server.ts';
import type { RedisHandle } from './redis.ts';

/** What every module receives: configuration and the shared connections and services. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  redis: RedisHandle | undefined;
  limiter: Limiter;
  mailer: Mailer;
  jobs: JobRunner;
  realtime: Realtime;
  files: FileStore;
}
