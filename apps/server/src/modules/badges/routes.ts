// Volunteers and badges, check-in and contact exchange: product.md sections 2 (volunteer/badges,
// volunteer/badges/{userId}/{badgeId}), 4 (role 3 Helper) and 6 (volunteers print badges); issue 17.
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import type { Deps } from '../../deps.ts';
import { fileUrls } from '../../files/urls.ts';
import { registerRoute } from '../../http/route.ts';
import { requireManage } from '../admin/policy.ts';
import { exchange, myBadge } from './exchange.ts';
import { badgeSigner } from './qr.ts';
import { attendees, checkInByQr, checkInStats, printable, printableList, printBatch, printOne, type BadgeContext } from './service.ts';

export function badgeRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, config } = deps;
  const ctx: BadgeContext = { db, files: fileUrls(config.secret), signer: badgeSigner(config.secret) };

  registerRoute(app, routes.listVolunteerAttendees, async ({ params, query, request }) =>
    attendees(
      ctx,
      accessSource(request, db),
      params.eventId,
      { query: query['filter[query]'] || undefined, ticketTypes: query['filter[ticket_type]'], checkedIn: query['filter[checked_in]'], badge: query['filter[badge]'] },
      query.page ?? 1,
      query.per_page ?? 25,
    ),
  );
  registerRoute(app, routes.printBadge, async ({ params, body, request }) => printOne(ctx, accessSource(request, db), params.eventId, body.user_id));
  registerRoute(app, routes.printBadges, async ({ params, body, request }) => printBatch(ctx, accessSource(request, db), params.eventId, body));
  registerRoute(app, routes.listPrintableBadges, async ({ params, query, request, lang }) => printableList(ctx, accessSource(request, db), params.eventId, query['filter[ids]'], lang));
  registerRoute(app, routes.getPrintableBadge, async ({ params, request, lang }) => printable(ctx, accessSource(request, db), params.eventId, params.userId, params.badgeId, lang));
  registerRoute(app, routes.checkIn, async ({ params, body, request }) => checkInByQr(ctx, accessSource(request, db), params.eventId, body.qr));
  registerRoute(app, routes.adminCheckInStats, async ({ params, request }) => {
    await requireManage(request, db, params.eventId);
    return checkInStats(db, params.eventId);
  });
  registerRoute(app, routes.getMyBadge, async ({ params, request, lang }) => myBadge(ctx, accessSource(request, db), params.eventId, lang));
  registerRoute(app, routes.exchangeContacts, async ({ params, body, request }) => exchange({ ...ctx, secret: config.secret }, accessSource(request, db), params.eventId, body.qr));
}
