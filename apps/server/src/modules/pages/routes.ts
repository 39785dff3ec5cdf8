// Organiser pages: GET /api/v1/{eventId}/pages/{slug} and the back office's
// /api/admin/v1/events/{eventId}/pages... (contract pages.ts).
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/route.ts';
import { requireManage } from '../admin/policy.ts';
import { adminCreatePage, adminDeletePage, adminPages, adminUpdatePage, readPage } from './service.ts';

export function pageRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  registerRoute(app, routes.getPage, async ({ params, request }) => readPage(db, accessSource(request, db), params.eventId, params.slug));

  registerRoute(app, routes.adminListPages, async ({ params, request }) => {
    await requireManage(request, db, params.eventId);
    return adminPages(db, params.eventId);
  });
  registerRoute(app, routes.adminCreatePage, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return adminCreatePage(db, params.eventId, body);
  });
  registerRoute(app, routes.adminUpdatePage, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return adminUpdatePage(db, params.eventId, params.pageId, body);
  });
  registerRoute(app, routes.adminDeletePage, async ({ params, request }) => {
    await requireManage(request, db, params.eventId);
    return adminDeletePage(db, params.eventId, params.pageId);
  });
}
