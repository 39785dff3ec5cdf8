// Video calls: product.md sections 2 and 6; contract.md section 7 (`GET /video/token/{id}`) and the
// calls the spec leaves out (contract calls.ts). Signalling is socket.ts.
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import { requireActor } from '../../auth/authenticate.ts';
import type { Deps } from '../../deps.ts';
import { fileUrls } from '../../files/urls.ts';
import { registerRoute } from '../../http/route.ts';
import type { ChatContext } from '../chat/service.ts';
import { acceptCall, CALL_RING_TIMEOUT_JOB, declineCall, getCall, joinCall, leaveCall, meetingCall, ringTimedOut, startCall, videoToken, type CallsContext } from './service.ts';
import { registerCallSocket } from './socket.ts';

export function callRoutes(app: FastifyInstance, deps: Deps, options: { reconnectGraceMs?: number } = {}): void {
  const { db, config } = deps;
  const files = fileUrls(config.secret);
  const chat: ChatContext = { db, files, realtime: deps.realtime, limiter: deps.limiter, floodLimit: config.chatFloodLimit };
  const ctx: CallsContext = { db, files, realtime: deps.realtime, secret: config.secret, calls: config.calls, chat, log: app.log };
  registerCallSocket(deps.realtime, db, files, config.secret, app.log, options.reconnectGraceMs);
  deps.jobs.register(CALL_RING_TIMEOUT_JOB, async (job) => {
    const callId = job.payload.callId;
    if (typeof callId === 'string') await ringTimedOut(ctx, callId);
  });

  registerRoute(app, routes.startCall, async ({ params, body, request }) => ({ data: await startCall(ctx, accessSource(request, db), requireActor(request).userId, params.eventId, body) }));
  registerRoute(app, routes.meetingCall, async ({ params, request }) => ({ data: await meetingCall(ctx, accessSource(request, db), requireActor(request).userId, params.eventId, params.id) }));
  registerRoute(app, routes.getCall, async ({ params, request }) => ({ data: await getCall(ctx, accessSource(request, db), requireActor(request).userId, params.id) }));
  registerRoute(app, routes.acceptCall, async ({ params, request }) => ({ data: await acceptCall(ctx, accessSource(request, db), requireActor(request).userId, params.id) }));
  registerRoute(app, routes.declineCall, async ({ params, request }) => ({ data: await declineCall(ctx, accessSource(request, db), requireActor(request).userId, params.id) }));
  registerRoute(app, routes.joinCall, async ({ params, request }) => ({ data: await joinCall(ctx, accessSource(request, db), requireActor(request).userId, params.id) }));
  registerRoute(app, routes.leaveCall, async ({ params, request }) => ({ data: await leaveCall(ctx, accessSource(request, db), requireActor(request).userId, params.id) }));
  registerRoute(app, routes.videoToken, async ({ params, request }) => ({ data: await videoToken(ctx, accessSource(request, db), requireActor(request).userId, params.id) }));
}
