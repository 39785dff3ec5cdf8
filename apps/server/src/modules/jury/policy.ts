// Jury voting rules (product.md sections 2 and 6; docs/decisions.md, Jury voting and game polls).
// Pure, table-tested in policy.test.ts; the shared rules (juryRefusal, juryResults, juryPhase) are
// in the contract's expo-rules.ts.
import { categoryPlan } from '../showcase/policy.ts';

export interface FieldProblem {
  field: string;
  message: string;
  key: string;
  params: Record<string, number>;
}

/**
 * What a new list of criteria does to the stored ones: ids that are not the showcase's, an id
 * given twice, criteria left out (dropped) and those of them the jury has scored (which may not go).
 * The same plan as a showcase's categories and their votes.
 */
export function criteriaPlan(stored: readonly { id: number; scores: number }[], incoming: readonly { id?: number | undefined }[]) {
  const plan = categoryPlan(
    stored.map((c) => ({ id: c.id, votes: c.scores })),
    incoming,
  );
  return { unknown: plan.unknown, repeated: plan.repeated, dropped: plan.dropped, droppedWithScores: plan.droppedWithVotes };
}

/**
 * Criteria whose new maximum is below a score the jury already gave (409: the totals would pass
 * 100). `top` is the highest stored score of each criterion.
 */
export function loweredBelowScores(stored: readonly { id: number; top: number }[], incoming: readonly { id?: number | undefined; max_score: number }[]): number[] {
  const top = new Map(stored.map((c) => [c.id, c.top]));
  return incoming.flatMap((c) => (c.id !== undefined && c.max_score < (top.get(c.id) ?? 0) ? [c.id] : []));
}

/**
 * Problems of a juror's scores against the round's criteria (422 validation.failed): a criterion
 * that is not the round's or is given twice, a score above the criterion's maximum.
 */
export function scoreProblems(criteria: readonly { id: number; maxScore: number }[], scores: readonly { criterion_id: number; score: number }[]): FieldProblem[] {
  const byId = new Map(criteria.map((c) => [c.id, c]));
  const seen = new Set<number>();
  const problems: FieldProblem[] = [];
  scores.forEach((entry, index) => {
    const criterion = byId.get(entry.criterion_id);
    if (!criterion || seen.has(entry.criterion_id)) {
      const message = criterion ? 'This criterion is scored twice.' : 'This criterion is not one of the round.';
      problems.push({ field: `body.scores.${index}.criterion_id`, message, key: 'invalid', params: {} });
    } else if (entry.score > criterion.maxScore) {
      problems.push({ field: `body.scores.${index}.score`, message: `Must be at most ${criterion.maxScore}.`, key: 'max_value', params: { max: criterion.maxScore } });
    }
    seen.add(entry.criterion_id);
  });
  return problems;
}

export interface TopCategory<R> {
  category: { id: number; name: string };
  entries: readonly { rank: number; votes: number; row: R }[];
}

export interface Finalist<R> {
  requestId: number;
  row: R;
  categories: { id: number; name: string; rank: number; votes: number }[];
}

/**
 * The finalists of a jury round: the entries of the showcase's top page, each once, in the order
 * they first appear (category order, then rank), with every category whose top holds them.
 */
export function finalistsOf<R extends { request: { id: number } }>(top: readonly TopCategory<R>[]): Finalist<R>[] {
  const byId = new Map<number, Finalist<R>>();
  for (const { category, entries } of top) {
    for (const entry of entries) {
      const id = entry.row.request.id;
      let finalist = byId.get(id);
      if (!finalist) {
        finalist = { requestId: id, row: entry.row, categories: [] };
        byId.set(id, finalist);
      }
      finalist.categories.push({ id: category.id, name: category.name, rank: entry.rank, votes: entry.votes });
    }
  }
  return [...byId.values()];
}

/** A finalist is complete for a juror who scored it on every criterion of the round. */
export const scoredEvery = (criterionIds: readonly number[], scored: readonly number[]): boolean => {
  const mine = new Set(scored);
  return criterionIds.length > 0 && criterionIds.every((id) => mine.has(id));
};

/** The jurors' comments are the organisers' (event.manage) alone, with the results. */
export const seesComments = (who: { isOrganizer: boolean }): boolean => who.isOrganizer;
