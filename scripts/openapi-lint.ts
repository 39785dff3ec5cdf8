// Writes the OpenAPI document Lobby serves and lets Redocly's linter judge it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPglite } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';

const dir = mkdtempSync(join(tmpdir(), 'lobby-openapi-'));
const database = await openPglite();
await migrateDatabase(database);
const app = await buildApp(loadConfig({ DATA_DIR: dir, LOBBY_DEMO: '0', LOG_LEVEL: 'silent' }), { database, logger: false });
await app.ready();
const file = join(dir, 'openapi.json');
writeFileSync(file, JSON.stringify(app.swagger(), null, 2));
await app.close();
await database.close();

const bin = join(import.meta.dirname, '..', 'node_modules', '.bin', 'redocly');
const result = spawnSync(bin, ['lint', file, '--config', join(import.meta.dirname, '..', 'redocly.yaml')], { stdio: 'inherit' });
rmSync(dir, { recursive: true, force: true });
process.exit(result.status ?? 1);
