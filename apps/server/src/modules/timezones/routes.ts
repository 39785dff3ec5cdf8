// Timezones: contract.md section 7 (GET /timezones, GET /timezones/{id}) and product.md section 5.
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/route.ts';
import { getTimezone, listTimezones } from './service.ts';

export function timezoneRoutes(app: FastifyInstance, { db }: Deps): void {
  registerRoute(app, routes.listTimezones, async ({ query, lang }) => ({ data: await listTimezones(db, query.query, lang) }));
  registerRoute(app, routes.getTimezone, async ({ params, lang }) => ({ data: await getTimezone(db, params.id, lang) }));
}
