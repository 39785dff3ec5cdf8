// Publishers, the expo hall, the Media page and press kit, starred games, deal suggestions and
// their back office (/api/expo/{eventId}/..., /api/admin/v1/events/{eventId}/...): contract expo.ts.
import multipart from '@fastify/multipart';
import { ErrorCode, PRESS_KIT_FILE_MAX_BYTES, routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import type { Deps } from '../../deps.ts';
import { fileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import { registerRoute } from '../../http/route.ts';
import { requireManage } from '../admin/policy.ts';
import { strangers } from './policy.ts';
import { addFile, addLink, adminPressKit, checkRoom, deleteItem, receiveKitFile, sendFile, sortItems } from './press-kit.ts';
import { partnerIds, setPartners } from './repo.ts';
import { dealSuggestions, favoriteGames, listBooths, listPublishers, mediaPage, openExpo, setFavorite, type ExpoContext } from './service.ts';

export async function expoRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config } = deps;
  const files = fileUrls(config.secret);
  const ctx: ExpoContext = { db, files, store: deps.files, notices: { db, files, realtime: deps.realtime, log: app.log } };
  const many = <T>(value: T | T[] | undefined): T[] | undefined => (value === undefined ? undefined : Array.isArray(value) ? value : [value]);

  registerRoute(app, routes.listPublishers, async ({ params, query, request, lang }) =>
    listPublishers(
      ctx,
      accessSource(request, db),
      params.eventId,
      {
        lookingFor: query['filter[looking_for]'],
        genres: many(query['filter[genres]']),
        query: query['filter[query]'] || undefined,
        page: query.page ?? 1,
        perPage: query.per_page ?? 24,
      },
      lang,
    ),
  );
  registerRoute(app, routes.listBooths, async ({ params, query, request }) =>
    listBooths(ctx, accessSource(request, db), params.eventId, { tiers: query['filter[tier]'], query: query['filter[query]'] || undefined, page: query.page ?? 1, perPage: query.per_page ?? 24 }),
  );
  registerRoute(app, routes.getMediaPage, async ({ params, request }) => ({ data: await mediaPage(ctx, accessSource(request, db), params.eventId) }));
  registerRoute(app, routes.downloadPressKitFile, async ({ params, request, reply }) => {
    await openExpo(db, accessSource(request, db), params.eventId, 'media');
    return sendFile(db, deps.files, reply, params.eventId, params.itemId);
  });

  registerRoute(app, routes.listFavoriteGames, async ({ params, request }) => ({ data: await favoriteGames(ctx, accessSource(request, db), params.eventId) }));
  registerRoute(app, routes.favoriteGame, async ({ params, request }) => ({ data: await setFavorite(ctx, accessSource(request, db), params.eventId, params.id, true) }));
  registerRoute(app, routes.unfavoriteGame, async ({ params, request }) => ({ data: await setFavorite(ctx, accessSource(request, db), params.eventId, params.id, false) }));
  registerRoute(app, routes.listDealSuggestions, async ({ params, request }) => ({ data: await dealSuggestions(ctx, accessSource(request, db), params.eventId) }));

  registerRoute(app, routes.adminListPressKit, async ({ params, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await adminPressKit(db, params.eventId, await partnerIds(db, params.eventId)) };
  });
  registerRoute(app, routes.adminAddPressKitLink, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await addLink(db, params.eventId, body) };
  });
  registerRoute(app, routes.adminDeletePressKitItem, async ({ params, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await deleteItem(db, deps.files, params.eventId, params.itemId) };
  });
  registerRoute(app, routes.adminSortPressKit, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await sortItems(db, params.eventId, body.ids) };
  });
  registerRoute(app, routes.adminSetMediaPartners, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    const unknown = await setPartners(db, params.eventId, body.company_ids, (known) => strangers(body.company_ids, known));
    if (unknown.length > 0) {
      const message = 'Media partners must be companies of this event.';
      throw new AppError(422, ErrorCode.validation, message, { company_ids: unknown, fields: [{ field: 'body.company_ids', message, key: 'invalid', params: {} }] });
    }
    return { data: { partner_ids: await partnerIds(db, params.eventId) } };
  });

  // The upload in its own scope, so the multipart parser exists for it alone.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: PRESS_KIT_FILE_MAX_BYTES + 1, files: 1, fields: 4, parts: 6 } });
    registerRoute(scope, routes.adminUploadPressKitFile, async ({ params, request }) => {
      // Checked before the file is read: a refused person's upload, or one for a full kit, is not worth receiving.
      await requireManage(request, db, params.eventId);
      await checkRoom(db, params.eventId);
      const file = await receiveKitFile(request, PRESS_KIT_FILE_MAX_BYTES);
      return { data: await addFile(db, deps.files, params.eventId, file) };
    });
  });
}
