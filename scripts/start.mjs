// `npm start`: builds the web app and the server when missing or older than their sources, then
// runs the compiled server (apps/server/dist/main.js): no TypeScript compiler in the running
// process, which keeps start time and memory low. Signals are passed on so SIGTERM shuts down
// gracefully.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv, serverNodeArgs } from './server-runtime.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), 0);
}

/** Stale when any output is missing or any source changed after the oldest output was written. */
function stale(outputs, sources) {
  if (!outputs.every((output) => existsSync(output))) return true;
  const built = Math.min(...outputs.map((output) => statSync(output).mtimeMs));
  return sources.some((source) => newestMtime(source) > built);
}

const at = (...paths) => paths.map((path) => join(root, path));
const contract = ['packages/contract/src', 'packages/contract/package.json'];
const parts = [
  {
    name: 'web app',
    workspace: '@lobby/web',
    outputs: at('apps/web/dist/index.html'),
    sources: at('apps/web/src', 'apps/web/public', 'apps/web/build', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', ...contract),
  },
  {
    name: 'server',
    workspace: '@lobby/server',
    outputs: at('apps/server/dist/main.js', 'apps/server/dist/pglite-template/lobby-template.json'),
    sources: at('apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', ...contract),
  },
];

for (const part of parts) {
  if (!stale(part.outputs, part.sources)) continue;
  console.log(`Building the ${part.name}…`);
  const build = spawnSync(npm, ['run', 'build', '-w', part.workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Node flags and malloc settings for a small idle footprint (scripts/server-runtime.mjs).
const server = spawn(process.execPath, [...serverNodeArgs, join(root, 'apps/server/dist/main.js')], { cwd: root, env: serverEnv(), stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
