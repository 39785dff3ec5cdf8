// Game poll queries: questions of a game in an event, and their answers.
import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventCompanies, gamePollAnswers, gamePollQuestions, games, showcaseRequests, showcases, users } from '../../db/schema/index.ts';

export type QuestionRow = typeof gamePollQuestions.$inferSelect;
export type AnswerRow = typeof gamePollAnswers.$inferSelect;

/** Whether the game's company takes part in the event, and whether the game has an accepted entry in one of its showcases. */
export async function gameFacts(db: Db, eventId: number, gameId: number, companyId: number): Promise<{ companyTakesPart: boolean; acceptedEntry: boolean }> {
  const [company, entry] = await Promise.all([
    db
      .select({ one: sql`1` })
      .from(eventCompanies)
      .where(and(eq(eventCompanies.eventId, eventId), eq(eventCompanies.companyId, companyId)))
      .limit(1),
    db
      .select({ one: sql`1` })
      .from(showcaseRequests)
      .innerJoin(showcases, eq(showcases.id, showcaseRequests.showcaseId))
      .where(and(eq(showcases.eventId, eventId), eq(showcaseRequests.gameId, gameId), eq(showcaseRequests.status, 'accepted')))
      .limit(1),
  ]);
  return { companyTakesPart: company.length > 0, acceptedEntry: entry.length > 0 };
}

export async function questionsOf(db: Db, eventId: number, gameId: number): Promise<QuestionRow[]> {
  return db
    .select()
    .from(gamePollQuestions)
    .where(and(eq(gamePollQuestions.eventId, eventId), eq(gamePollQuestions.gameId, gameId)))
    .orderBy(asc(gamePollQuestions.position), asc(gamePollQuestions.id));
}

/** A question of this game's poll in this event; another game's or event's is not found. */
export async function findQuestion(db: Db, eventId: number, gameId: number, questionId: number): Promise<QuestionRow | undefined> {
  const [row] = await db
    .select()
    .from(gamePollQuestions)
    .where(and(eq(gamePollQuestions.id, questionId), eq(gamePollQuestions.eventId, eventId), eq(gamePollQuestions.gameId, gameId)))
    .limit(1);
  return row;
}

/** Answers per question and per choice. */
export async function answerTallies(db: Db, questionIds: readonly number[]): Promise<Map<number, { total: number; choices: Map<number, number> }>> {
  const tallies = new Map<number, { total: number; choices: Map<number, number> }>();
  if (questionIds.length === 0) return tallies;
  const rows = await db
    .select({ questionId: gamePollAnswers.questionId, choice: gamePollAnswers.choice, n: count() })
    .from(gamePollAnswers)
    .where(inArray(gamePollAnswers.questionId, [...questionIds]))
    .groupBy(gamePollAnswers.questionId, gamePollAnswers.choice);
  for (const row of rows) {
    const tally = tallies.get(row.questionId) ?? { total: 0, choices: new Map<number, number>() };
    tally.total += row.n;
    if (row.choice !== null) tally.choices.set(row.choice, row.n);
    tallies.set(row.questionId, tally);
  }
  return tallies;
}

export async function answersOfPerson(db: Db, userId: number, questionIds: readonly number[]): Promise<Map<number, AnswerRow>> {
  if (questionIds.length === 0 || userId === 0) return new Map();
  const rows = await db
    .select()
    .from(gamePollAnswers)
    .where(and(eq(gamePollAnswers.userId, userId), inArray(gamePollAnswers.questionId, [...questionIds])));
  return new Map(rows.map((row) => [row.questionId, row]));
}

/** The newest free answers of a text question, with their authors' names. */
export async function textAnswers(db: Db, questionId: number, limit: number) {
  return db
    .select({ userId: gamePollAnswers.userId, firstName: users.firstName, lastName: users.lastName, text: gamePollAnswers.text, at: gamePollAnswers.updatedAt })
    .from(gamePollAnswers)
    .innerJoin(users, eq(users.id, gamePollAnswers.userId))
    .where(and(eq(gamePollAnswers.questionId, questionId), sql`${gamePollAnswers.text} is not null`))
    .orderBy(desc(gamePollAnswers.updatedAt), desc(gamePollAnswers.userId))
    .limit(limit);
}

/**
 * A new question at the end of the game's poll, or 'full'. The game's row is locked, so questions
 * added at once cannot pass the limit together.
 */
export async function insertQuestion(
  db: Db,
  values: { eventId: number; gameId: number; authorId: number; text: string; kind: 'choice' | 'text'; options: string[]; juryOnly: boolean },
  fits: (count: number) => boolean,
): Promise<QuestionRow | 'full'> {
  return db.transaction(async (tx) => {
    await tx.select({ id: games.id }).from(games).where(eq(games.id, values.gameId)).for('update');
    const [stats] = await tx
      .select({ n: count(), last: max(gamePollQuestions.position) })
      .from(gamePollQuestions)
      .where(and(eq(gamePollQuestions.eventId, values.eventId), eq(gamePollQuestions.gameId, values.gameId)));
    if (!fits(stats?.n ?? 0)) return 'full';
    const [row] = await tx
      .insert(gamePollQuestions)
      .values({ ...values, position: (stats?.last ?? -1) + 1 })
      .returning();
    if (!row) throw new Error('question insert returned nothing');
    return row;
  });
}

export async function deleteQuestion(db: Db, id: number): Promise<void> {
  await db.delete(gamePollQuestions).where(eq(gamePollQuestions.id, id));
}

/** One answer per person and question (the primary key): answering again replaces it, any number at once store one. */
export async function saveAnswer(db: Db, answer: { questionId: number; userId: number; choice: number | null; text: string | null }): Promise<void> {
  await db
    .insert(gamePollAnswers)
    .values(answer)
    .onConflictDoUpdate({ target: [gamePollAnswers.questionId, gamePollAnswers.userId], set: { choice: answer.choice, text: answer.text, updatedAt: sql`now()` } });
}

export async function removeAnswer(db: Db, questionId: number, userId: number): Promise<void> {
  await db.delete(gamePollAnswers).where(and(eq(gamePollAnswers.questionId, questionId), eq(gamePollAnswers.userId, userId)));
}
