// Game polls (/api/expo/{eventId}/games/{id}/poll...): contract game-polls.ts.
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/route.ts';
import { addQuestion, answer, getPoll, removeQuestion, unanswer } from './service.ts';

export function gamePollRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  registerRoute(app, routes.getGamePoll, async ({ params, request }) => ({ data: await getPoll(db, accessSource(request, db), params.eventId, params.id) }));
  registerRoute(app, routes.addGamePollQuestion, async ({ params, body, request }) => ({ data: await addQuestion(db, accessSource(request, db), params.eventId, params.id, body) }));
  registerRoute(app, routes.deleteGamePollQuestion, async ({ params, request }) => ({ data: await removeQuestion(db, accessSource(request, db), params.eventId, params.id, params.questionId) }));
  registerRoute(app, routes.answerGamePoll, async ({ params, body, request }) => ({ data: await answer(db, accessSource(request, db), params.eventId, params.id, params.questionId, body) }));
  registerRoute(app, routes.unanswerGamePoll, async ({ params, request }) => ({ data: await unanswer(db, accessSource(request, db), params.eventId, params.id, params.questionId) }));
}
