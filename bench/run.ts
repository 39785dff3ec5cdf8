// `npm run bench`: Lobby's compiled server and the baselines each run in their own child process;
// this process only generates load and measures. Per database (PGlite always, PostgreSQL when
// BENCH_DATABASE_URL is set): start time on a fresh data folder and idle RSS next to a bare Node
// and a bare Fastify process, every bench/*.bench.ts case next to the bare route doing the same
// query, booking contention (500 requests for one slot next to the bare contested insert,
// bench/booking.ts) and health latency during a large CSV import. Then the chat's fan-out to 2,000
// sockets next to bare Socket.IO, on one node and on two nodes via Redis (bench/chat-fanout.ts;
// PostgreSQL when BENCH_DATABASE_URL is set, else PGlite and one node only). Then Lighthouse on three pages. Writes
// bench/results/<time>.json; `npm run bench -- --compare a.json b.json` prints b next to a.
// Not a test: nothing asserts. Knobs: BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_IMPORT_ROWS,
// BENCH_LIGHTHOUSE_RUNS (3), BENCH_LIGHTHOUSE_CALIBRATED (1: a second Lighthouse pass at the CPU slowdown calibrated to this host), BENCH_SKIP (comma list of: cases, booking, import, chat, lighthouse; pglite with BENCH_DATABASE_URL), BENCH_CASES (comma list of bench files,
// e.g. members: only their cases), BENCH_CHAT_SOCKETS (2000), BENCH_CHAT_MESSAGES (30), BENCH_CHAT_WORKERS (4),
// BENCH_REDIS_URL (redis://127.0.0.1:6379, for the two-node chat runs), BENCH_LOBBY_PROFILE (a folder for CPU profiles of Lobby).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { bookingContention } from './booking.ts';
import { chatFanout, redisAnswers } from './chat-fanout.ts';
import type { BookingPlan } from './booking-seed.ts';
import { importUnderLoad } from './import-load.ts';
import { installabilityErrors } from './installability.ts';
import { runLighthouse } from './lighthouse.ts';
import { serverEnv, serverNodeArgs } from '../scripts/server-runtime.mjs';
import { combine, connections, measure, seconds, warmup, type BenchCase, type Measurement } from './lib.ts';
import { residentMb, sleep, startChild, type Child } from './processes.ts';
import { printChat, printComparison, printInstallability, printLighthouse, printRun, type BenchResult, type DatabaseRun } from './report.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (path: string) => join(root, path);
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
/** Seconds of idleness before RSS is read: start-up garbage is collected, timers settled. */
const IDLE_MS = 5000;

const args = process.argv.slice(2);
if (args[0] === '--compare') {
  const [a, b] = args.slice(1).map((file) => JSON.parse(readFileSync(file, 'utf8')) as BenchResult);
  if (!a || !b) throw new Error('usage: npm run bench -- --compare a.json b.json');
  printComparison(a, b);
  process.exit(0);
}

// The bench measures what `npm start` runs: the compiled server and the production web build
// (BENCH_NO_BUILD=1 reuses existing builds).
/** Lobby as `npm start` runs it (scripts/start.mjs): the same Node flags and malloc settings (scripts/server-runtime.mjs). */
// BENCH_LOBBY_PROFILE=<folder> writes a V8 CPU profile of each Lobby process there (open it in
// Chrome's DevTools), to see where a case's time goes on Lobby's side.
const profile = process.env.BENCH_LOBBY_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_LOBBY_PROFILE}`] : [];
const lobbyArgs = [...serverNodeArgs, ...profile, at('apps/server/dist/main.js')];
const lobbyRuntimeEnv = serverEnv();

for (const [workspace, output] of [['@lobby/web', 'apps/web/dist/index.html'], ['@lobby/server', 'apps/server/dist/main.js']] as const) {
  if (process.env.BENCH_NO_BUILD && existsSync(at(output))) continue;
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`building ${workspace} failed`);
}

const folders: string[] = [];
const freshFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'lobby-bench-'));
  folders.push(folder);
  return folder;
};

/** A new, empty database on the BENCH_DATABASE_URL server; dropped when the bench ends. */
async function freshPostgres(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lobby_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A bearer token from Lobby's own sign-in, for cases that need a signed-in reader. */
async function signIn(url: string, login: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(login) });
  const body = (await res.json()) as { data?: { access_token?: string } };
  if (!body.data?.access_token) throw new Error(`bench sign-in as ${login.email} failed: ${res.status}`);
  return body.data.access_token;
}

/** Seeds the booking bench into Lobby's database (bench/booking-prepare.ts) and reads its plan back. */
function prepareBooking(lobbyEnv: Record<string, string>): BookingPlan {
  const file = join(lobbyEnv.DATA_DIR ?? '', 'booking-bench.json');
  const prepared = spawnSync(process.execPath, ['--import', 'tsx', at('bench/booking-prepare.ts')], { cwd: root, env: { ...process.env, ...lobbyEnv, BENCH_BOOKING_FILE: file }, stdio: ['ignore', 'ignore', 'inherit'] });
  if (prepared.status !== 0) throw new Error('seeding the booking bench failed');
  return JSON.parse(readFileSync(file, 'utf8')) as BookingPlan;
}

async function idleRss(child: Child): Promise<number> {
  await sleep(IDLE_MS);
  return residentMb(child.process.pid);
}

async function benchDatabase(kind: 'pglite' | 'postgres'): Promise<DatabaseRun> {
  const postgres = kind === 'postgres' ? await freshPostgres(process.env.BENCH_DATABASE_URL ?? '') : undefined;
  const children: Child[] = [];
  try {
    const bareNode = await startChild([at('bench/bare-start.mjs'), 'node'], {});
    const bareFastify = await startChild([at('bench/bare-start.mjs'), 'fastify'], {});
    children.push(bareNode, bareFastify);
    const lobbyEnv = { ...lobbyRuntimeEnv, DATA_DIR: freshFolder(), DATABASE_URL: postgres?.url ?? '', LOBBY_DEMO: '1', LOG_LEVEL: 'warn' };
    let lobby = await startChild(lobbyArgs, lobbyEnv);
    children.push(lobby);
    const [lobbyRss, bareNodeRss, bareFastifyRss] = await Promise.all([idleRss(lobby), idleRss(bareNode), idleRss(bareFastify)]);
    await bareNode.stop();
    await bareFastify.stop();
    const run: DatabaseRun = {
      database: kind,
      startMs: { lobby: lobby.startMs, bareNode: bareNode.startMs, bareFastify: bareFastify.startMs },
      startCpuMs: { lobby: lobby.startCpuMs, bareNode: bareNode.startCpuMs, bareFastify: bareFastify.startCpuMs },
      idleRssMb: { lobby: lobbyRss, bareNode: bareNodeRss, bareFastify: bareFastifyRss },
      cases: [],
    };

    const booking = !skip.has('booking');
    let bookingPlan: BookingPlan | undefined;
    if (kind === 'pglite' && (!skip.has('cases') || booking)) {
      // The members bench's 50,000 members and the booking bench's people go into Lobby's own
      // PGlite folder while Lobby is stopped (on PostgreSQL the bare process seeds the members into
      // the database both share, and the booking bench is seeded beside the running server).
      await lobby.stop();
      if (!skip.has('cases')) {
        const prepared = spawnSync(process.execPath, ['--import', 'tsx', at('bench/members-prepare.ts')], { cwd: root, env: { ...process.env, ...lobbyEnv }, stdio: ['ignore', 'ignore', 'inherit'] });
        if (prepared.status !== 0) throw new Error('seeding the members bench failed');
      }
      if (booking) bookingPlan = prepareBooking(lobbyEnv);
      lobby = await startChild(lobbyArgs, lobbyEnv);
      children.push(lobby);
    }
    if (!skip.has('cases') || booking) {
      const bare = await startChild(['--import', 'tsx', at('bench/bare-server.ts')], { DATA_DIR: freshFolder(), BENCH_DB_URL: postgres?.url });
      children.push(bare);
      if (booking) {
        // First, as access tokens live 15 minutes (on PostgreSQL they are made right here).
        run.booking = await bookingContention(lobby.url, bare.url, bookingPlan ?? prepareBooking(lobbyEnv));
        const wrong = [...run.booking.lobby.bursts, ...run.booking.bare.bursts, ...(run.booking.bareLocked?.bursts ?? [])].filter((burst) => burst.winners !== 1 || burst.errors > 0);
        if (wrong.length > 0) console.warn(`  booking: ${wrong.length} bursts without exactly one winner or with errors`);
      }
      const cases = (await (await fetch(`${bare.url}/bare/cases`)).json()) as BenchCase[];
      for (const item of cases) {
        const headers = item.headers ?? {};
        const lobbyHeaders = item.login ? { ...headers, authorization: `Bearer ${await signIn(lobby.url, item.login)}` } : headers;
        for (const load of item.loads ?? [connections]) {
          // A warm-up on each side first (BENCH_WARMUP seconds, default 3), so JIT and caches are
          // warm on both: after one second Lobby still spent half as much CPU again per directory
          // request as in steady state (docs/operations.md, 2026-11-29).
          await measure(`${lobby.url}${item.lobbyPath}`, lobbyHeaders, warmup, load);
          await measure(`${bare.url}${item.barePath}`, headers, warmup, load);
          // Then Lobby, bare, bare, Lobby: a drift of the machine during the case (another
          // process, PostgreSQL's background work) falls on both sides alike, not on whichever
          // side happened to run first.
          const lobbyRuns: Measurement[] = [];
          const bareRuns: Measurement[] = [];
          for (const side of ['lobby', 'bare', 'bare', 'lobby'] as const) {
            if (side === 'lobby') lobbyRuns.push(await measure(`${lobby.url}${item.lobbyPath}`, lobbyHeaders, seconds, load));
            else bareRuns.push(await measure(`${bare.url}${item.barePath}`, headers, seconds, load));
          }
          const lobbyResult = combine(lobbyRuns);
          const bareResult = combine(bareRuns);
          const name = item.loads ? `${item.name} @${load}` : item.name;
          if (lobbyResult.errors + lobbyResult.non2xx + bareResult.errors + bareResult.non2xx > 0) {
            console.warn(`  ${name}: errors or non-2xx answers (lobby ${lobbyResult.errors}/${lobbyResult.non2xx}, bare ${bareResult.errors}/${bareResult.non2xx})`);
          }
          run.cases.push({ name, lobby: lobbyResult, bare: bareResult });
        }
        if (item.explain) console.log(`\n${kind}: plan of "${item.name}"\n${item.explain}`);
      }
      await bare.stop();
    }
    if (!skip.has('import')) run.importLoad = await importUnderLoad(lobby.url);
    await lobby.stop();
    printRun(run);
    return run;
  } finally {
    for (const child of children) await child.stop();
    await postgres?.drop();
  }
}

console.log(`Lobby bench, Node ${process.version}, ${availableParallelism()} cores; ${seconds} s per run, ${connections} connections`);
const result: BenchResult = { startedAt: new Date().toISOString(), node: process.version, cpus: availableParallelism(), seconds, connections, runs: [] };
try {
  // BENCH_SKIP=pglite runs PostgreSQL alone (when there is one).
  if (!skip.has('pglite') || !process.env.BENCH_DATABASE_URL) result.runs.push(await benchDatabase('pglite'));
  if (process.env.BENCH_DATABASE_URL) result.runs.push(await benchDatabase('postgres'));
  else console.log('\n(set BENCH_DATABASE_URL to run the same benches on PostgreSQL)');
  if (!skip.has('chat')) {
    // On PostgreSQL when there is one (two nodes need a shared database), else on PGlite.
    const postgres = process.env.BENCH_DATABASE_URL ? await freshPostgres(process.env.BENCH_DATABASE_URL) : undefined;
    const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
    try {
      result.chat = await chatFanout({ lobbyArgs, lobbyEnv: lobbyRuntimeEnv, freshFolder, postgresUrl: postgres?.url, redisUrl: (await redisAnswers(redisUrl)) ? redisUrl : undefined });
      printChat(result.chat);
    } finally {
      await postgres?.drop();
    }
  }
  if (!skip.has('lighthouse')) {
    const server = await startChild(lobbyArgs, { ...lobbyRuntimeEnv, DATA_DIR: freshFolder(), DATABASE_URL: '', LOBBY_DEMO: '1', LOG_LEVEL: 'warn' });
    try {
      result.lighthouse = await runLighthouse(server.url);
      printLighthouse(result.lighthouse);
      result.installability = await installabilityErrors(server.url);
      printInstallability(result.installability);
    } finally {
      await server.stop();
    }
  }
} finally {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}
console.log('\nratio = Lobby / bare; a req/s ratio near 1 means the framework costs little next to the query.');
mkdirSync(at('bench/results'), { recursive: true });
const file = at(`bench/results/${result.startedAt.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
console.log(`written ${file}; compare two runs with: npm run bench -- --compare a.json b.json`);
