// How jury rounds, finalists and results read in the API.
import { juryPhase, type GameCard, type JuryCriterion, type JuryFinalist, type JuryRound } from '@lobby/contract';
import type { ShowcaseRow } from '../showcase/repo.ts';
import { scoredEvery, type Finalist } from './policy.ts';
import type { CriterionRow, ScoreRow } from './repo.ts';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export const presentCriterion = (row: CriterionRow): JuryCriterion => ({ id: row.id, name: row.name, description: row.description, max_score: row.maxScore });

export const juryWindow = (row: ShowcaseRow) => ({ jury_starts_at: iso(row.juryStartsAt), jury_ends_at: iso(row.juryEndsAt) });

/** The reader's scores of one finalist, in the criteria's order (scores of dropped criteria are gone with them). */
export function myScoresOf(criteria: readonly CriterionRow[], mine: readonly ScoreRow[], requestId: number) {
  return criteria.flatMap((c) => {
    const row = mine.find((s) => s.requestId === requestId && s.criterionId === c.id);
    return row ? [{ criterion_id: c.id, score: row.score }] : [];
  });
}

export function presentRound(
  showcase: ShowcaseRow,
  facts: { criteria: readonly CriterionRow[]; finalists: readonly number[]; mine: readonly ScoreRow[]; isJury: boolean; canSeeResults: boolean },
  now = new Date(),
): JuryRound {
  const ids = facts.criteria.map((c) => c.id);
  const window = juryWindow(showcase);
  return {
    showcase_id: showcase.id,
    slug: showcase.slug,
    title: showcase.title,
    criteria: facts.criteria.map(presentCriterion),
    ...window,
    phase: juryPhase(now, window),
    results_published: showcase.juryResultsPublished,
    finalists: facts.finalists.length,
    scored: facts.finalists.filter((requestId) =>
      scoredEvery(
        ids,
        facts.mine.filter((s) => s.requestId === requestId).map((s) => s.criterionId),
      ),
    ).length,
    is_jury: facts.isJury,
    can_see_results: facts.canSeeResults,
  };
}

export function presentFinalist<G = GameCard>(finalist: Finalist<unknown>, game: G, facts: { criteria: readonly CriterionRow[]; mine: readonly ScoreRow[]; comment: string | null }): Omit<JuryFinalist, 'game'> & { game: G } {
  const myScores = myScoresOf(facts.criteria, facts.mine, finalist.requestId);
  return {
    request_id: finalist.requestId,
    game,
    categories: finalist.categories.map((c) => ({ id: c.id, name: c.name, rank: c.rank, votes: c.votes })),
    my_scores: myScores,
    my_comment: facts.comment,
    complete: scoredEvery(
      facts.criteria.map((c) => c.id),
      myScores.map((s) => s.criterion_id),
    ),
  };
}

export const presentSettings = (showcase: ShowcaseRow, criteria: readonly CriterionRow[], jurors: number) => ({
  criteria: criteria.map(presentCriterion),
  ...juryWindow(showcase),
  results_published: showcase.juryResultsPublished,
  jurors,
});
