// The showcase and its voting (/api/expo/{eventId}/...) and its back office: contract games.ts.
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import type { Deps } from '../../deps.ts';
import { fileUrls } from '../../files/urls.ts';
import { registerRoute } from '../../http/route.ts';
import { requireManage } from '../admin/policy.ts';
import { adminEntries, adminShowcases, createShowcase, decide, updateShowcase } from './admin.ts';
import { getShowcase, getShowcaseEntry, listShowcaseEntries, listShowcases, showcaseTarget, showcaseTop, submitEntry, vote, type ShowcaseContext } from './service.ts';

export function showcaseRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, config } = deps;
  const files = fileUrls(config.secret);
  const ctx: ShowcaseContext = { db, files, store: deps.files, notices: { db, files, realtime: deps.realtime, log: app.log } };

  registerRoute(app, routes.listShowcases, async ({ params, request }) => ({ data: await listShowcases(ctx, accessSource(request, db), params.eventId) }));
  registerRoute(app, routes.getShowcase, async ({ params, request }) => getShowcase(ctx, accessSource(request, db), params.eventId, params.slug));
  registerRoute(app, routes.listShowcaseEntries, async ({ params, query, request }) =>
    listShowcaseEntries(ctx, accessSource(request, db), params.eventId, params.slug, {
      platforms: query['filter[platform]'],
      genres: query['filter[genre]'],
      stages: query['filter[stage]'],
      query: query['filter[query]'] || undefined,
      mine: query['filter[mine]'] ?? false,
      page: query.page ?? 1,
      perPage: query.per_page ?? 24,
    }),
  );
  registerRoute(app, routes.getShowcaseEntry, async ({ params, request }) => ({ data: await getShowcaseEntry(ctx, accessSource(request, db), params.eventId, params.requestId) }));
  registerRoute(app, routes.submitShowcaseEntry, async ({ params, body, request }) => ({ data: await submitEntry(ctx, accessSource(request, db), params.eventId, params.slug, body.game_id) }));
  registerRoute(app, routes.voteShowcaseEntry, async ({ params, request }) => ({ data: await vote(ctx, accessSource(request, db), params.eventId, params.requestId, params.categoryId, true) }));
  registerRoute(app, routes.unvoteShowcaseEntry, async ({ params, request }) => ({ data: await vote(ctx, accessSource(request, db), params.eventId, params.requestId, params.categoryId, false) }));
  registerRoute(app, routes.getShowcaseTop, async ({ params, request }) => showcaseTop(ctx, accessSource(request, db), params.eventId, params.slug));
  registerRoute(app, routes.gameShowcaseTarget, async ({ params, request }) => ({ data: await showcaseTarget(ctx, accessSource(request, db), params.eventId, params.id) }));

  registerRoute(app, routes.adminListShowcases, async ({ params, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await adminShowcases(db, params.eventId) };
  });
  registerRoute(app, routes.adminCreateShowcase, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await createShowcase(db, params.eventId, body) };
  });
  registerRoute(app, routes.adminUpdateShowcase, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await updateShowcase(db, params.eventId, params.showcaseId, body) };
  });
  registerRoute(app, routes.adminListShowcaseEntries, async ({ params, query, request }) => {
    const { access } = await requireManage(request, db, params.eventId);
    return adminEntries(ctx, params.eventId, params.showcaseId, { status: query['filter[status]'], page: query.page ?? 1, perPage: query.per_page ?? 50 }, access.userId ?? 0);
  });
  registerRoute(app, routes.adminDecideShowcaseEntry, async ({ params, body, request }) => {
    const { access } = await requireManage(request, db, params.eventId);
    return { data: await decide(ctx, params.eventId, params.requestId, body, access.userId ?? 0) };
  });
}
