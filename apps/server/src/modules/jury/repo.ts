// Jury queries: criteria, scores and comments of a showcase's jury round.
import { and, asc, count, countDistinct, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventMembers, juryComments, juryCriteria, juryScores, showcases, ticketTypes, users } from '../../db/schema/index.ts';

export type CriterionRow = typeof juryCriteria.$inferSelect;
export type ScoreRow = typeof juryScores.$inferSelect;

/** The criteria of these showcases, in their order. */
export async function criteriaOf(db: Db, showcaseIds: readonly number[]): Promise<Map<number, CriterionRow[]>> {
  const byShowcase = new Map<number, CriterionRow[]>();
  if (showcaseIds.length === 0) return byShowcase;
  const rows = await db
    .select()
    .from(juryCriteria)
    .where(inArray(juryCriteria.showcaseId, [...showcaseIds]))
    .orderBy(asc(juryCriteria.position), asc(juryCriteria.id));
  for (const row of rows) byShowcase.set(row.showcaseId, [...(byShowcase.get(row.showcaseId) ?? []), row]);
  return byShowcase;
}

/** Scores of a showcase's round: everybody's, or one juror's. */
export async function scoresOf(db: Db, showcaseId: number, userId?: number): Promise<ScoreRow[]> {
  return db
    .select()
    .from(juryScores)
    .where(and(eq(juryScores.showcaseId, showcaseId), userId === undefined ? undefined : eq(juryScores.userId, userId)));
}

/** One juror's comments on these entries. */
export async function commentsOfJuror(db: Db, userId: number, requestIds: readonly number[]): Promise<Map<number, string>> {
  if (requestIds.length === 0 || userId === 0) return new Map();
  const rows = await db
    .select({ requestId: juryComments.requestId, text: juryComments.text })
    .from(juryComments)
    .where(and(eq(juryComments.userId, userId), inArray(juryComments.requestId, [...requestIds])));
  return new Map(rows.map((row) => [row.requestId, row.text]));
}

/** Every juror's comments on these entries, with the juror's name, oldest first. */
export async function commentsOf(db: Db, requestIds: readonly number[]) {
  if (requestIds.length === 0) return [];
  return db
    .select({ requestId: juryComments.requestId, userId: juryComments.userId, firstName: users.firstName, lastName: users.lastName, text: juryComments.text })
    .from(juryComments)
    .innerJoin(users, eq(users.id, juryComments.userId))
    .where(inArray(juryComments.requestId, [...requestIds]))
    .orderBy(asc(juryComments.updatedAt), asc(juryComments.userId));
}

/** Jurors who scored anything in this round. */
export async function jurorsWhoScored(db: Db, showcaseId: number, requestIds: readonly number[]): Promise<number> {
  if (requestIds.length === 0) return 0;
  const [row] = await db
    .select({ n: countDistinct(juryScores.userId) })
    .from(juryScores)
    .where(and(eq(juryScores.showcaseId, showcaseId), inArray(juryScores.requestId, [...requestIds])));
  return row?.n ?? 0;
}

/** Members of the event whose ticket carries the jury feature. */
export async function juryFeatureHolders(db: Db, eventId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(eventMembers)
    .innerJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId))
    .where(and(eq(eventMembers.eventId, eventId), sql`'jury' = any(${ticketTypes.features})`));
  return row?.n ?? 0;
}

/**
 * A juror's scores on a finalist, replacing earlier ones: the primary key (user, request,
 * criterion) keeps one row per criterion whatever number of calls run at once. The showcase's row
 * is share-locked, so the organisers cannot drop a criterion under the scores, and the criteria are
 * checked inside the same transaction (`check` throws to refuse).
 */
export async function saveScores(
  db: Db,
  input: { showcaseId: number; requestId: number; userId: number; scores: readonly { criterion_id: number; score: number }[]; comment: string | null | undefined },
  check: (criteria: CriterionRow[]) => void,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: showcases.id }).from(showcases).where(eq(showcases.id, input.showcaseId)).for('share');
    check(await tx.select().from(juryCriteria).where(eq(juryCriteria.showcaseId, input.showcaseId)));
    // One order for every writer, so concurrent upserts of one juror never deadlock.
    const rows = [...input.scores]
      .sort((a, b) => a.criterion_id - b.criterion_id)
      .map((s) => ({ showcaseId: input.showcaseId, requestId: input.requestId, userId: input.userId, criterionId: s.criterion_id, score: s.score }));
    await tx
      .insert(juryScores)
      .values(rows)
      .onConflictDoUpdate({ target: [juryScores.userId, juryScores.requestId, juryScores.criterionId], set: { score: sql`excluded.score`, updatedAt: sql`now()` } });
    if (input.comment === undefined) return;
    if (input.comment === null || input.comment === '') {
      await tx.delete(juryComments).where(and(eq(juryComments.userId, input.userId), eq(juryComments.requestId, input.requestId)));
      return;
    }
    await tx
      .insert(juryComments)
      .values({ requestId: input.requestId, userId: input.userId, text: input.comment })
      .onConflictDoUpdate({ target: [juryComments.userId, juryComments.requestId], set: { text: input.comment, updatedAt: sql`now()` } });
  });
}

export interface JurySettings {
  criteria: readonly { id?: number | undefined; name: string; description?: string | undefined; max_score: number }[];
  juryStartsAt: Date | null;
  juryEndsAt: Date | null;
  published: boolean;
}

/**
 * Replaces a showcase's criteria and window under a lock of its row. `plan` sees the stored
 * criteria with their score counts and answers the ids to drop (or throws to refuse).
 */
export async function saveJury(db: Db, showcaseId: number, settings: JurySettings, plan: (stored: { id: number; scores: number; top: number }[]) => number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: showcases.id }).from(showcases).where(eq(showcases.id, showcaseId)).for('update');
    const stored = await tx.select({ id: juryCriteria.id }).from(juryCriteria).where(eq(juryCriteria.showcaseId, showcaseId));
    const counts = await tx.select({ id: juryScores.criterionId, n: count(), top: max(juryScores.score) }).from(juryScores).where(eq(juryScores.showcaseId, showcaseId)).groupBy(juryScores.criterionId);
    const scored = new Map(counts.map((row) => [row.id, row]));
    const dropped = plan(stored.map((c) => ({ id: c.id, scores: scored.get(c.id)?.n ?? 0, top: scored.get(c.id)?.top ?? 0 })));
    if (dropped.length > 0) await tx.delete(juryCriteria).where(and(eq(juryCriteria.showcaseId, showcaseId), inArray(juryCriteria.id, dropped)));
    for (const [position, criterion] of settings.criteria.entries()) {
      const values = { name: criterion.name, description: criterion.description ?? '', maxScore: criterion.max_score, position };
      if (criterion.id === undefined) await tx.insert(juryCriteria).values({ showcaseId, ...values });
      else await tx.update(juryCriteria).set(values).where(and(eq(juryCriteria.id, criterion.id), eq(juryCriteria.showcaseId, showcaseId)));
    }
    await tx
      .update(showcases)
      .set({ juryStartsAt: settings.juryStartsAt, juryEndsAt: settings.juryEndsAt, juryResultsPublished: settings.published, updatedAt: new Date() })
      .where(eq(showcases.id, showcaseId));
  });
}
