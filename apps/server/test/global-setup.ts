import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { syncTimezones } from '../src/modules/timezones/service.ts';
import { adminUrl, databaseUrl } from './pg-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: name of the migrated template database. PGlite: path of a migrated dump. */
    dbTemplate: { kind: 'postgres'; name: string } | { kind: 'pglite'; dump: string };
  }
}

/**
 * Migrates one template per run; every test file then gets its own copy (a database created from
 * the template on PostgreSQL, a loaded dump on PGlite), so files never see each other's rows.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `lobby_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const database = openPostgres(databaseUrl(url, name), 2);
    await migrateDatabase(database);
    await syncTimezones(database.db);
    await database.close();
    project.provide('dbTemplate', { kind: 'postgres', name });
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const folder = mkdtempSync(join(tmpdir(), 'lobby-test-'));
  const database = await openPglite();
  await migrateDatabase(database);
  await syncTimezones(database.db);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = join(folder, 'template.tar');
  writeFileSync(dump, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('dbTemplate', { kind: 'pglite', dump });
  return async () => rmSync(folder, { recursive: true, force: true });
}
