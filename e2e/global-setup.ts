import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startOidcProvider } from '../apps/server/test/support/oidc-provider.ts';
import { freePort, prepareTemplate, startServer, TEMPLATE_ENV } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const index = fileURLToPath(new URL('../apps/web/dist/index.html', import.meta.url));
  if (!existsSync(index)) throw new Error('The web app is not built: run `npm run build -w @lobby/web` (npm run test:e2e does).');
  // One migrated database for the run: every server (this one and the specs' own) starts from a copy.
  const template = await prepareTemplate();
  process.env[TEMPLATE_ENV] = template.dir;
  // Google sign-in runs against a real OpenID Connect provider on this machine.
  const port = await freePort();
  const idp = await startOidcProvider([`http://127.0.0.1:${port}/api/v1/auth/google/callback`]);
  const server = await startServer({ GOOGLE_CLIENT_ID: idp.clientId, GOOGLE_CLIENT_SECRET: idp.clientSecret, GOOGLE_ISSUER: idp.issuer }, port);
  project.provide('baseURL', server.url);
  return async () => {
    await server.stop();
    await idp.close();
    template.remove();
  };
}
