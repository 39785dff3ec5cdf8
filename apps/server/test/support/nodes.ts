// Several Lobby server processes on one PostgreSQL database and one Redis (DESIGN.md section 7:
// scale-out tests start two server processes sharing PostgreSQL and Redis). Used by the chat's
// multi-node tests. These need a PostgreSQL server on both CI lanes: DATABASE_URL when set (the
// PostgreSQL lane), else CI_DATABASE_URL (what .ci/run uses), else
// postgres://postgres@127.0.0.1:5432/test (the PGlite lane; CI machines have both). Every test file gets its own database with a random name, its own ports and data folders,
// so the two lanes can run side by side on one machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, type Database } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { syncTimezones } from '../../src/modules/timezones/service.ts';
import { adminUrl, databaseUrl } from '../pg-url.ts';
import { isCi, probeRedis, probeTcp, redisTestMode, testRedisUrl } from './redis.ts';

export const nodesPostgresUrl = process.env.DATABASE_URL || process.env.CI_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Server processes on PostgreSQL belong to the suite's PostgreSQL run (DATABASE_URL set; in CI the
 * Node 24 lane): the PGlite run would start the same processes on the same PostgreSQL again.
 */
const wanted = Boolean(process.env.DATABASE_URL);
const mode = wanted ? redisTestMode(isCi(process.env.CI), (await probeRedis(testRedisUrl)) && (await probeTcp(nodesPostgresUrl, 5432))) : 'skip';

/** Use as `describe.runIf(nodesAvailable)`: run with the suite on PostgreSQL; there, skipped without Redis on a developer's machine, never under CI. */
export const nodesAvailable: boolean = mode !== 'skip';

/** First line of every multi-node test: under CI a missing PostgreSQL or Redis fails it with the reason. */
export function requireNodes(): void {
  if (mode === 'fail') throw new Error(`The multi-node tests need PostgreSQL at ${nodesPostgresUrl} and Redis at ${testRedisUrl}; CI=true requires both.`);
}

export interface SharedDatabase {
  url: string;
  database: Database;
  destroy(): Promise<void>;
}

/**
 * A fresh migrated database on the PostgreSQL server: a copy of the run's template on the
 * PostgreSQL lane, else created and migrated here (the PGlite lane has no PostgreSQL template).
 */
export async function createSharedDatabase(): Promise<SharedDatabase> {
  const name = `lobby_nodes_${randomBytes(5).toString('hex')}`;
  const template = inject('dbTemplate');
  const admin = new pg.Client({ connectionString: adminUrl(nodesPostgresUrl) });
  await admin.connect();
  try {
    await admin.query(template.kind === 'postgres' ? `create database ${name} template ${template.name}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(nodesPostgresUrl, name);
  const database = openPostgres(url, 4);
  if (template.kind !== 'postgres') {
    await migrateDatabase(database);
    await syncTimezones(database.db);
  }
  return {
    url,
    database,
    destroy: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl(nodesPostgresUrl) });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/** One server process on a fixed port; it can be killed and started again on the same port. */
export class ServerNode {
  readonly url: string;
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private output = '';
  private readonly dataDir = mkdtempSync(join(tmpdir(), 'lobby-node-'));
  /** Times the process was started. */
  starts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Spawns the process and resolves once /api/health answers 200. */
  async start(): Promise<void> {
    const { DATABASE_URL: _database, REDIS_URL: _redis, ...parent } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: { ...parent, LOG_LEVEL: 'warn', HOST: '127.0.0.1', LOBBY_DEMO: '0', DATA_DIR: this.dataDir, PORT: String(this.port), ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.starts += 1;
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    let gone = false;
    this.exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    void this.exited.then(() => (gone = true));
    // Generous: tsx compiles the server on its first start, slow on a busy CI machine.
    for (let attempt = 0; attempt < 1200; attempt += 1) {
      if (gone) throw new Error(`node ${this.name} exited before serving:\n${this.output}`);
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`node ${this.name} did not become healthy:\n${this.output}`);
  }

  get alive(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGKILL: no shutdown, connections cut, requests in flight lost. */
  async kill(): Promise<void> {
    if (!this.alive) return;
    this.child?.kill('SIGKILL');
    await this.exited;
  }

  /** What the process wrote (warnings and errors at LOG_LEVEL=warn). */
  log(): string {
    return this.output;
  }

  async dispose(): Promise<void> {
    await this.kill();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** A secret both nodes share, so each accepts the other's access tokens. */
export const sharedSecret = () => randomBytes(32).toString('base64url');

/**
 * Two nodes, A and B, on a fresh shared database, one Redis and one secret (the flood guard raised:
 * these tests send far faster than a person), started one after the other.
 */
export async function startTwoNodes(secret: string): Promise<{ shared: SharedDatabase; nodes: [ServerNode, ServerNode] }> {
  requireNodes();
  const shared = await createSharedDatabase();
  const env = { DATABASE_URL: shared.url, REDIS_URL: testRedisUrl, LOBBY_SECRET: secret, CHAT_FLOOD_LIMIT: '100000' };
  const nodes: [ServerNode, ServerNode] = [new ServerNode('A', await freePort(), env), new ServerNode('B', await freePort(), env)];
  // One after the other: both would migrate (a no-op here) under the same advisory lock anyway.
  for (const node of nodes) await node.start();
  return { shared, nodes };
}
