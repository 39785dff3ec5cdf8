// Game polls (/api/expo/{eventId}/games/{id}/poll...): contract game-polls.ts.
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import { requireActor } from '../../auth/authenticate.ts';
import type { Deps } from '../../deps.ts';
import { fileUrls } from '../../files/urls.ts';
import { registerRoute } from '../../http/route.ts';
import { suggestDeal, type Notices } from '../expo/deals.ts';
import { addQuestion, answer, getPoll, removeQuestion, unanswer } from './service.ts';

export function gamePollRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  registerRoute(app, routes.getGamePoll, async ({ params, request }) => ({ data: await getPoll(db, accessSource(request, db), params.eventId, params.id) }));
  registerRoute(app, routes.addGamePollQuestion, async ({ params, body, request }) => ({ data: await addQuestion(db, accessSource(request, db), params.eventId, params.id, body) }));
  registerRoute(app, routes.deleteGamePollQuestion, async ({ params, request }) => ({ data: await removeQuestion(db, accessSource(request, db), params.eventId, params.id, params.questionId) }));
  const notices: Notices = { db, files: fileUrls(deps.config.secret), realtime: deps.realtime, log: app.log };
  registerRoute(app, routes.answerGamePoll, async ({ params, body, request }) => {
    const data = await answer(db, accessSource(request, db), params.eventId, params.id, params.questionId, body);
    // Showcase-to-deal: a publisher's answer tells the game's developers once (never fails the answer).
    await suggestDeal(notices, { eventId: params.eventId, userId: requireActor(request).userId, gameId: params.id, cause: 'poll' });
    return { data };
  });
  registerRoute(app, routes.unanswerGamePoll, async ({ params, request }) => ({ data: await unanswer(db, accessSource(request, db), params.eventId, params.id, params.questionId) }));
}
