import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lecturePollOptions, lecturePolls, lecturePollVotes, lectureQuestions, lectureQuestionVotes, lectures, lectureSpeakers, users } from '../../db/schema/index.ts';

/** The lecture if it belongs to the event, and whether the person speaks in it. */
export async function lectureInEvent(db: Db, eventId: number, lectureId: number, userId: number): Promise<{ id: number; isSpeaker: boolean } | undefined> {
  const [row] = await db
    .select({ id: lectures.id, isSpeaker: sql<boolean>`exists (select 1 from ${lectureSpeakers} s where s.lecture_id = lectures.id and s.user_id = ${userId})` })
    .from(lectures)
    .where(and(eq(lectures.id, lectureId), eq(lectures.eventId, eventId)))
    .limit(1);
  return row;
}

export type QuestionRow = typeof lectureQuestions.$inferSelect;
export interface QuestionWithAuthor {
  question: QuestionRow;
  author: { id: number; firstName: string; lastName: string; avatarKey: string | null; avatarThumbKey: string | null };
  voted: boolean;
}

const questionColumns = (readerId: number) => ({
  question: lectureQuestions,
  author: { id: users.id, firstName: users.firstName, lastName: users.lastName, avatarKey: users.avatarKey, avatarThumbKey: users.avatarThumbKey },
  voted: sql<boolean>`exists (select 1 from ${lectureQuestionVotes} v where v.question_id = ${lectureQuestions.id} and v.user_id = ${readerId})`,
});

/** Open questions first, the most upvoted on top; the oldest wins a tie. */
export const listQuestions = (db: Db, lectureId: number, readerId: number): Promise<QuestionWithAuthor[]> =>
  db
    .select(questionColumns(readerId))
    .from(lectureQuestions)
    .innerJoin(users, eq(users.id, lectureQuestions.userId))
    .where(eq(lectureQuestions.lectureId, lectureId))
    .orderBy(asc(lectureQuestions.answered), desc(lectureQuestions.votes), asc(lectureQuestions.createdAt), asc(lectureQuestions.id))
    .limit(500);

export async function findQuestion(db: Db, lectureId: number, questionId: number, readerId: number): Promise<QuestionWithAuthor | undefined> {
  const [row] = await db
    .select(questionColumns(readerId))
    .from(lectureQuestions)
    .innerJoin(users, eq(users.id, lectureQuestions.userId))
    .where(and(eq(lectureQuestions.id, questionId), eq(lectureQuestions.lectureId, lectureId)))
    .limit(1);
  return row;
}

export async function insertQuestion(db: Db, lectureId: number, userId: number, text: string): Promise<number> {
  const [row] = await db.insert(lectureQuestions).values({ lectureId, userId, text }).returning({ id: lectureQuestions.id });
  if (!row) throw new Error('no question row');
  return row.id;
}

/**
 * The vote row and the count change in one transaction: the primary key keeps one vote per
 * person, and the count moves only when a row was really added or removed.
 */
export function setVote(db: Db, questionId: number, userId: number, on: boolean): Promise<void> {
  return db.transaction(async (tx) => {
    if (on) {
      const added = await tx.insert(lectureQuestionVotes).values({ questionId, userId }).onConflictDoNothing().returning({ q: lectureQuestionVotes.questionId });
      if (added.length > 0) await tx.update(lectureQuestions).set({ votes: sql`${lectureQuestions.votes} + 1` }).where(eq(lectureQuestions.id, questionId));
    } else {
      const removed = await tx
        .delete(lectureQuestionVotes)
        .where(and(eq(lectureQuestionVotes.questionId, questionId), eq(lectureQuestionVotes.userId, userId)))
        .returning({ q: lectureQuestionVotes.questionId });
      if (removed.length > 0) await tx.update(lectureQuestions).set({ votes: sql`greatest(${lectureQuestions.votes} - 1, 0)` }).where(eq(lectureQuestions.id, questionId));
    }
  });
}

export const setAnswered = (db: Db, questionId: number, answered: boolean) => db.update(lectureQuestions).set({ answered }).where(eq(lectureQuestions.id, questionId));
export const deleteQuestionRow = (db: Db, questionId: number) => db.delete(lectureQuestions).where(eq(lectureQuestions.id, questionId));

// Polls ----------------------------------------------------------------------------------------

export type PollRow = typeof lecturePolls.$inferSelect;
export interface PollWithCounts {
  poll: PollRow;
  options: { id: number; text: string; votes: number }[];
  myOptionId: number | null;
}

/** Polls with their options' counts and the reader's choice, newest first. */
export async function loadPolls(db: Db, lectureId: number, readerId: number, pollId?: number): Promise<PollWithCounts[]> {
  const polls = await db
    .select()
    .from(lecturePolls)
    .where(and(eq(lecturePolls.lectureId, lectureId), pollId === undefined ? undefined : eq(lecturePolls.id, pollId)))
    .orderBy(desc(lecturePolls.createdAt), desc(lecturePolls.id))
    .limit(100);
  if (polls.length === 0) return [];
  const ids = polls.map((poll) => poll.id);
  const [options, mine] = await Promise.all([
    db
      .select({ id: lecturePollOptions.id, pollId: lecturePollOptions.pollId, text: lecturePollOptions.text, votes: sql<number>`(select count(*)::int from ${lecturePollVotes} v where v.option_id = lecture_poll_options.id)` })
      .from(lecturePollOptions)
      .where(inArray(lecturePollOptions.pollId, ids))
      .orderBy(asc(lecturePollOptions.position), asc(lecturePollOptions.id)),
    db.select({ pollId: lecturePollVotes.pollId, optionId: lecturePollVotes.optionId }).from(lecturePollVotes).where(and(inArray(lecturePollVotes.pollId, ids), eq(lecturePollVotes.userId, readerId))),
  ]);
  const choice = new Map(mine.map((row) => [row.pollId, row.optionId]));
  return polls.map((poll) => ({
    poll,
    options: options.filter((option) => option.pollId === poll.id).map((option) => ({ id: option.id, text: option.text, votes: Number(option.votes) })),
    myOptionId: choice.get(poll.id) ?? null,
  }));
}

export function insertPoll(db: Db, lectureId: number, createdBy: number, question: string, options: string[]): Promise<number> {
  return db.transaction(async (tx) => {
    const [poll] = await tx.insert(lecturePolls).values({ lectureId, createdBy, question }).returning({ id: lecturePolls.id });
    if (!poll) throw new Error('no poll row');
    await tx.insert(lecturePollOptions).values(options.map((text, position) => ({ pollId: poll.id, position, text })));
    return poll.id;
  });
}

export type PollVoteOutcome = 'ok' | 'not_found' | 'closed' | 'option_invalid' | 'already_voted';

/**
 * One vote per person: the primary key decides between two votes sent at once. The poll row is
 * read FOR SHARE, so a close waits for votes in flight and no vote lands after it.
 */
export function votePoll(db: Db, lectureId: number, pollId: number, optionId: number, userId: number): Promise<PollVoteOutcome> {
  return db.transaction(async (tx) => {
    const [poll] = await tx
      .select({ isOpen: lecturePolls.isOpen })
      .from(lecturePolls)
      .where(and(eq(lecturePolls.id, pollId), eq(lecturePolls.lectureId, lectureId)))
      .for('share');
    if (!poll) return 'not_found';
    if (!poll.isOpen) return 'closed';
    const [option] = await tx.select({ id: lecturePollOptions.id }).from(lecturePollOptions).where(and(eq(lecturePollOptions.id, optionId), eq(lecturePollOptions.pollId, pollId)));
    if (!option) return 'option_invalid';
    const added = await tx.insert(lecturePollVotes).values({ pollId, userId, optionId }).onConflictDoNothing().returning({ p: lecturePollVotes.pollId });
    return added.length > 0 ? 'ok' : 'already_voted';
  });
}

export async function closePoll(db: Db, lectureId: number, pollId: number): Promise<boolean> {
  const rows = await db
    .update(lecturePolls)
    .set({ isOpen: false })
    .where(and(eq(lecturePolls.id, pollId), eq(lecturePolls.lectureId, lectureId)))
    .returning({ id: lecturePolls.id });
  return rows.length > 0;
}
