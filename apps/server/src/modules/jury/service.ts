// Jury voting: product.md sections 2 (voting, voting-view) and 6 (jury); docs/decisions.md, Jury
// voting and game polls. Finalists are the entries of the showcase's top page (showcase module).
import { ErrorCode, juryPhase, juryRefusal, juryResults, juryResultsVisible, type JuryInput } from '@lobby/contract';
import type { AccessSource, EventAccess } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { describeGame, gameCards, type GamesContext } from '../games/service.ts';
import { windowValid } from '../showcase/policy.ts';
import { findShowcaseById, showcasesOf, type EntryRow, type ShowcaseRow } from '../showcase/repo.ts';
import { topOf } from '../showcase/repo.ts';
import { entryNotFound, openEvent, requireShowcase, showcaseNotFound, visibleEntry } from '../showcase/service.ts';
import { criteriaPlan, finalistsOf, loweredBelowScores, scoreProblems, seesComments, type Finalist } from './policy.ts';
import { juryWindow, presentCriterion, presentFinalist, presentRound, presentSettings } from './present.ts';
import {
  commentsOf,
  commentsOfJuror,
  criteriaOf,
  juryFeatureHolders,
  jurorsWhoScored,
  saveJury,
  saveScores,
  scoresOf,
  type CriterionRow,
} from './repo.ts';

const isJury = (access: EventAccess) => access.can('voting.jury');
const isOrganizer = (access: EventAccess) => access.can('event.manage');
const invalid = (field: string, message: string) =>
  new AppError(422, ErrorCode.showcaseInvalid, message, { fields: [{ field: `body.${field}`, message, key: 'invalid', params: {} }] });

interface Round {
  showcase: ShowcaseRow;
  criteria: CriterionRow[];
  finalists: Finalist<EntryRow>[];
}

/** A showcase's jury round: it exists while the showcase has criteria (else 404 showcase.not_found). */
async function loadRound(db: Db, showcase: ShowcaseRow, criteria?: CriterionRow[]): Promise<Round> {
  const own = criteria ?? (await criteriaOf(db, [showcase.id])).get(showcase.id) ?? [];
  if (own.length === 0) throw showcaseNotFound();
  return { showcase, criteria: own, finalists: finalistsOf(await topOf(db, showcase)) };
}

const roundFacts = (access: EventAccess, round: Round) => ({
  criteria: round.criteria,
  finalists: round.finalists.map((f) => f.requestId),
  isJury: isJury(access),
  canSeeResults: juryResultsVisible({ isOrganizer: isOrganizer(access), published: round.showcase.juryResultsPublished }),
});

export async function listRounds(ctx: GamesContext, source: AccessSource, eventId: number) {
  const access = await openEvent(ctx.db, source, eventId);
  const showcases = await showcasesOf(ctx.db, eventId);
  const criteria = await criteriaOf(
    ctx.db,
    showcases.map((s) => s.id),
  );
  const rounds = await Promise.all(
    showcases
      .filter((s) => (criteria.get(s.id) ?? []).length > 0)
      .map(async (showcase) => {
        const [round, mine] = await Promise.all([loadRound(ctx.db, showcase, criteria.get(showcase.id)), scoresOf(ctx.db, showcase.id, access.userId ?? 0)]);
        return presentRound(showcase, { ...roundFacts(access, round), mine });
      }),
  );
  return rounds;
}

export async function getRound(ctx: GamesContext, source: AccessSource, eventId: number, slug: string) {
  const access = await openEvent(ctx.db, source, eventId);
  const round = await loadRound(ctx.db, await requireShowcase(ctx.db, eventId, slug));
  const userId = access.userId ?? 0;
  const ids = round.finalists.map((f) => f.requestId);
  const [mine, comments, cards] = await Promise.all([
    scoresOf(ctx.db, round.showcase.id, userId),
    commentsOfJuror(ctx.db, userId, ids),
    gameCards(
      ctx,
      round.finalists.map((f) => f.row),
    ),
  ]);
  const finalists = round.finalists.map((finalist, index) => {
    const card = cards[index];
    if (!card) throw new Error('no card for a finalist');
    return presentFinalist(finalist, card, { criteria: round.criteria, mine, comment: comments.get(finalist.requestId) ?? null });
  });
  return { data: presentRound(round.showcase, { ...roundFacts(access, round), mine }), meta: { finalists } };
}

/** A finalist of the round; an entry that is not one (or another event's) is not found. */
function requireFinalist(round: Round, requestId: number): Finalist<EntryRow> {
  const finalist = round.finalists.find((f) => f.requestId === requestId);
  if (!finalist) throw entryNotFound();
  return finalist;
}

export async function getFinalist(ctx: GamesContext, source: AccessSource, eventId: number, slug: string, requestId: number) {
  const access = await openEvent(ctx.db, source, eventId);
  const round = await loadRound(ctx.db, await requireShowcase(ctx.db, eventId, slug));
  const finalist = requireFinalist(round, requestId);
  const userId = access.userId ?? 0;
  const [mine, comments, game] = await Promise.all([scoresOf(ctx.db, round.showcase.id, userId), commentsOfJuror(ctx.db, userId, [requestId]), describeGame(ctx, source, finalist.row, eventId)]);
  return presentFinalist(finalist, game, { criteria: round.criteria, mine, comment: comments.get(requestId) ?? null });
}

/**
 * A juror's scores of a finalist (replacing their earlier ones) and their comment. Refusals
 * (juryRefusal: not jury, the window, not a finalist, one's own company's game) are 403
 * jury.score_refused with the reason; a criterion not of the round or a score above its maximum 422.
 */
export async function score(
  ctx: GamesContext,
  source: AccessSource,
  eventId: number,
  slug: string,
  requestId: number,
  body: { scores: { criterion_id: number; score: number }[]; comment?: string | null | undefined },
) {
  const access = await openEvent(ctx.db, source, eventId);
  const round = await loadRound(ctx.db, await requireShowcase(ctx.db, eventId, slug));
  const { row, roles } = await visibleEntry(ctx, access, eventId, requestId);
  if (row.showcase.id !== round.showcase.id) throw entryNotFound();
  const finalist = round.finalists.find((f) => f.requestId === requestId);
  const reason = juryRefusal({ isJury: isJury(access), phase: juryPhase(new Date(), juryWindow(round.showcase)), finalist: finalist !== undefined, ownGame: roles !== null });
  if (reason !== null || !finalist) throw new AppError(403, ErrorCode.juryScoreRefused, 'Score not saved.', { reason: reason ?? 'not_finalist' });
  const userId = access.userId ?? 0;
  await saveScores(ctx.db, { showcaseId: round.showcase.id, requestId, userId, scores: body.scores, comment: body.comment }, (criteria) => {
    const problems = scoreProblems(
      criteria.map((c) => ({ id: c.id, maxScore: c.maxScore })),
      body.scores,
    );
    if (problems.length > 0) throw new AppError(422, ErrorCode.validation, problems[0]?.message ?? 'Invalid scores.', { fields: problems });
  });
  const criteria = (await criteriaOf(ctx.db, [round.showcase.id])).get(round.showcase.id) ?? [];
  const [mine, comments, [card]] = await Promise.all([scoresOf(ctx.db, round.showcase.id, userId), commentsOfJuror(ctx.db, userId, [requestId]), gameCards(ctx, [finalist.row])]);
  if (!card) throw entryNotFound();
  return presentFinalist(finalist, card, { criteria, mine, comment: comments.get(requestId) ?? null });
}

/** The results: organisers always, the event's members once published (403 jury.results_hidden before); comments for organisers only. */
export async function results(ctx: GamesContext, source: AccessSource, eventId: number, slug: string) {
  const access = await openEvent(ctx.db, source, eventId);
  const round = await loadRound(ctx.db, await requireShowcase(ctx.db, eventId, slug));
  if (!juryResultsVisible({ isOrganizer: isOrganizer(access), published: round.showcase.juryResultsPublished })) {
    throw new AppError(403, ErrorCode.juryResultsHidden, "The jury's results are not published yet.");
  }
  const ids = round.finalists.map((f) => f.requestId);
  const withComments = seesComments({ isOrganizer: isOrganizer(access) });
  const [scores, comments, jurors, cards] = await Promise.all([
    scoresOf(ctx.db, round.showcase.id),
    withComments ? commentsOf(ctx.db, ids) : Promise.resolve([]),
    jurorsWhoScored(ctx.db, round.showcase.id, ids),
    gameCards(
      ctx,
      round.finalists.map((f) => f.row),
    ),
  ]);
  const cardOf = new Map(round.finalists.map((f, index) => [f.requestId, cards[index]]));
  const tallies = juryResults(
    ids,
    round.criteria.map((c) => ({ id: c.id, max_score: c.maxScore })),
    scores.map((s) => ({ request_id: s.requestId, criterion_id: s.criterionId, user_id: s.userId, score: s.score })),
  );
  const data = tallies.map((tally) => {
    const game = cardOf.get(tally.request_id);
    if (!game) throw entryNotFound();
    return {
      ...tally,
      game,
      comments: comments.filter((c) => c.requestId === tally.request_id).map((c) => ({ user_id: c.userId, name: `${c.firstName} ${c.lastName}`.trim(), text: c.text })),
    };
  });
  return { data, meta: { criteria: round.criteria.map(presentCriterion), jurors, published: round.showcase.juryResultsPublished } };
}

// Back office ---------------------------------------------------------------------------------

async function settingsOf(db: Db, eventId: number, showcaseId: number) {
  const showcase = await findShowcaseById(db, eventId, showcaseId);
  if (!showcase) throw showcaseNotFound();
  const [criteria, jurors] = await Promise.all([criteriaOf(db, [showcase.id]), juryFeatureHolders(db, eventId)]);
  return presentSettings(showcase, criteria.get(showcase.id) ?? [], jurors);
}

export const adminJury = (db: Db, eventId: number, showcaseId: number) => settingsOf(db, eventId, showcaseId);

/**
 * The jury's criteria (kept by id, with their scores), window and publication. A criterion the jury
 * has scored cannot be dropped (409 jury.criterion_has_scores); a window ending before it starts is
 * 422 showcase.invalid.
 */
export async function updateJury(db: Db, eventId: number, showcaseId: number, body: JuryInput) {
  const showcase = await findShowcaseById(db, eventId, showcaseId);
  if (!showcase) throw showcaseNotFound();
  if (!windowValid(body.jury_starts_at, body.jury_ends_at)) throw invalid('jury_ends_at', 'The jury must end after it starts.');
  const settings = {
    criteria: body.criteria,
    juryStartsAt: body.jury_starts_at === null ? null : new Date(body.jury_starts_at),
    juryEndsAt: body.jury_ends_at === null ? null : new Date(body.jury_ends_at),
    published: body.results_published,
  };
  await saveJury(db, showcase.id, settings, (stored) => {
    const plan = criteriaPlan(stored, body.criteria);
    if (plan.unknown.length > 0 || plan.repeated) throw invalid('criteria', 'A criterion of another showcase cannot be used here.');
    if (plan.droppedWithScores.length > 0) throw new AppError(409, ErrorCode.juryCriterionHasScores, 'The jury has scored this criterion, so it cannot be removed.', { criterion_ids: plan.droppedWithScores });
    const lowered = loweredBelowScores(stored, body.criteria);
    if (lowered.length > 0) throw new AppError(409, ErrorCode.juryCriterionHasScores, 'The jury has given higher scores on this criterion, so its maximum cannot go below them.', { criterion_ids: lowered });
    return plan.dropped;
  });
  return settingsOf(db, eventId, showcaseId);
}
