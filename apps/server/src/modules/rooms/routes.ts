// Rooms and recordings (contract.md section 7): GET and DELETE /api/v1/{eventId}/rooms/{room}/videos,
// POST /api/v1/{eventId}/rooms/{room}/token (WN Meet), GET /api/v1/{eventId}/external-meeting (zoom-call).
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import type { Deps } from '../../deps.ts';
import { fileUrls } from '../../files/urls.ts';
import { requireActor } from '../../auth/authenticate.ts';
import { registerRoute } from '../../http/route.ts';
import { requireManage } from '../admin/policy.ts';
import { externalMeeting, issueRoomToken, listVideos, removeVideo, type RoomTokenContext } from './service.ts';

export function roomRoutes(app: FastifyInstance, { db, config }: Deps): void {
  const tokens: RoomTokenContext = { db, jitsi: config.jitsi, files: fileUrls(config.secret), publicUrl: config.publicUrl };
  registerRoute(app, routes.listRoomVideos, async ({ params, query, request }) => listVideos(db, accessSource(request, db), params.eventId, params.room, query.broadcast, config.publicUrl));
  registerRoute(app, routes.deleteRoomVideo, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return removeVideo(db, params.eventId, params.room, body.link);
  });
  registerRoute(app, routes.roomToken, async ({ params, request }) => ({ data: await issueRoomToken(tokens, accessSource(request, db), params.eventId, params.room, requireActor(request).userId) }));
  registerRoute(app, routes.getExternalMeeting, async ({ params, request }) => ({ data: await externalMeeting(db, accessSource(request, db), params.eventId) }));
}
