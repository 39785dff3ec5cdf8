// The back office's exhibitors (/api/admin/v1/events/{eventId}/exhibitors...): contract exhibitors.ts.
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { fileUrls } from '../../files/urls.ts';
import { registerRoute } from '../../http/route.ts';
import { requireManage } from '../admin/policy.ts';
import { addExhibitor, exhibitors, removeExhibitor, setExhibitor, type ExhibitorContext } from './service.ts';

export function exhibitorRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const ctx: ExhibitorContext = { db, files: fileUrls(deps.config.secret) };

  registerRoute(app, routes.adminListExhibitors, async ({ params, query, request }) => {
    await requireManage(request, db, params.eventId);
    return exhibitors(ctx, params.eventId, { query: query['filter[query]'] || undefined, tiers: query['filter[tier]'], page: query.page ?? 1, perPage: query.per_page ?? 50 });
  });
  registerRoute(app, routes.adminAddExhibitor, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await addExhibitor(ctx, params.eventId, body) };
  });
  registerRoute(app, routes.adminUpdateExhibitor, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await setExhibitor(ctx, params.eventId, params.companyId, body) };
  });
  registerRoute(app, routes.adminRemoveExhibitor, async ({ params, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await removeExhibitor(ctx, params.eventId, params.companyId) };
  });
}
