import { eq } from 'drizzle-orm';
import { countCards, explainableCards, selectCards, type DirectoryFilter, type DirectoryPage } from '../apps/server/src/modules/members/directory-query.ts';
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
  // The page exactly as Lobby's listDirectory asks for it: the same statement, prepared per filter shape.
  const page: DirectoryPage = { event, filter: FILTER, sort: 'last_seen', order: 'desc', reader: readerId, limit: 24, offset: 0 };
  bare.get('/bare/members', async () => {
    const { rows, total } = await selectCards(db, page);
    return { data: rows, total: total ?? (await countCards(db, page)) };
  });
  // The page query as Lobby sends it, explained with its values (without ANALYZE: the plan, not a timing).
  const query = explainableCards(db, page);
  const client = (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, string>[] }> } }).$client;
  const plan = await client.query(`explain ${query.sql}`, query.params);
  const explain = plan.rows.map((row) => Object.values(row)[0]).join('\n');
  return [{ name: 'members list (query+region+offer, total)', lobbyPath: `/api/v1/${eventId}/members?${QUERY}`, barePath: '/bare/members', headers: { 'accept-language': 'en' }, login: BENCH_READER, loads: [10, 100], explain }];
}
