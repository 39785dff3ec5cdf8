// Chat: contract.md section 7 (Chat), product.md sections 2-4 and 6. Rules in policy.ts.
import multipart from '@fastify/multipart';
import { CHAT_CHANNELS_PAGE_SIZE, CHAT_MESSAGES_PAGE_SIZE, routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import { requireActor } from '../../auth/authenticate.ts';
import type { Deps } from '../../deps.ts';
import { fileUrls } from '../../files/urls.ts';
import { registerRoute } from '../../http/route.ts';
import { signedUrl, uploadChatFile } from './files.ts';
import { banUser, dismissReports, listBans, listReports, reportMessage, unbanUser } from './moderation.ts';
import {
  commonChannel,
  companyChannel,
  deleteOwn,
  getChannel,
  lessonChannel,
  listChannels,
  listMessages,
  markRead,
  moderateDelete,
  privateChannel,
  sendCommon,
  sendMessage,
  unread,
  type ChatContext,
} from './service.ts';
import { registerChatSocket } from './socket.ts';

export async function chatRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config } = deps;
  const ctx: ChatContext = { db, files: fileUrls(config.secret), realtime: deps.realtime, limiter: deps.limiter, floodLimit: config.chatFloodLimit };
  registerChatSocket(deps.realtime, db, app.log);

  registerRoute(app, routes.listChatChannels, async ({ query, request }) =>
    listChannels(ctx, accessSource(request, db), requireActor(request).userId, {
      page: query.page ?? 1,
      perPage: query.per_page ?? CHAT_CHANNELS_PAGE_SIZE,
      eventId: query['filter[related_id]'],
      entityType: query['filter[entity_type]'],
    }),
  );
  registerRoute(app, routes.privateChatChannel, async ({ params, query, request }) => ({
    data: { uuid: await privateChannel(ctx, accessSource(request, db), requireActor(request).userId, params.userId, query['filter[related_id]']) },
  }));
  registerRoute(app, routes.companyChatChannel, async ({ params, request }) => ({
    data: { chat_id: await companyChannel(ctx, accessSource(request, db), requireActor(request).userId, params.eventId, params.id) },
  }));
  registerRoute(app, routes.lessonChatChannel, async ({ params, request }) => ({
    data: { chat_id: await lessonChannel(ctx, accessSource(request, db), requireActor(request).userId, params.eventId, params.id, null) },
  }));
  registerRoute(app, routes.lessonStudentChatChannel, async ({ params, request }) => ({
    data: { chat_id: await lessonChannel(ctx, accessSource(request, db), requireActor(request).userId, params.eventId, params.id, params.other) },
  }));
  registerRoute(app, routes.getChatChannel, async ({ params, request }) => ({ data: await getChannel(ctx, accessSource(request, db), requireActor(request).userId, params.id) }));
  registerRoute(app, routes.commonChatChannel, async ({ params, query, request }) => ({
    data: await commonChannel(ctx, accessSource(request, db), requireActor(request).userId, params.eventId, query.path),
  }));
  registerRoute(app, routes.listChatMessages, async ({ params, query, request }) =>
    listMessages(ctx, accessSource(request, db), requireActor(request).userId, params.id, {
      page: query.page ?? 1,
      perPage: query.per_page ?? CHAT_MESSAGES_PAGE_SIZE,
      before: query.before,
      after: query.after,
    }),
  );
  registerRoute(app, routes.sendChatMessage, async ({ params, body, request, reply }) => {
    const { message, created } = await sendMessage(ctx, accessSource(request, db), requireActor(request).userId, params.id, body);
    if (!created) reply.status(200);
    return { data: message };
  });
  registerRoute(app, routes.sendCommonChatMessage, async ({ params, body, request, reply }) => {
    const { message, created } = await sendCommon(ctx, accessSource(request, db), requireActor(request).userId, params.eventId, body);
    if (!created) reply.status(200);
    return { data: message };
  });
  registerRoute(app, routes.markChatRead, async ({ params, request }) => ({ data: await markRead(ctx, accessSource(request, db), requireActor(request).userId, params.id) }));
  registerRoute(app, routes.countChatUnread, async ({ query, request }) => ({ data: await unread(ctx, accessSource(request, db), requireActor(request).userId, query['filter[related_id]']) }));
  registerRoute(app, routes.deleteOwnChatMessage, async ({ params, request }) => {
    await deleteOwn(ctx, accessSource(request, db), requireActor(request).userId, params.id);
    return { data: { deleted: true as const } };
  });
  registerRoute(app, routes.moderateChatMessage, async ({ params, request }) => {
    await moderateDelete(ctx, accessSource(request, db), requireActor(request).userId, params.eventId, params.id);
    return { data: { deleted: true as const } };
  });
  registerRoute(app, routes.reportChatMessage, async ({ params, body, request }) => {
    await reportMessage(ctx, accessSource(request, db), requireActor(request).userId, params.id, body?.reason);
    return { data: { reported: true as const } };
  });
  registerRoute(app, routes.chatFileSignedUrl, async ({ params, request }) => ({ data: await signedUrl(ctx, accessSource(request, db), requireActor(request).userId, params.key) }));
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 2, parts: 3 } });
    registerRoute(scope, routes.uploadChatFile, async ({ request }) => ({ data: await uploadChatFile(ctx, deps.files, request, requireActor(request).userId, config.uploadMaxBytes) }));
  });

  registerRoute(app, routes.listChatReports, async ({ params, query, request }) => listReports(ctx, accessSource(request, db), params.eventId, query.page ?? 1, query.per_page ?? 20));
  registerRoute(app, routes.dismissChatReports, async ({ params, request }) => ({ data: { dismissed: await dismissReports(ctx, accessSource(request, db), params.eventId, params.id) } }));
  registerRoute(app, routes.listChatBans, async ({ params, request }) => ({ data: await listBans(ctx, accessSource(request, db), params.eventId) }));
  registerRoute(app, routes.banChatUser, async ({ params, body, request }) => ({ data: await banUser(ctx, accessSource(request, db), requireActor(request).userId, params.eventId, body) }));
  registerRoute(app, routes.unbanChatUser, async ({ params, request }) => ({ data: { deleted: await unbanUser(ctx, accessSource(request, db), params.eventId, params.userId) } }));
}
