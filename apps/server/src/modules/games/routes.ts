// Games of the expo service (/api/expo/games): contract games.ts; docs/decisions.md, Games and the showcase.
import multipart from '@fastify/multipart';
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import type { Deps } from '../../deps.ts';
import { receiveUpload } from '../../files/upload.ts';
import { fileUrls } from '../../files/urls.ts';
import { registerRoute } from '../../http/route.ts';
import { imageRules } from '../media/service.ts';
import { addPicture, checkRoom, createGame, deleteGame, getGame, listGames, removePicture, requireEditable, sortScreenshots, updateGame, type GamesContext } from './service.ts';

export async function gameRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config } = deps;
  const ctx: GamesContext = { db, files: fileUrls(config.secret), store: deps.files };

  registerRoute(app, routes.listGames, async ({ query, request }) =>
    listGames(ctx, accessSource(request, db), {
      companyId: query['filter[company_id]'],
      mine: query['filter[mine]'] === '1' || query['filter[mine]'] === 'true',
      editable: query['filter[editable]'] === true,
      query: query['filter[query]'] || undefined,
      page: query.page ?? 1,
      perPage: query.per_page ?? 24,
    }),
  );
  registerRoute(app, routes.getGame, async ({ params, query, request }) => ({ data: await getGame(ctx, accessSource(request, db), params.id, query.event_id ?? null) }));
  registerRoute(app, routes.createGame, async ({ body, request }) => ({ data: await createGame(ctx, accessSource(request, db), body) }));
  registerRoute(app, routes.updateGame, async ({ params, body, request }) => ({ data: await updateGame(ctx, accessSource(request, db), params.id, body) }));
  registerRoute(app, routes.deleteGame, async ({ params, request }) => ({ data: await deleteGame(ctx, accessSource(request, db), params.id) }));
  registerRoute(app, routes.deleteGameMedia, async ({ params, request }) => {
    await requireEditable(db, accessSource(request, db), params.id);
    return { data: await removePicture(ctx, params.id, params.mediaId) };
  });
  registerRoute(app, routes.sortGameScreenshots, async ({ params, body, request }) => {
    await requireEditable(db, accessSource(request, db), params.id);
    return { data: await sortScreenshots(ctx, params.id, body.ids) };
  });

  // The upload in its own scope, so the multipart parser exists for it alone.
  await app.register(async (scope) => {
    const rules = imageRules({ db, files: deps.files, secret: config.secret, uploadMaxBytes: config.uploadMaxBytes });
    await scope.register(multipart, { limits: { fileSize: rules.maxBytes, files: 1, fields: 4, parts: 6 } });
    registerRoute(scope, routes.uploadGameMedia, async ({ params, request }) => {
      // Checked before the file is read: a refused person's upload is not worth receiving.
      await requireEditable(db, accessSource(request, db), params.id);
      const file = await receiveUpload(request, rules);
      if (file.category?.trim() === 'screenshot') await checkRoom(db, params.id);
      return { data: await addPicture(ctx, params.id, file) };
    });
  });
}
