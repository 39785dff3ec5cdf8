import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverEnvDefaults, serverNodeArgs } from '../../../scripts/server-runtime.mjs';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const serverDir = fileURLToPath(new URL('..', import.meta.url));
// Its own build folder, so a parallel CI lane or a running `npm start` keeps its dist. CI, which has
// just built apps/server/dist and rebuilds nothing while its suites run, names that one in
// LOBBY_TEST_SERVER_BUILD (a folder directly inside apps/server): the same bundle, migrations and
// template, without a second build per database lane.
const givenBuild = process.env.LOBBY_TEST_SERVER_BUILD;
const buildFolder = givenBuild ?? `.dist-test-${process.pid}`;
const compiledMain = join(serverDir, buildFolder, 'main.js');
const dataDir = mkdtempSync(join(tmpdir(), 'lobby-process-'));
const compiledDataDir = mkdtempSync(join(tmpdir(), 'lobby-compiled-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(compiledDataDir, { recursive: true, force: true });
  if (!givenBuild) rmSync(join(serverDir, buildFolder), { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

function start(env: Record<string, string>, args = ['--import', 'tsx', main]) {
  const { DATABASE_URL: _ignored, ...parent } = process.env;
  const child = spawn(process.execPath, args, { env: { ...parent, LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, exited: Promise<unknown>): Promise<void> {
  let done = false;
  void exited.then(() => (done = true));
  // Generous: a first start without the build template runs PGlite's initdb, slow on a busy CI box.
  for (let attempt = 0; attempt < 1200 && !done; attempt += 1) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become healthy');
}

describe('the server process', () => {
  it('stops at start-up with a message naming a bad variable', async () => {
    const bad = start({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT');
    expect(bad.output()).toContain('configuration is invalid');
  });

  it('serves, refuses a second process on the same data folder, and shuts down on SIGTERM', async () => {
    const port = await freePort();
    const first = start({ DATA_DIR: dataDir, PORT: String(port), LOBBY_DEMO: '1' });
    await waitForHealth(port, first.exited);
    expect(first.output()).toContain('attendee@lobby.demo');
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(true);

    const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('in use by another Lobby process');

    const inFlight = fetch(`http://127.0.0.1:${port}/api/v1/events`);
    // In flight = the server has read it (its request log line). A connection not yet read is idle,
    // and Node closes idle connections on shutdown; Node 24 lost that race in CI.
    for (let attempt = 0; attempt < 600 && !/"url":"\/api\/v1\/events"/.test(first.output()); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    first.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  }, 180_000);
});

/** Resident memory of a process in MB, from /proc (Linux, where CI and the bench run). */
const residentMb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

describe('the compiled server (npm start)', () => {
  beforeAll(() => {
    if (givenBuild) {
      expect(existsSync(join(serverDir, givenBuild, 'pglite-template', 'lobby-template.json')), `LOBBY_TEST_SERVER_BUILD=${givenBuild} is not a complete build`).toBe(true);
      return;
    }
    // The same build `npm start` runs: bundle, migrations and the PGlite template.
    const build = spawnSync(process.execPath, ['build.mjs', buildFolder], { cwd: serverDir, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
  }, 120_000);

  it('makes a fresh data folder from the build template, serves the demo, and idles under its memory budget (300 MB on Node 20)', async () => {
    const port = await freePort();
    // Run as `npm start` runs it: its Node flags and malloc settings (scripts/server-runtime.mjs).
    const first = start({ ...serverEnvDefaults, DATA_DIR: compiledDataDir, PORT: String(port), LOBBY_DEMO: '1' }, [...serverNodeArgs, compiledMain]);
    await waitForHealth(port, first.exited);
    expect(first.output()).toContain('new data folder from the build template');
    const events = await fetch(`http://127.0.0.1:${port}/api/v1/events`);
    expect(events.status).toBe(200);
    // PostgreSQL's default 128MB of shared buffers inside PGlite alone pushed this past 400 MB;
    // Node 24 needs the start script's malloc setting to stay under (docs/operations.md).
    // Idle means idle: right after the first answer the demo seed's garbage is still resident, and
    // V8's memory reducer and glibc give it back within seconds of quiet (measured 308 MB at the
    // first 200, 251-269 MB twenty seconds later). Poll until it settles under the budget, or fail.
    const pid = first.child.pid ?? 0;
    if (process.platform === 'linux') {
      const answered = residentMb(pid);
      let idle = answered;
      let waited = 0;
      // 300 MB on Node 20, the runtime `npm start` runs here; Node 24 idles 40-70 MB higher with the
      // same build (docs/operations.md, Memory and start budgets: an open item), so a ceiling there.
      const budget = Number(process.versions.node.split('.')[0]) >= 22 ? 400 : 300;
      for (; waited < 45 && idle >= budget; waited += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        idle = Math.min(idle, residentMb(pid));
      }
      console.info(`idle RSS on Node ${process.versions.node}: ${answered.toFixed(0)} MB at the first answer, ${idle.toFixed(0)} MB after ${waited} s`);
      expect(idle, `idle RSS in MB (budget ${budget} MB)`).toBeLessThan(budget);
    }
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // A second start keeps the database it made: no template copy over existing data.
    const again = start({ DATA_DIR: compiledDataDir, PORT: String(port), LOBBY_DEMO: '1' }, [compiledMain]);
    await waitForHealth(port, again.exited);
    expect(again.output()).not.toContain('from the build template');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);
});
