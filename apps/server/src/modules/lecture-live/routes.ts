// Live Q&A and polls of a lecture (issue 12, beyond the spec); contract program.ts, realtime.ts lecture_* events.
import { routes } from '@lobby/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accessSource } from '../../access/access.ts';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/route.ts';
import {
  answerLectureQuestion,
  askLectureQuestion,
  closeLecturePoll,
  createLecturePoll,
  deleteLectureQuestion,
  listLecturePolls,
  listLectureQuestions,
  takeSeat,
  voteLecturePoll,
  voteLectureQuestion,
  type LiveContext,
} from './service.ts';

export function lectureLiveRoutes(app: FastifyInstance, deps: Deps): void {
  const ctx: LiveContext = { db: deps.db, secret: deps.config.secret, limiter: deps.limiter, realtime: deps.realtime };
  const seat = (request: FastifyRequest, params: { eventId: number; id: number }) => takeSeat(ctx, accessSource(request, deps.db), params.eventId, params.id);

  registerRoute(app, routes.listLectureQuestions, async ({ params, request }) => listLectureQuestions(ctx, await seat(request, params)));
  registerRoute(app, routes.askLectureQuestion, async ({ params, body, request }) => askLectureQuestion(ctx, await seat(request, params), body.text));
  registerRoute(app, routes.voteLectureQuestion, async ({ params, request }) => voteLectureQuestion(ctx, await seat(request, params), params.questionId, true));
  registerRoute(app, routes.unvoteLectureQuestion, async ({ params, request }) => voteLectureQuestion(ctx, await seat(request, params), params.questionId, false));
  registerRoute(app, routes.answerLectureQuestion, async ({ params, body, request }) => answerLectureQuestion(ctx, await seat(request, params), params.questionId, body.answered));
  registerRoute(app, routes.deleteLectureQuestion, async ({ params, request }) => deleteLectureQuestion(ctx, await seat(request, params), params.questionId));
  registerRoute(app, routes.listLecturePolls, async ({ params, request }) => listLecturePolls(ctx, await seat(request, params)));
  registerRoute(app, routes.createLecturePoll, async ({ params, body, request }) => createLecturePoll(ctx, await seat(request, params), body.question, body.options));
  registerRoute(app, routes.voteLecturePoll, async ({ params, body, request }) => voteLecturePoll(ctx, await seat(request, params), params.pollId, body.option_id));
  registerRoute(app, routes.closeLecturePoll, async ({ params, request }) => closeLecturePoll(ctx, await seat(request, params), params.pollId));
}
