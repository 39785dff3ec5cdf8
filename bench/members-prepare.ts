// Fills a PGlite data folder (DATA_DIR) with the demo and the members bench's 50,000 members before
// Lobby starts on it: a PGlite folder has one process at a time, so Lobby cannot be seeded from outside.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { syncTimezones } from '../apps/server/src/modules/timezones/service.ts';
import { seedMembersBench } from './members-seed.ts';

const template = fileURLToPath(new URL('../apps/server/dist/pglite-template', import.meta.url));
const database = await openPglite({ dataDir: join(process.env.DATA_DIR ?? '', 'pglite'), template });
await migrateDatabase(database);
await syncTimezones(database.db);
await seedDemo(database.db);
await seedMembersBench(database.db);
await database.close();
