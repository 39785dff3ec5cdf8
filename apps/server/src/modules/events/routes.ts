// Events, public reading: product.md sections 2 (/events) and 3 (Event), contract.md section 7.
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/route.ts';
import { getEvent, listBrandingGroups, listEventGroups } from './service.ts';

export function eventRoutes(app: FastifyInstance, { db }: Deps): void {
  registerRoute(app, routes.listEvents, async ({ query, lang, request }) => ({
    data: await listEventGroups(db, { query: query['filter[query]'], group: query['filter[group]'] }, lang, request.actor?.userId ?? null),
  }));
  registerRoute(app, routes.listBrandings, async ({ params }) => ({ data: await listBrandingGroups(db, params.eventId) }));
  registerRoute(app, routes.getEvent, async ({ params, lang }) => ({ data: await getEvent(db, params.slug, lang) }));
}
