// E-mail templates per event: contract.md section 7 (Email templates (admin)) and "Email template types".
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/route.ts';
import { requireManage } from '../admin/policy.ts';
import { autocompleteEmailTemplates, createEmailTemplate, getEmailTemplate, listEmailTemplates, previewEmailTemplate, removeEmailTemplate, updateEmailTemplate } from './service.ts';

/** Organisers and platform staff only: every call checks event.manage first. */
export function emailTemplateRoutes(app: FastifyInstance, { db }: Deps): void {
  registerRoute(app, routes.listEmailTemplates, async ({ params, query, request }) => {
    await requireManage(request, db, params.eventId);
    return listEmailTemplates(db, params.eventId, { query: query['filter[query]'], typeIds: query['filter[type_ids]'] }, query.page ?? 1, query.per_page ?? 50);
  });
  registerRoute(app, routes.autocompleteEmailTemplates, async ({ params, query, request }) => {
    await requireManage(request, db, params.eventId);
    return autocompleteEmailTemplates(db, params.eventId, query['filter[query]']);
  });
  registerRoute(app, routes.getEmailTemplate, async ({ params, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await getEmailTemplate(db, params.eventId, params.emailId) };
  });
  registerRoute(app, routes.createEmailTemplate, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await createEmailTemplate(db, params.eventId, body) };
  });
  registerRoute(app, routes.updateEmailTemplate, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await updateEmailTemplate(db, params.eventId, params.emailId, body) };
  });
  registerRoute(app, routes.deleteEmailTemplate, async ({ params, request }) => {
    await requireManage(request, db, params.eventId);
    await removeEmailTemplate(db, params.eventId, params.emailId);
    return { data: { deleted: true as const } };
  });
  registerRoute(app, routes.previewEmailTemplate, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: previewEmailTemplate(body) };
  });
}
