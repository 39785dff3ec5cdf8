// The bare baseline, in its own process: a Fastify instance with no plugins answering each
// bench's bare route with the same repository query Lobby's route runs. Started by run.ts with
// PORT, DATA_DIR (PGlite) or BENCH_DB_URL (a PostgreSQL database Lobby already migrated and seeded).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { syncTimezones } from '../apps/server/src/modules/timezones/service.ts';
import { setupBookingBare } from './booking-bare.ts';
import type { BenchCase, BenchContext } from './lib.ts';

const template = fileURLToPath(new URL('../apps/server/dist/pglite-template', import.meta.url));
const url = process.env.BENCH_DB_URL;
const database = url ? openPostgres(url) : await openPglite({ dataDir: join(process.env.DATA_DIR ?? '', 'pglite'), template });
if (!url) {
  // Its own copy of the same demo data: one PGlite folder cannot be opened by two processes.
  await migrateDatabase(database);
  await syncTimezones(database.db);
  await seedDemo(database.db);
}

const bare = Fastify({ logger: false });
const context: BenchContext = { bare, db: database.db };
const folder = new URL('.', import.meta.url);
const cases: BenchCase[] = [];
// BENCH_CASES (comma list of file names without .bench.ts, e.g. "members") runs only those files'
// cases: one case can be measured again without the others' load and seeding time.
// BENCH_SKIP=cases (the process then serves the booking bench alone) loads none.
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const only = new Set((process.env.BENCH_CASES ?? '').split(',').filter(Boolean));
const selected = (name: string) => !skip.has('cases') && (only.size === 0 || only.has(name.replace(/\.bench\.ts$/, '')));
for (const file of readdirSync(folder).filter((name) => name.endsWith('.bench.ts') && selected(name)).sort()) {
  const module = (await import(new URL(file, folder).href)) as { setup(context: BenchContext): BenchCase[] | Promise<BenchCase[]> };
  // A case may seed its own data first (members.bench.ts), hence the await.
  cases.push(...(await module.setup(context)));
}
// The booking bench's contested insert (not a case: it is fired as bursts by booking.ts).
if (!skip.has('booking')) await setupBookingBare(context);
bare.get('/bare/cases', async () => cases);
bare.get('/api/health', async () => ({ status: 'ok' }));
bare.addHook('onClose', async () => database.close());
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void bare.close().then(() => process.exit(0)));
await bare.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
