// Build step (see build.mjs): makes the migrated PGlite data folder that a first start copies
// instead of running initdb. Bundled next to main.js, run once with `node`, then removed.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { syncTimezones } from '../modules/timezones/service.ts';
import { openPglite } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { bundledTemplate, TEMPLATE_MARK } from './template.ts';

const target = process.argv[2] ?? bundledTemplate;
rmSync(target, { recursive: true, force: true });
rmSync(join(target, '..', 'pglite.lock'), { force: true });
const database = await openPglite({ dataDir: target });
try {
  await migrateDatabase(database);
  // Demo data is not part of the template: it depends on the day of the first start.
  await syncTimezones(database.db);
} finally {
  await database.close();
}
writeFileSync(join(target, TEMPLATE_MARK), JSON.stringify({ madeBy: 'apps/server/build.mjs', node: process.version }));
