import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const index = fileURLToPath(new URL('../apps/web/dist/index.html', import.meta.url));
  if (!existsSync(index)) throw new Error('The web app is not built: run `npm run build -w @lobby/web` (npm run test:e2e does).');
  const server = await startServer();
  project.provide('baseURL', server.url);
  return () => server.stop();
}
