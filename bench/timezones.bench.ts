import { searchTimezones } from '../apps/server/src/modules/timezones/repo.ts';
import type { BenchCase, BenchContext } from './lib.ts';

/** GET /api/v1/timezones against the same trigram search answered as raw rows. */
export function setup({ bare, db }: BenchContext): BenchCase[] {
  bare.get<{ Querystring: { query?: string } }>('/bare/timezones', async (request) => ({ data: await searchTimezones(db, request.query.query) }));
  return [
    { name: 'timezone search', lobbyPath: '/api/v1/timezones?query=europe', barePath: '/bare/timezones?query=europe', headers: { 'accept-language': 'zh' } },
    { name: 'timezone list (all)', lobbyPath: '/api/v1/timezones', barePath: '/bare/timezones', headers: { 'accept-language': 'en' } },
  ];
}
