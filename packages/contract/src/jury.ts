// Jury voting (voting/{id?} and voting-view): people holding the jury ticket feature score the
// finalists of a showcase on the organisers' criteria; the results stay with the organisers until
// they publish them. Calls in the style of contract.md section 7 under /api/expo (docs/decisions.md).
import { z } from 'zod';
import { dataOf, ZTimestamp } from './common.ts';
import { JURY_COMMENT_MAX, JURY_CRITERIA_MAX, JURY_CRITERION_NAME_MAX, JURY_REFUSALS, JURY_SCORE_MAX_LIMIT } from './expo-rules.ts';
import { SHOWCASE_SLUG_PATTERN } from './games-rules.ts';
import { ZGame, ZGameCard } from './games.ts';
import { ZShowcaseCategory } from './showcase.ts';
import { ZEventId } from './members.ts';
import { defineRoute } from './route.ts';

const ZId = z.coerce.number().int().min(1).max(2_147_483_647);

export const ZJuryCriterion = z
  .object({ id: z.number().int(), name: z.string(), description: z.string(), max_score: z.number().int() })
  .meta({ id: 'JuryCriterion' });
export type JuryCriterion = z.infer<typeof ZJuryCriterion>;

/** A showcase's jury round as the jury sees it. */
export const ZJuryRound = z
  .object({
    showcase_id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    criteria: z.array(ZJuryCriterion),
    jury_starts_at: ZTimestamp.nullable(),
    jury_ends_at: ZTimestamp.nullable(),
    phase: z.enum(['not_open', 'open', 'closed']),
    results_published: z.boolean(),
    /** Finalists (the entries of the top page) and how many of them the reader has scored on every criterion. */
    finalists: z.number().int(),
    scored: z.number().int(),
    /** The reader holds voting.jury here (false: they see the round, not the score form). */
    is_jury: z.boolean(),
    /** The reader may see the results now (organisers, or everybody once published). */
    can_see_results: z.boolean(),
  })
  .meta({ id: 'JuryRound' });
export type JuryRound = z.infer<typeof ZJuryRound>;

export const ZJuryScore = z.object({ criterion_id: z.number().int(), score: z.number().int() }).meta({ id: 'JuryScore' });

/** A finalist with the reader's scores. */
export const ZJuryFinalist = z
  .object({
    request_id: z.number().int(),
    game: ZGameCard,
    /** The categories whose top holds it, with its rank there. */
    categories: z.array(ZShowcaseCategory.extend({ rank: z.number().int(), votes: z.number().int() })),
    my_scores: z.array(ZJuryScore),
    my_comment: z.string().nullable(),
    /** Scored on every criterion by the reader. */
    complete: z.boolean(),
  })
  .meta({ id: 'JuryFinalist' });
export type JuryFinalist = z.infer<typeof ZJuryFinalist>;

const ZEventPath = z.object({ eventId: ZEventId });
const ZRoundPath = ZEventPath.extend({ slug: z.string().regex(SHOWCASE_SLUG_PATTERN) });
const ZFinalistPath = ZRoundPath.extend({ requestId: ZId });

export const listJuryRounds = defineRoute({
  id: 'jury.rounds',
  method: 'GET',
  path: '/api/expo/{eventId}/voting',
  summary: "The event's jury rounds (showcases with criteria), with the reader's progress; the voting section (jury members and organisers)",
  tags: ['jury'],
  auth: true,
  params: ZEventPath,
  response: z.object({ data: z.array(ZJuryRound) }),
  errors: [400, 401, 403, 404],
});

export const getJuryRound = defineRoute({
  id: 'jury.round',
  method: 'GET',
  path: '/api/expo/{eventId}/voting/{slug}',
  summary: 'One jury round (voting/{slug}) with its finalists and the reader\'s scores',
  tags: ['jury'],
  auth: true,
  params: ZRoundPath,
  response: z.object({ data: ZJuryRound, meta: z.object({ finalists: z.array(ZJuryFinalist) }) }),
  errors: [400, 401, 403, 404],
});

export const getJuryFinalist = defineRoute({
  id: 'jury.finalist',
  method: 'GET',
  path: '/api/expo/{eventId}/voting/{slug}/finalists/{requestId}',
  summary: 'One finalist (voting-view) with the whole game and the reader\'s scores; 404 for an entry that is not a finalist',
  tags: ['jury'],
  auth: true,
  params: ZFinalistPath,
  response: dataOf(ZJuryFinalist.extend({ game: ZGame })),
  errors: [400, 401, 403, 404],
});

export const scoreJuryFinalist = defineRoute({
  id: 'jury.score',
  method: 'PUT',
  path: '/api/expo/{eventId}/voting/{slug}/finalists/{requestId}/scores',
  summary: `Score a finalist: one score per criterion (1..max_score, 422 validation.failed beyond), replacing the juror's earlier ones, and an optional comment. 403 jury.score_refused with details.reason (${JURY_REFUSALS.join(', ')})`,
  tags: ['jury'],
  auth: true,
  params: ZFinalistPath,
  body: z.object({
    scores: z.array(z.object({ criterion_id: z.number().int().min(1).max(2_147_483_647), score: z.number().int().min(1).max(JURY_SCORE_MAX_LIMIT) })).min(1).max(JURY_CRITERIA_MAX),
    comment: z.string().trim().max(JURY_COMMENT_MAX).nullish(),
  }),
  response: dataOf(ZJuryFinalist),
  errors: [400, 401, 403, 404, 422],
});

export const ZJuryResult = z
  .object({
    request_id: z.number().int(),
    game: ZGameCard,
    criteria: z.array(z.object({ criterion_id: z.number().int(), mean: z.number().nullable(), count: z.number().int() })),
    total: z.number().nullable(),
    jurors: z.number().int(),
    rank: z.number().int().nullable(),
    /** The jurors' comments: organisers only (empty for everybody else). */
    comments: z.array(z.object({ user_id: z.number().int(), name: z.string(), text: z.string() })),
  })
  .meta({ id: 'JuryResult' });
export type JuryResult = z.infer<typeof ZJuryResult>;

export const getJuryResults = defineRoute({
  id: 'jury.results',
  method: 'GET',
  path: '/api/expo/{eventId}/voting/{slug}/results',
  summary: "The jury's results, ranked by total (each criterion's mean over its maximum, 0-100): organisers always, the event's members once published (403 jury.results_hidden before)",
  tags: ['jury'],
  auth: true,
  params: ZRoundPath,
  response: z.object({ data: z.array(ZJuryResult), meta: z.object({ criteria: z.array(ZJuryCriterion), jurors: z.number().int(), published: z.boolean() }) }),
  errors: [400, 401, 403, 404],
});

// Back office ---------------------------------------------------------------------------------

export const ZJuryInput = z.object({
  /** Existing criteria keep their id (their scores stay); a criterion with scores cannot be dropped (409 jury.criterion_has_scores). */
  criteria: z
    .array(
      z.object({
        id: z.number().int().min(1).max(2_147_483_647).optional(),
        name: z.string().trim().min(1).max(JURY_CRITERION_NAME_MAX),
        description: z.string().trim().max(500).optional(),
        max_score: z.number().int().min(2).max(JURY_SCORE_MAX_LIMIT),
      }),
    )
    .max(JURY_CRITERIA_MAX),
  jury_starts_at: ZTimestamp.nullable(),
  jury_ends_at: ZTimestamp.nullable(),
  results_published: z.boolean(),
});
export type JuryInput = z.infer<typeof ZJuryInput>;

export const adminGetJury = defineRoute({
  id: 'admin.jury.get',
  method: 'GET',
  path: '/api/admin/v1/events/{eventId}/showcases/{showcaseId}/jury',
  summary: "A showcase's jury settings: criteria, the scoring window, whether the results are published, and how many people hold the jury feature",
  tags: ['admin', 'jury'],
  auth: true,
  params: z.object({ eventId: ZEventId, showcaseId: ZId }),
  response: dataOf(ZJuryInput.extend({ criteria: z.array(ZJuryCriterion), jurors: z.number().int() })),
  errors: [400, 401, 403, 404],
});

export const adminUpdateJury = defineRoute({
  id: 'admin.jury.update',
  method: 'PUT',
  path: '/api/admin/v1/events/{eventId}/showcases/{showcaseId}/jury',
  summary: 'Set the jury criteria and window, and publish or hide the results (422 showcase.invalid when the window ends before it starts)',
  tags: ['admin', 'jury'],
  auth: true,
  params: z.object({ eventId: ZEventId, showcaseId: ZId }),
  body: ZJuryInput,
  response: dataOf(ZJuryInput.extend({ criteria: z.array(ZJuryCriterion), jurors: z.number().int() })),
  errors: [400, 401, 403, 404, 409, 422],
});
