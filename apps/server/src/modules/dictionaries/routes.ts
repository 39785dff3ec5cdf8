// Dictionaries and catalogs: product.md section 3 (Dictionaries), reloaded on language change.
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/route.ts';
import { loadDictionaries, presentCountries, presentDictionaries } from './service.ts';

export function dictionaryRoutes(app: FastifyInstance, { db }: Deps): void {
  registerRoute(app, routes.listDictionaries, async ({ query, lang }) => ({
    data: presentDictionaries(await loadDictionaries(db, query.event_id ?? null), lang),
    countries: presentCountries(lang),
  }));
}
