import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serverEnv, serverNodeArgs } from '../scripts/server-runtime.mjs';

const sourceMain = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));
const compiledMain = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const makeTemplateScript = fileURLToPath(new URL('../apps/server/src/db/make-template.ts', import.meta.url));
/** The file apps/server/src/db/template.ts writes last into a complete template. */
const TEMPLATE_MARK = 'lobby-template.json';

/**
 * Where the run's migrated PGlite template is (no demo data: that depends on the day of the start).
 * global-setup.ts sets it before any spec runs; the workers inherit it.
 */
export const TEMPLATE_ENV = 'LOBBY_E2E_PGLITE_TEMPLATE';

/**
 * A migrated PGlite data folder for the whole run, so a server start copies it (as a production
 * first start copies apps/server/dist/pglite-template) instead of running initdb and every
 * migration again. A complete template given in LOBBY_E2E_PGLITE_TEMPLATE is used as it is (CI
 * passes the production build's, made by the same migrations); otherwise one is made here with
 * the server's own build step (src/db/make-template.ts).
 */
export async function prepareTemplate(): Promise<{ dir: string; remove(): void }> {
  const given = process.env[TEMPLATE_ENV];
  if (given) {
    const dir = resolve(given);
    if (!existsSync(join(dir, TEMPLATE_MARK))) throw new Error(`${TEMPLATE_ENV}=${given} is not a complete PGlite template (no ${TEMPLATE_MARK}): build the server (npm run build -w @lobby/server) or unset it.`);
    return { dir, remove: () => {} };
  }
  const folder = mkdtempSync(join(tmpdir(), 'lobby-e2e-template-'));
  const dir = join(folder, 'pglite-template');
  await promisify(execFile)(process.execPath, ['--import', 'tsx', makeTemplateScript, dir], { cwd: fileURLToPath(new URL('../apps/server', import.meta.url)) });
  return { dir, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * Which Lobby the specs start: unset or `tsx`, the sources (apps/server/src/main.ts through tsx), so
 * a local run tests the code as it is; `dist`, the production build (apps/server/dist/main.js) run
 * as `npm start` runs it, with its Node flags and malloc settings (scripts/server-runtime.mjs). CI
 * has built it already and sets `dist`: no server process compiles TypeScript as it starts, which
 * left less of two cores to the browser and the database lane.
 */
export const SERVER_ENV = 'LOBBY_E2E_SERVER';

/** How a server process is started: its Node arguments and its environment made from the one given. */
function serverCommand(): { args: string[]; env: (env: NodeJS.ProcessEnv) => NodeJS.ProcessEnv } {
  const kind = process.env[SERVER_ENV] || 'tsx';
  if (kind === 'tsx') return { args: ['--import', 'tsx', sourceMain], env: (env) => env };
  if (kind !== 'dist') throw new Error(`${SERVER_ENV}=${kind}: use tsx (the sources, the default) or dist (the build).`);
  if (!existsSync(compiledMain)) throw new Error(`${SERVER_ENV}=dist but there is no ${compiledMain}: build the server (npm run build -w @lobby/server) or unset it.`);
  return { args: [...serverNodeArgs, compiledMain], env: serverEnv };
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real Lobby process on a free port with a fresh data folder and the demo seeded: the sources or
 * the build (LOBBY_E2E_SERVER), with `env` over the run's own environment.
 */
export async function startServer(env: Record<string, string> = {}, port?: number): Promise<RunningServer> {
  const command = serverCommand();
  const dataDir = mkdtempSync(join(tmpdir(), 'lobby-e2e-'));
  port ??= await freePort();
  const { DATABASE_URL: _ignored, [TEMPLATE_ENV]: template, [SERVER_ENV]: _kind, ...parent } = process.env;
  // The database folder the server opens (DATA_DIR/pglite), filled from the run's template: the
  // server finds it migrated and only seeds the demo.
  if (template) cpSync(template, join(dataDir, 'pglite'), { recursive: true, filter: (source) => basename(source) !== TEMPLATE_MARK });
  const child: ChildProcess = spawn(process.execPath, command.args, {
    env: command.env({ ...parent, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, LOBBY_DEMO: '1', LOG_LEVEL: 'warn', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`Lobby exited during start-up:\n${output}`);
    if (attempt > 600) throw new Error(`Lobby did not become healthy:\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then((res) => res.ok, () => false);
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
