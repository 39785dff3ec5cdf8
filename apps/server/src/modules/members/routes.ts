// Event members: product.md section 3 (Event member, Ticket), contract.md section 7 (members/me).
import { ErrorCode, routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import { requireActor } from '../../auth/authenticate.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { registerRoute } from '../../http/route.ts';
import { findActiveEvent } from '../events/repo.ts';
import { listDirectory } from './directory.ts';
import { listTicketTypes } from './repo.ts';
import { myMembership, registerForEvent } from './service.ts';
import { updateMyMembership } from './profile.ts';

export function memberRoutes(app: FastifyInstance, { db, config }: Deps): void {
  registerRoute(app, routes.getMyMembership, async ({ params, request }) => ({ data: await myMembership(db, config.secret, accessSource(request, db), params.eventId) }));

  registerRoute(app, routes.updateMyMembership, async ({ params, body, request }) => ({
    data: await updateMyMembership(db, config.secret, accessSource(request, db), params.eventId, body),
  }));

  registerRoute(app, routes.listMembers, async ({ params, query, request }) =>
    listDirectory(db, accessSource(request, db), params.eventId, query.page ?? 1, query.per_page ?? 24, query['filter[query]']),
  );

  registerRoute(app, routes.listPasses, async ({ params }) => {
    const record = await findActiveEvent(db, params.slug);
    if (!record) throw new AppError(404, ErrorCode.eventNotFound, `Event "${params.slug}" was not found.`);
    const types = await listTicketTypes(db, record.event.id);
    return {
      data: types
        .filter((type) => type.selfService)
        .map((type) => ({ id: type.id, name: type.name, kind: type.kind, features: type.features, remaining: type.quota === null ? null : Math.max(0, type.quota - type.issued) })),
    };
  });

  registerRoute(app, routes.registerForEvent, async ({ params, body, request }) => {
    const actor = requireActor(request);
    const record = await findActiveEvent(db, params.slug);
    if (!record) throw new AppError(404, ErrorCode.eventNotFound, `Event "${params.slug}" was not found.`);
    return { data: await registerForEvent(db, config.secret, accessSource(request, db), actor.userId, record.event, body?.ticket_type_id) };
  });
}
