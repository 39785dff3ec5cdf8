// Booth leads: issue 17 ("exhibitors' staff scan visitors at their booth"), calls in the style of
// contract.md section 7 (contract leads.ts).
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import type { Deps } from '../../deps.ts';
import { fileUrls } from '../../files/urls.ts';
import { registerRoute } from '../../http/route.ts';
import { badgeSigner } from '../badges/qr.ts';
import { capture, exportCsv, list, mine, update, type LeadContext } from './service.ts';

export function leadRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, config } = deps;
  const ctx: LeadContext = { db, files: fileUrls(config.secret), signer: badgeSigner(config.secret) };

  registerRoute(app, routes.captureLead, async ({ params, body, request }) => capture(ctx, accessSource(request, db), params.eventId, params.id, body));
  registerRoute(app, routes.listLeads, async ({ params, query, request }) => list(ctx, accessSource(request, db), params.eventId, params.id, query['filter[query]'] || undefined, query.page ?? 1, query.per_page ?? 25));
  registerRoute(app, routes.updateLead, async ({ params, body, request }) => update(ctx, accessSource(request, db), params.eventId, params.id, params.leadId, body));
  registerRoute(app, routes.exportLeads, async ({ params, request, reply }) => {
    const file = await exportCsv(ctx, accessSource(request, db), params.eventId, params.id);
    // A file, not JSON: sent as is with its own type, so the JSON serialiser never sees it.
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });
  registerRoute(app, routes.listMyLeads, async ({ params, request }) => mine(ctx, accessSource(request, db), params.eventId));
}
