import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));

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

/** A real Lobby process on a free port with a fresh data folder and the demo seeded. */
export async function startServer(env: Record<string, string> = {}, port?: number): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lobby-e2e-'));
  port ??= await freePort();
  const { DATABASE_URL: _ignored, ...parent } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...parent, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, LOBBY_DEMO: '1', LOG_LEVEL: 'warn', ...env },
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
