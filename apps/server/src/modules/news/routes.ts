// News: product.md section 2 (/news, /news/{id}); contract.md section 7 "two news sources"; contract news.ts.
import multipart from '@fastify/multipart';
import { IMAGE_TYPES, routes, UPLOAD_MAX_BYTES } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { isLoopbackHost } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import { receiveUpload } from '../../files/upload.ts';
import { registerRoute } from '../../http/route.ts';
import { requireManage } from '../admin/policy.ts';
import { NEWS_REFRESH_JOB, newsRefreshHandler } from './jobs.ts';
import { allowsPrivateFeeds } from './policy.ts';
import {
  adminCreateNews,
  adminDeleteNews,
  adminListNews,
  adminListNewsFeeds,
  adminRefreshNewsFeeds,
  adminSetNewsCover,
  adminSetNewsFeeds,
  adminSetNewsHidden,
  adminUpdateNews,
  getNews,
  listNews,
  requireCoverTarget,
  type NewsContext,
} from './service.ts';

const PER_PAGE = 20;

export async function newsRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config } = deps;
  const ctx: NewsContext = { db, files: deps.files, secret: config.secret, allowPrivateFeeds: allowsPrivateFeeds(config, isLoopbackHost), nudge: () => deps.jobs.nudge() };
  deps.jobs.register(NEWS_REFRESH_JOB, newsRefreshHandler(db, ctx.allowPrivateFeeds));

  registerRoute(app, routes.listNews, async ({ params, query }) => listNews(ctx, params.eventId, query.page ?? 1, query.per_page ?? PER_PAGE));
  registerRoute(app, routes.getNews, async ({ params }) => getNews(ctx, params.eventId, Number(params.id)));

  const manage = (request: Parameters<typeof requireManage>[0], eventId: number) => requireManage(request, db, eventId);
  registerRoute(app, routes.adminListNews, async ({ params, query, request }) => {
    await manage(request, params.eventId);
    return adminListNews(ctx, params.eventId, query['filter[source]'], query.page ?? 1, query.per_page ?? PER_PAGE);
  });
  registerRoute(app, routes.adminCreateNews, async ({ params, body, request }) => {
    await manage(request, params.eventId);
    return adminCreateNews(ctx, params.eventId, body);
  });
  registerRoute(app, routes.adminUpdateNews, async ({ params, body, request }) => {
    await manage(request, params.eventId);
    return adminUpdateNews(ctx, params.eventId, params.newsId, body);
  });
  registerRoute(app, routes.adminSetNewsHidden, async ({ params, body, request }) => {
    await manage(request, params.eventId);
    return adminSetNewsHidden(ctx, params.eventId, params.newsId, body.hidden);
  });
  registerRoute(app, routes.adminDeleteNews, async ({ params, request }) => {
    await manage(request, params.eventId);
    return adminDeleteNews(ctx, params.eventId, params.newsId);
  });
  registerRoute(app, routes.adminListNewsFeeds, async ({ params, request }) => {
    await manage(request, params.eventId);
    return adminListNewsFeeds(ctx, params.eventId);
  });
  registerRoute(app, routes.adminSetNewsFeeds, async ({ params, body, request }) => {
    await manage(request, params.eventId);
    return adminSetNewsFeeds(ctx, params.eventId, body.feeds);
  });
  registerRoute(app, routes.adminRefreshNewsFeeds, async ({ params, request }) => {
    await manage(request, params.eventId);
    return adminRefreshNewsFeeds(ctx, params.eventId);
  });

  // Its own scope, so the multipart parser exists for the upload alone.
  const maxBytes = Math.min(UPLOAD_MAX_BYTES, config.uploadMaxBytes);
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxBytes + 1, files: 1, fields: 4, parts: 6 } });
    registerRoute(scope, routes.adminUploadNewsCover, async ({ params, request }) => {
      await manage(request, params.eventId);
      await requireCoverTarget(ctx, params.eventId, params.newsId);
      return adminSetNewsCover(ctx, params.eventId, params.newsId, await receiveUpload(request, { maxBytes, types: IMAGE_TYPES }));
    });
  });
}
