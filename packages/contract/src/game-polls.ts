// Game polls (the game_poll ticket feature): questions the game's company or the event's organisers
// attach to a game in an event, answered by attendees. Answers of a jury-only question are seen only
// by the jury, the game's company and moderators (product.md section 6). Under /api/expo.
import { z } from 'zod';
import { dataOf, ZTimestamp } from './common.ts';
import {
  GAME_POLL_KINDS,
  GAME_POLL_OPTION_MAX,
  GAME_POLL_OPTIONS_MAX,
  GAME_POLL_OPTIONS_MIN,
  GAME_POLL_QUESTION_MAX,
  GAME_POLL_REFUSALS,
  GAME_POLL_TEXT_ANSWER_MAX,
} from './expo-rules.ts';
import { ZEventId } from './members.ts';
import { defineRoute } from './route.ts';

const ZId = z.coerce.number().int().min(1).max(2_147_483_647);

export const ZGamePollAnswer = z
  .object({ choice: z.number().int().nullable(), text: z.string().nullable(), updated_at: ZTimestamp })
  .meta({ id: 'GamePollAnswer' });

export const ZGamePollQuestion = z
  .object({
    id: z.number().int(),
    game_id: z.number().int(),
    text: z.string(),
    kind: z.enum(GAME_POLL_KINDS),
    options: z.array(z.string()),
    jury_only: z.boolean(),
    position: z.number().int(),
    answers_count: z.number().int(),
    my_answer: ZGamePollAnswer.nullable(),
    /** False when the reader may not see this question's answers (a jury-only question); then results is null. */
    results_visible: z.boolean(),
    results: z
      .object({
        /** Answers per option, in the options' order (choice questions). */
        counts: z.array(z.number().int()),
        /** Free answers, newest first, at most 50 (text questions). */
        texts: z.array(z.object({ user_id: z.number().int(), name: z.string(), text: z.string(), at: ZTimestamp })),
      })
      .nullable(),
  })
  .meta({ id: 'GamePollQuestion' });
export type GamePollQuestion = z.infer<typeof ZGamePollQuestion>;

const ZGamePath = z.object({ eventId: ZEventId, id: ZId });
const ZQuestionPath = ZGamePath.extend({ questionId: ZId });

export const ZGamePoll = z
  .object({
    questions: z.array(ZGamePollQuestion),
    /** The reader may answer (game_poll feature, not the game's own company). */
    can_answer: z.boolean(),
    /** The reader may add and remove questions (the company's admins, organisers). */
    can_edit: z.boolean(),
  })
  .meta({ id: 'GamePoll' });
export type GamePoll = z.infer<typeof ZGamePoll>;

export const getGamePoll = defineRoute({
  id: 'game_polls.get',
  method: 'GET',
  path: '/api/expo/{eventId}/games/{id}/poll',
  summary: "A game's poll in this event: questions, the reader's answers, and the results the reader may see (jury-only answers: jury, the game's company, moderators)",
  tags: ['game-polls'],
  auth: true,
  params: ZGamePath,
  response: dataOf(ZGamePoll),
  errors: [400, 401, 403, 404],
});

export const ZGamePollQuestionInput = z
  .object({
    text: z.string().trim().min(1).max(GAME_POLL_QUESTION_MAX),
    kind: z.enum(GAME_POLL_KINDS),
    /** Choice questions: 2-10 options; text questions: none. */
    options: z.array(z.string().trim().min(1).max(GAME_POLL_OPTION_MAX)).max(GAME_POLL_OPTIONS_MAX).optional(),
    jury_only: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    const count = value.options?.length ?? 0;
    if (value.kind === 'choice' && count < GAME_POLL_OPTIONS_MIN) ctx.addIssue({ code: 'custom', path: ['options'], message: `A choice question needs at least ${GAME_POLL_OPTIONS_MIN} options.`, params: { rule: 'options_min' } });
    if (value.kind === 'text' && count > 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'A text question has no options.', params: { rule: 'options_none' } });
  });
export type GamePollQuestionInput = z.infer<typeof ZGamePollQuestionInput>;

export const addGamePollQuestion = defineRoute({
  id: 'game_polls.add',
  method: 'POST',
  path: '/api/expo/{eventId}/games/{id}/poll',
  summary: "Add a question to a game's poll in this event (the game's company admins and the organisers; 403 game_poll.forbidden otherwise); at most 10 questions (409)",
  tags: ['game-polls'],
  auth: true,
  params: ZGamePath,
  body: ZGamePollQuestionInput,
  response: dataOf(ZGamePollQuestion),
  status: 201,
  errors: [400, 401, 403, 404, 409, 422],
});

export const deleteGamePollQuestion = defineRoute({
  id: 'game_polls.delete',
  method: 'DELETE',
  path: '/api/expo/{eventId}/games/{id}/poll/{questionId}',
  summary: 'Remove a question and its answers (the game\'s company admins and the organisers)',
  tags: ['game-polls'],
  auth: true,
  params: ZQuestionPath,
  response: dataOf(z.object({ id: z.number().int(), deleted: z.boolean() })),
  errors: [400, 401, 403, 404],
});

export const answerGamePoll = defineRoute({
  id: 'game_polls.answer',
  method: 'PUT',
  path: '/api/expo/{eventId}/games/{id}/poll/{questionId}/answer',
  summary: `Answer a question (choice: the option's index; text: up to ${GAME_POLL_TEXT_ANSWER_MAX} characters), replacing one's earlier answer. 403 game_poll.answer_refused with details.reason (${GAME_POLL_REFUSALS.join(', ')}); 422 for a choice out of range or the wrong kind`,
  tags: ['game-polls'],
  auth: true,
  params: ZQuestionPath,
  body: z.object({ choice: z.number().int().min(0).max(GAME_POLL_OPTIONS_MAX - 1).optional(), text: z.string().trim().min(1).max(GAME_POLL_TEXT_ANSWER_MAX).optional() }),
  response: dataOf(ZGamePollQuestion),
  errors: [400, 401, 403, 404, 422],
});

export const unanswerGamePoll = defineRoute({
  id: 'game_polls.unanswer',
  method: 'DELETE',
  path: '/api/expo/{eventId}/games/{id}/poll/{questionId}/answer',
  summary: 'Take back one\'s answer',
  tags: ['game-polls'],
  auth: true,
  params: ZQuestionPath,
  response: dataOf(ZGamePollQuestion),
  errors: [400, 401, 403, 404],
});
