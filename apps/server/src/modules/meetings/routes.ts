// Meetings, time slots, the calendar and its feed: product.md sections 2-4 (meetings, calendar), contract.md sections 8-9.
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import { requireActor } from '../../auth/authenticate.ts';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/route.ts';
import { requireManage } from '../admin/policy.ts';
import { lockSlot, meetingSettings, unlockSlot, updateMeetingSettings } from './calendar.ts';
import { feedToken, feedUrl, renderFeed, resetFeedToken } from './feed.ts';
import { acceptMeeting, cancelMeeting, declineMeeting, findTime, getMeeting, listMeetings, listSlots, requestMeeting, rescheduleMeeting } from './service.ts';

export function meetingRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, config } = deps;
  registerRoute(app, routes.listMeetings, async ({ params, query, request }) =>
    listMeetings(db, config.secret, accessSource(request, db), params.eventId, { view: query['filter[view]'], from: query['filter[from]'], to: query['filter[to]'] }, query.page ?? 1, query.per_page ?? 50),
  );
  registerRoute(app, routes.getMeeting, async ({ params, request }) => ({ data: await getMeeting(db, config.secret, accessSource(request, db), params.eventId, params.id) }));
  registerRoute(app, routes.createMeeting, async ({ params, body, request }) => ({ data: await requestMeeting(deps, accessSource(request, db), params.eventId, body) }));
  registerRoute(app, routes.acceptMeeting, async ({ params, request }) => ({ data: await acceptMeeting(deps, accessSource(request, db), params.eventId, params.id) }));
  registerRoute(app, routes.declineMeeting, async ({ params, body, request }) => ({ data: await declineMeeting(deps, accessSource(request, db), params.eventId, params.id, body.reason) }));
  registerRoute(app, routes.rescheduleMeeting, async ({ params, body, request }) => ({ data: await rescheduleMeeting(deps, accessSource(request, db), params.eventId, params.id, body) }));
  registerRoute(app, routes.cancelMeeting, async ({ params, body, request }) => ({ data: await cancelMeeting(deps, accessSource(request, db), params.eventId, params.id, body?.reason) }));
  registerRoute(app, routes.listMeetingSlots, async ({ params, query, request }) => ({ data: await listSlots(db, accessSource(request, db), params.eventId, query.member_id) }));
  registerRoute(app, routes.findMeetingTime, async ({ params, query, request }) => ({ data: await findTime(db, accessSource(request, db), params.eventId, query.member_id, query.limit ?? 5) }));
  registerRoute(app, routes.lockSlot, async ({ params, body, request }) => ({ data: await lockSlot(db, accessSource(request, db), params.eventId, body.starts_at) }));
  registerRoute(app, routes.unlockSlot, async ({ params, body, request }) => ({ data: await unlockSlot(db, accessSource(request, db), params.eventId, body.starts_at) }));

  registerRoute(app, routes.getCalendarFeed, async ({ request }) => ({ data: { url: feedUrl(config.publicUrl, await feedToken(db, requireActor(request).userId)) } }));
  registerRoute(app, routes.resetCalendarFeed, async ({ request }) => ({ data: { url: feedUrl(config.publicUrl, await resetFeedToken(db, requireActor(request).userId)) } }));
  registerRoute(app, routes.calendarFeedIcs, async ({ params, reply }) => {
    const body = await renderFeed(db, params.token.replace(/\.ics$/, ''), new URL(config.publicUrl).hostname);
    // A file for calendar programs, not JSON: sent as is, never cached by a shared cache (the address is a secret).
    return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer').send(body);
  });

  registerRoute(app, routes.adminGetMeetingSettings, async ({ params, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await meetingSettings(db, params.eventId) };
  });
  registerRoute(app, routes.adminUpdateMeetingSettings, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await updateMeetingSettings(db, params.eventId, body) };
  });
}
