// Build step (see build.mjs): makes the migrated PGlite data folder that a first start copies
// instead of running initdb, and renders the demo games' pictures that a first demo seed stores
// instead of rendering them. Bundled next to main.js, run once with `node`, then removed. Given a
// folder (the e2e run's own template, made from the sources), it makes that template only.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { syncTimezones } from '../modules/timezones/service.ts';
import { openPglite } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { bundledGamePictures, writeGamePictures } from './seed/games.ts';
import { bundledTemplate, TEMPLATE_MARK } from './template.ts';

const given = process.argv[2];
const target = given ?? bundledTemplate;
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
if (given === undefined) await writeGamePictures(bundledGamePictures);
