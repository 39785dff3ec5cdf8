// Organiser back office under /api/admin/v1: product.md sections 3 (Event, Ticket, Event member)
// and 6 (roles); only platform staff and the event's organisers reach it.
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../auth/authenticate.ts';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/route.ts';
import { accessFor } from '../../access/access.ts';
import { currentRoles, guardTrustRole, requireAnalyticsRight } from '../events/analytics-trust.ts';
import { setBrandings } from './brandings.ts';
import { adminEvent, createEvent, manageableEvents, updateEvent } from './events.ts';
import { parseImport } from './import.ts';
import { getImport, registerImportJobs, startImport } from './import-job.ts';
import { issueTicket, listMembers, removeMember, updateMember } from './members.ts';
import { requireCreate, requireManage } from './policy.ts';
import { createTicketType, deleteTicketType, updateTicketType } from './ticket-types.ts';

export function adminRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, mailer, config, realtime, jobs } = deps;
  const services = { db, mailer, publicUrl: config.publicUrl, jobs };
  registerImportJobs(services);

  registerRoute(app, routes.adminListEvents, async ({ request, lang }) => {
    const access = await accessFor(request, db, null);
    return { data: await manageableEvents(db, access, lang), can_create: access.can('event.create') };
  });

  registerRoute(app, routes.adminCreateEvent, async ({ request, body, lang }) => {
    const actor = requireActor(request);
    requireAnalyticsRight(await requireCreate(request, db), undefined, body.config.analytics);
    const id = await createEvent(db, body, actor.userId);
    request.accessCache?.delete(id);
    return { data: await adminEvent(db, id, await accessFor(request, db, id), lang) };
  });

  registerRoute(app, routes.adminGetEvent, async ({ request, params, lang }) => {
    const { access } = await requireManage(request, db, params.id);
    return { data: await adminEvent(db, params.id, access, lang) };
  });

  registerRoute(app, routes.adminUpdateEvent, async ({ request, params, body, lang }) => {
    const { access, event } = await requireManage(request, db, params.id);
    requireAnalyticsRight(access, event.config.analytics, body.config.analytics);
    await updateEvent(db, params.id, body);
    realtime.configChanged(params.id);
    return { data: await adminEvent(db, params.id, access, lang) };
  });

  registerRoute(app, routes.adminCreateTicketType, async ({ request, params, body }) => {
    await requireManage(request, db, params.id);
    const data = await createTicketType(db, params.id, body);
    realtime.configChanged(params.id);
    return { data };
  });

  registerRoute(app, routes.adminUpdateTicketType, async ({ request, params, body }) => {
    await requireManage(request, db, params.id);
    const data = await updateTicketType(db, params.id, params.ticketTypeId, body);
    realtime.configChanged(params.id);
    return { data };
  });

  registerRoute(app, routes.adminDeleteTicketType, async ({ request, params }) => {
    await requireManage(request, db, params.id);
    await deleteTicketType(db, params.id, params.ticketTypeId);
    realtime.configChanged(params.id);
    return { data: { deleted: true as const } };
  });

  registerRoute(app, routes.adminListMembers, async ({ request, params, query }) => {
    await requireManage(request, db, params.id);
    return listMembers(db, params.id, query.page ?? 1, query.per_page ?? 25, query['filter[query]']);
  });

  registerRoute(app, routes.adminInviteMember, async ({ request, params, body, lang }) => {
    const { event, access } = await requireManage(request, db, params.id);
    if (body.role_ids) guardTrustRole(access, [], body.role_ids);
    const result = await issueTicket({ db, mailer, publicUrl: config.publicUrl, language: lang }, event, {
      email: body.email,
      firstName: body.first_name,
      lastName: body.last_name,
      ticketTypeId: body.ticket_type_id,
      roleIds: body.role_ids,
    });
    return { data: { ...result.member, created_user: result.createdUser } };
  });

  registerRoute(app, routes.adminImportMembers, async ({ request, params, body, lang }) => {
    const { event } = await requireManage(request, db, params.id);
    const parsed = parseImport(body.csv, body.header);
    return { data: await startImport(services, event, parsed, body.first_row ?? 2, lang) };
  });

  registerRoute(app, routes.adminGetImport, async ({ request, params }) => {
    await requireManage(request, db, params.id);
    return { data: await getImport(db, params.id, params.importId) };
  });

  registerRoute(app, routes.adminUpdateMember, async ({ request, params, body }) => {
    const { access } = await requireManage(request, db, params.id);
    const roleIds = body.role_ids ? guardTrustRole(access, await currentRoles(db, params.id, params.memberId), body.role_ids) : undefined;
    return { data: await updateMember(db, params.id, params.memberId, { ...body, role_ids: roleIds }) };
  });

  registerRoute(app, routes.adminRemoveMember, async ({ request, params }) => {
    await requireManage(request, db, params.id);
    await removeMember(db, params.id, params.memberId);
    return { data: { deleted: true as const } };
  });

  registerRoute(app, routes.adminSetBrandings, async ({ request, params, body }) => {
    await requireManage(request, db, params.id);
    const data = await setBrandings(db, params.id, body.items);
    realtime.configChanged(params.id);
    return { data };
  });
}
