import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { demoAccounts } from './db/seed/demo.ts';
import type { TemplateCopy } from './db/template.ts';

/** Builds the server and listens; main.ts calls it once this module's imports have loaded. */
async function serve(templateCopy: TemplateCopy | undefined): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config, templateCopy ? { templateCopy } : {});
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: closing the listener, draining requests, closing the database');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    // A request still in flight when closing began leaves a keep-alive connection once it has been
    // answered (later still when the answer is compressed); close such connections as they turn
    // idle, or the listener would wait out their keep-alive timeout.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    sweep.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const fresh = app.deps.database.fromTemplate ? ', new data folder from the build template' : '';
  const mode = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}${fresh}`;
  const lines = [`Lobby ${config.version} is serving ${config.publicUrl} (${mode})`, `API docs: ${config.publicUrl}/api/docs`];
  if (config.mailbox === 'open') lines.push(`Local mailbox: ${config.publicUrl}/mailbox (this machine only: the server listens on ${config.host}; HOST=0.0.0.0 opens Lobby to the network and the mailbox to platform staff only)`);
  if (config.mailbox === 'staff') lines.push(`Local mailbox: ${config.publicUrl}/mailbox, platform staff only (listening on ${config.host}, reachable from the network)`);
  if (config.demo) {
    lines.push('Demo accounts (demo mode only):');
    for (const account of demoAccounts) lines.push(`  ${account.email.padEnd(28)} ${account.password.padEnd(18)} ${account.role}`);
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

export const start = (templateCopy: TemplateCopy | undefined) => serve(templateCopy).catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Lobby failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
