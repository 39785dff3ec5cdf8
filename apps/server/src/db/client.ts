import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { acquireLock } from './lock.ts';
import { defaultPoolMax } from './pool-size.ts';
import * as schema from './schema/index.ts';
import { bundledTemplate, pgliteDataDir, seedDataDirFromTemplate, type TemplateCopy } from './template.ts';
import { takeTurns } from './turns.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Connection URL of a PostgreSQL database (absent for PGlite). */
  url?: string;
  /** True when this start made a new PGlite data folder from the build's template (main.ts says so). */
  fromTemplate?: boolean;
  /** Answers true when a trivial query succeeds. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Every PGlite instance opens with the same extensions, or tables using them cannot be written. */
export const pgliteExtensions = { btree_gin, btree_gist, pg_trgm };

export interface PgliteOptions {
  /** Folder of the database files; omitted = in memory. */
  dataDir?: string;
  /** A dump of a migrated template (tests). */
  loadDataDir?: Blob;
  /** A prepared data folder copied into an empty `dataDir` instead of running initdb (see template.ts). */
  template?: string;
  /** The template copy main.ts started before the server's modules loaded, if any. */
  early?: TemplateCopy;
}

/**
 * PostgreSQL's default shared_buffers (128MB) is allocated and touched at start inside PGlite's
 * WebAssembly memory, so it all counts as resident memory (about 120MB of a 430MB idle RSS).
 * PGlite reads its files through Node, whose page cache already keeps hot pages; 16MB of buffers
 * is plenty for an embedded single-event server. The bench prints idle RSS to keep this honest.
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  let release = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    release = acquireLock(join(options.dataDir, '..', 'pglite.lock'));
  }
  try {
    const fromTemplate = Boolean(options.dataDir && options.template && (await seedDataDirFromTemplate(options.dataDir, options.template, options.early)));
    const client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: pgliteExtensions,
      startParams: pgliteStartParams,
    });
    takeTurns(client);
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      fromTemplate,
      ping: () => pingWith(db),
      close: async () => {
        try {
          if (!client.closed) await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export function openPostgres(url: string, max = defaultPoolMax()): Database {
  const pool = new pg.Pool({ connectionString: url, max, application_name: 'lobby' });
  // An idle client's error must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    url,
    ping: () => pingWith(db),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function pingWith(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** The one factory: PostgreSQL when a URL is given, else PGlite in DATA_DIR/pglite. */
export async function openDatabase(config: { databaseUrl: string | undefined; databasePoolMax?: number | undefined; dataDir: string }, early?: TemplateCopy): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePoolMax);
  return openPglite({ dataDir: pgliteDataDir(config.dataDir), template: bundledTemplate, ...(early ? { early } : {}) });
}
