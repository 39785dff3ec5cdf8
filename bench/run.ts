// `npm run bench`: every bench/*.bench.ts compares Lobby's route with a bare Fastify route doing
// the same query in the same process and run, and prints the ratio. Not a test: nothing asserts.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { measure, type BenchCase, type BenchContext } from './lib.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'lobby-bench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOBBY_DEMO: '1', LOG_LEVEL: 'silent', DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' });
const lobby = await buildApp(config, { logger: false });
const bare = Fastify({ logger: false });
const context: BenchContext = { lobby, bare, db: lobby.deps.db };

const folder = new URL('.', import.meta.url);
const cases: BenchCase[] = [];
for (const file of readdirSync(folder).filter((name) => name.endsWith('.bench.ts')).sort()) {
  const module = (await import(new URL(file, folder).href)) as { setup(context: BenchContext): BenchCase[] };
  cases.push(...module.setup(context));
}

const lobbyUrl = await lobby.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
const mode = lobby.deps.database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL';
console.log(`Lobby bench on ${mode}, Node ${process.version}; ${process.env.BENCH_SECONDS ?? 5} s per run, ${process.env.BENCH_CONNECTIONS ?? 10} connections\n`);

const rows: string[][] = [['case', 'lobby req/s', 'lobby p99 ms', 'bare req/s', 'bare p99 ms', 'req/s ratio', 'p99 ratio']];
for (const item of cases) {
  const headers = item.headers ?? {};
  await measure(`${lobbyUrl}${item.lobbyPath}`, headers, 1);
  await measure(`${bareUrl}${item.barePath}`, headers, 1);
  const a = await measure(`${lobbyUrl}${item.lobbyPath}`, headers);
  const b = await measure(`${bareUrl}${item.barePath}`, headers);
  if (a.errors + a.non2xx + b.errors + b.non2xx > 0) console.warn(`  ${item.name}: errors or non-2xx answers (lobby ${a.errors}/${a.non2xx}, bare ${b.errors}/${b.non2xx})`);
  rows.push([
    item.name,
    a.requestsPerSecond.toFixed(0),
    String(a.p99),
    b.requestsPerSecond.toFixed(0),
    String(b.p99),
    (a.requestsPerSecond / b.requestsPerSecond).toFixed(2),
    (a.p99 / Math.max(b.p99, 1)).toFixed(2),
  ]);
}
const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
for (const row of rows) console.log(row.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  '));
console.log('\nratio = Lobby / bare; a req/s ratio near 1 means the framework costs little next to the query.');

await lobby.close();
await bare.close();
rmSync(dataDir, { recursive: true, force: true });
