import { eq, sql } from 'drizzle-orm';
import { cardsQuery, countCards, directoryWhere, selectCards, type DirectoryFilter } from '../apps/server/src/modules/members/directory-query.ts';
import { events } from '../apps/server/src/db/schema/index.ts';
import type { BenchCase, BenchContext } from './lib.ts';
import { BENCH_READER, seedMembersBench } from './members-seed.ts';

/** The shape: a text query, a region and an offer, last seen first, with its total. */
const FILTER: DirectoryFilter = { query: 'mar', geo: ['EU'], offer: [3] };
const QUERY = 'filter[query]=mar&filter[geo]=EU&filter[offer]=3&sort=last_seen';

/**
 * GET /api/v1/{eventId}/members over 50,000 members, next to a bare route running the same query
 * (directory-query.ts) without the gate, the presenter or validation. Measured at 10 and 100
 * connections; the plan is printed so one can see which indexes the planner takes.
 */
export async function setup({ bare, db }: BenchContext): Promise<BenchCase[]> {
  const { eventId, readerId } = await seedMembersBench(db);
  const [event] = await db.select({ id: events.id, dateFrom: events.dateFrom }).from(events).where(eq(events.id, eventId));
  if (!event) throw new Error('no bench event');
  const where = directoryWhere(event, FILTER);
  bare.get('/bare/members', async () => {
    const { rows, total } = await selectCards(db, where, 'last_seen', 'desc', eventId, readerId, 24, 0);
    return { data: rows, total: total ?? (await countCards(db, where)) };
  });
  // The page query as Lobby sends it, explained (without ANALYZE: the plan, not a timing).
  const plan = (await db.execute(sql`explain ${cardsQuery(db, where, 'last_seen', 'desc', eventId, readerId, 24, 0)}`)) as unknown as { rows: Record<string, string>[] };
  const explain = plan.rows.map((row) => Object.values(row)[0]).join('\n');
  return [{ name: 'members list (query+region+offer, total)', lobbyPath: `/api/v1/${eventId}/members?${QUERY}`, barePath: '/bare/members', headers: { 'accept-language': 'en' }, login: BENCH_READER, loads: [10, 100], explain }];
}
