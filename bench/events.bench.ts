import { findActiveEvents } from '../apps/server/src/modules/events/repo.ts';
import type { BenchCase, BenchContext } from './lib.ts';

/** GET /api/v1/events against the same repository queries answered as raw rows. */
export function setup({ bare, db }: BenchContext): BenchCase[] {
  bare.get('/bare/events', async () => findActiveEvents(db, { now: new Date() }));
  return [{ name: 'events list', lobbyPath: '/api/v1/events', barePath: '/bare/events', headers: { 'accept-language': 'ru' } }];
}
