// Event members: product.md section 3 (Event member, Ticket), contract.md section 7 (members/me).
import { ErrorCode, routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import { requireActor } from '../../auth/authenticate.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { registerRoute } from '../../http/route.ts';
import { findActiveEvent } from '../events/repo.ts';
import { autocomplete } from './autocomplete.ts';
import { listDirectory } from './directory.ts';
import { touchLastSeen } from './last-seen.ts';
import { memberPage } from './member-page.ts';
import { listTicketTypes } from './repo.ts';
import { myMembership, registerForEvent } from './service.ts';
import { updateMyMembership } from './profile.ts';

export function memberRoutes(app: FastifyInstance, { db, config }: Deps): void {
  registerRoute(app, routes.getMyMembership, async ({ params, request }) => {
    const data = await myMembership(db, config.secret, accessSource(request, db), params.eventId);
    await touchLastSeen(db, data.id);
    return { data };
  });

  registerRoute(app, routes.updateMyMembership, async ({ params, body, request }) => ({
    data: await updateMyMembership(db, config.secret, accessSource(request, db), params.eventId, body),
  }));

  registerRoute(app, routes.listMembers, async ({ params, query, request }) =>
    listDirectory(db, config.secret, accessSource(request, db), params.eventId, {
      page: query.page ?? 1,
      perPage: query.per_page ?? 24,
      sort: query.sort ?? 'last_seen',
      order: query.order,
      query: query['filter[query]'] || undefined,
      offer: query['filter[offer]'],
      looking: query['filter[looking]'],
      features: query['filter[features]'],
      geo: query['filter[geo]'],
      showPrevious: query['filter[show_previous]'],
      empty: query['filter[empty]'],
      ids: query['filter[ids]'],
      companyId: query['filter[company_id]'],
    }),
    // Cards come from presentCard, typed MemberCard: written without zod's encode pass.
    { presented: true },
  );
  registerRoute(app, routes.autocompleteMembers, async ({ params, query, request }) => ({
    data: await autocomplete(db, config.secret, accessSource(request, db), params.eventId, query['filter[query]'] || undefined, query['filter[role_ids]'] ?? query['filter[role_ids][]']),
  }));
  registerRoute(app, routes.autocompleteMemberUsers, async ({ params, query, request }) => ({
    data: await autocomplete(db, config.secret, accessSource(request, db), params.eventId, query['filter[query]'] || undefined, query['filter[role_ids]'] ?? query['filter[role_ids][]']),
  }));
  registerRoute(app, routes.getMember, async ({ params, request, lang }) => ({ data: await memberPage(db, config.secret, accessSource(request, db), params.eventId, params.id, lang) }));

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
