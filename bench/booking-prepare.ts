// Seeds the booking bench into Lobby's database and writes the plan to BENCH_BOOKING_FILE. Run with
// Lobby's own environment (DATA_DIR, DATABASE_URL) once Lobby has started on it (migrated, time zones
// synced): on PGlite while Lobby is stopped (a PGlite folder has one process at a time), on
// PostgreSQL beside the running server. The tokens are signed with Lobby's secret, read as Lobby
// reads it (LOBBY_SECRET or DATA_DIR/secret.key).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { seedBookingBench } from './booking-seed.ts';

const file = process.env.BENCH_BOOKING_FILE;
if (!file) throw new Error('BENCH_BOOKING_FILE: where to write the plan');
const config = loadConfig(process.env);
const template = fileURLToPath(new URL('../apps/server/dist/pglite-template', import.meta.url));
const database = config.databaseUrl ? openPostgres(config.databaseUrl) : await openPglite({ dataDir: join(config.dataDir, 'pglite'), template });
try {
  const plan = await seedBookingBench(database.db, config.secret);
  writeFileSync(file, `${JSON.stringify(plan)}\n`, { mode: 0o600 });
} finally {
  await database.close();
}
