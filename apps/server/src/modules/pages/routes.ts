// Organiser pages: GET /api/v1/{eventId}/pages[/{slug}], their forms' submissions, and the back
// office's /api/admin/v1/events/{eventId}/pages... (contract pages.ts and page-forms.ts).
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import type { Deps } from '../../deps.ts';
import { fileUrls } from '../../files/urls.ts';
import { registerRoute } from '../../http/route.ts';
import { requireManage } from '../admin/policy.ts';
import { attachmentHeader } from '../expo/policy.ts';
import { adminSubmissions, exportSubmissions, submitForm } from './forms.ts';
import type { FrameOrigins } from './frames.ts';
import { adminCreatePage, adminDeletePage, adminPages, adminUpdatePage, listPublishedPages, readPage } from './service.ts';

/** `frames` is the page CSP's list of framed origins, reloaded after every change of a page. */
export function pageRoutes(app: FastifyInstance, deps: Deps, frames: FrameOrigins): void {
  const { db } = deps;
  const files = fileUrls(deps.config.secret);
  const changed = async <T>(result: T): Promise<T> => {
    await frames.refresh();
    return result;
  };

  registerRoute(app, routes.listPages, async ({ params, request }) => listPublishedPages(db, accessSource(request, db), params.eventId));
  registerRoute(app, routes.getPage, async ({ params, request }) => readPage(db, files, accessSource(request, db), params.eventId, params.slug));
  registerRoute(app, routes.submitPageForm, async ({ params, body, request }) =>
    submitForm({ db, limiter: deps.limiter, mailer: deps.mailer, log: request.log }, accessSource(request, db), params.eventId, params.slug, params.blockId, body.values),
  );

  registerRoute(app, routes.adminListPages, async ({ params, request }) => {
    await requireManage(request, db, params.eventId);
    return adminPages(db, files, params.eventId);
  });
  registerRoute(app, routes.adminCreatePage, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return changed(await adminCreatePage(db, files, params.eventId, body));
  });
  registerRoute(app, routes.adminUpdatePage, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return changed(await adminUpdatePage(db, files, params.eventId, params.pageId, body));
  });
  registerRoute(app, routes.adminDeletePage, async ({ params, request }) => {
    await requireManage(request, db, params.eventId);
    return changed(await adminDeletePage(db, params.eventId, params.pageId));
  });

  registerRoute(app, routes.adminListFormSubmissions, async ({ params, query, request }) => {
    await requireManage(request, db, params.eventId);
    return adminSubmissions(db, params.eventId, params.pageId, query.block_id, query.page ?? 1, query.per_page ?? 20);
  });
  registerRoute(app, routes.adminExportFormSubmissions, async ({ params, query, request, reply }) => {
    await requireManage(request, db, params.eventId);
    const file = await exportSubmissions(db, params.eventId, params.pageId, query.block_id);
    // A file, not JSON: sent as is with its own type, so the JSON serialiser never sees it.
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', attachmentHeader(file.filename)).header('cache-control', 'private, no-store').send(file.body);
  });
}
