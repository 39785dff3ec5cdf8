import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import { adminUrl, databaseUrl } from './pg-url.ts';

export interface TestDatabase extends Database {
  /** Closes and deletes the copy. */
  destroy(): Promise<void>;
}

/** A fresh migrated database: a copy of the run's template, on PGlite or PostgreSQL. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    const database = await openPglite({ loadDataDir: new Blob([readFileSync(template.dump)]) });
    return { ...database, destroy: () => database.close() };
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set but the template is on PostgreSQL');
  const name = `lobby_t_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template.name}`);
  } finally {
    await admin.end();
  }
  const database = openPostgres(databaseUrl(url, name), 5);
  return {
    ...database,
    destroy: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl(url) });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** buildApp() on a fresh database, for app.inject(). Demo seeding is off unless asked for. */
export async function createTestApp(env: Record<string, string> = {}, options: Omit<BuildOptions, 'database'> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lobby-app-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOBBY_DEMO: '0', LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'no-web'), ...env });
  const database = await createTestDatabase();
  const app = await buildApp(config, { ...(options.logStream ? {} : { logger: false as const }), jobs: { start: false }, ...options, database });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
