// Jury voting (/api/expo/{eventId}/voting...) and its back office: contract jury.ts.
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import type { Deps } from '../../deps.ts';
import { fileUrls } from '../../files/urls.ts';
import { registerRoute } from '../../http/route.ts';
import { requireManage } from '../admin/policy.ts';
import type { GamesContext } from '../games/service.ts';
import { adminJury, getFinalist, getRound, listRounds, results, score, updateJury } from './service.ts';

export function juryRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, config } = deps;
  const ctx: GamesContext = { db, files: fileUrls(config.secret), store: deps.files };

  registerRoute(app, routes.listJuryRounds, async ({ params, request }) => ({ data: await listRounds(ctx, accessSource(request, db), params.eventId) }));
  registerRoute(app, routes.getJuryRound, async ({ params, request }) => getRound(ctx, accessSource(request, db), params.eventId, params.slug));
  registerRoute(app, routes.getJuryFinalist, async ({ params, request }) => ({ data: await getFinalist(ctx, accessSource(request, db), params.eventId, params.slug, params.requestId) }));
  registerRoute(app, routes.scoreJuryFinalist, async ({ params, body, request }) => ({ data: await score(ctx, accessSource(request, db), params.eventId, params.slug, params.requestId, body) }));
  registerRoute(app, routes.getJuryResults, async ({ params, request }) => results(ctx, accessSource(request, db), params.eventId, params.slug));

  registerRoute(app, routes.adminGetJury, async ({ params, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await adminJury(db, params.eventId, params.showcaseId) };
  });
  registerRoute(app, routes.adminUpdateJury, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await updateJury(db, params.eventId, params.showcaseId, body) };
  });
}
