// Push (contract.md sections 3 and 7, "Push"): POST and DELETE /api/push/v1/user, the VAPID key,
// and the back office's custom pushes; the dispatcher's jobs (dispatch.ts, chat-push.ts, custom-push.ts).
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../auth/authenticate.ts';
import type { Deps } from '../../deps.ts';
import { fileUrls } from '../../files/urls.ts';
import { registerRoute } from '../../http/route.ts';
import { requireManage } from '../admin/policy.ts';
import { chatPushHandler } from './chat-push.ts';
import { customPushHandler } from './custom-push.ts';
import { dispatchHandler } from './dispatch.ts';
import type { PushTransport } from './http.ts';
import { CHAT_PUSH_JOB, CUSTOM_PUSH_JOB, DISPATCH_JOB } from './kinds.ts';
import { PushSenders } from './senders.ts';
import { listCustom, previewRecipients, register, sendCustom, unregister } from './service.ts';

export function pushRoutes(app: FastifyInstance, deps: Deps, transport: PushTransport = {}): PushSenders {
  const { db, config } = deps;
  const files = fileUrls(config.secret);
  const senders = new PushSenders(config.push, transport);
  app.addHook('onClose', async () => senders.close());
  deps.jobs.register(DISPATCH_JOB, dispatchHandler({ db, senders, log: app.log }));
  deps.jobs.register(CHAT_PUSH_JOB, chatPushHandler({ db, realtime: deps.realtime, files }));
  deps.jobs.register(CUSTOM_PUSH_JOB, customPushHandler({ db, realtime: deps.realtime, files, mailer: deps.mailer, publicUrl: config.publicUrl }));

  registerRoute(app, routes.registerPush, async ({ body, request }) => ({ data: await register(db, requireActor(request).userId, body) }));
  registerRoute(app, routes.unregisterPush, async ({ body, request }) => ({ data: await unregister(db, requireActor(request).userId, body.token) }));
  registerRoute(app, routes.pushPublicKey, async () => ({ data: { public_key: config.push.vapid.publicKey } }));
  registerRoute(app, routes.sendCustomPush, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await sendCustom(db, params.eventId, requireActor(request).userId, body, () => deps.jobs.nudge()) };
  });
  registerRoute(app, routes.listCustomPushes, async ({ params, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await listCustom(db, params.eventId) };
  });
  registerRoute(app, routes.previewCustomPush, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await previewRecipients(db, params.eventId, body.segment) };
  });
  return senders;
}
