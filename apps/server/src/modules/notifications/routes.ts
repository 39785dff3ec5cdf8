// Notifications: product.md section 3 (Notification), contract.md section 3 (types) and 7 (realtime user channel).
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../auth/authenticate.ts';
import type { Deps } from '../../deps.ts';
import { fileUrls } from '../../files/urls.ts';
import { registerRoute } from '../../http/route.ts';
import { listNotifications, readNotifications, unreadCount } from './service.ts';

export function notificationRoutes(app: FastifyInstance, { db, config }: Deps): void {
  const files = fileUrls(config.secret);
  registerRoute(app, routes.listNotifications, async ({ query, request }) =>
    listNotifications(db, files, requireActor(request).userId, query['filter[event_id]'], query.page ?? 1, query.per_page ?? 30),
  );
  registerRoute(app, routes.countUnreadNotifications, async ({ query, request }) => ({ data: { count: await unreadCount(db, requireActor(request).userId, query['filter[event_id]']) } }));
  registerRoute(app, routes.markNotificationsRead, async ({ body, request }) => ({ data: { count: await readNotifications(db, requireActor(request).userId, body?.ids, body?.event_id) } }));
}
