// Contacts: product.md section 2 (/contacts), exportable as vCard and CSV.
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/route.ts';
import { exportContacts, listContacts } from './service.ts';

export function contactRoutes(app: FastifyInstance, { db, config }: Deps): void {
  registerRoute(app, routes.listContacts, async ({ params, query, request }) => listContacts(db, config.secret, accessSource(request, db), params.eventId, query.page ?? 1, query.per_page ?? 24));

  registerRoute(app, routes.exportContacts, async ({ params, query, request, reply }) => {
    const file = await exportContacts(db, config.secret, config.publicUrl, accessSource(request, db), params.eventId, query.format);
    // A file, not JSON: sent as is with its own type, so the JSON serialiser never sees it.
    return reply
      .header('content-type', file.type)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });
}
