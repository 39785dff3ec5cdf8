import { ErrorCode, LECTURE_POLL, LECTURE_QUESTION, LECTURE_QUESTION_DELETED, type LectureQuestionDeletedPayload, type TicketKind } from '@lobby/contract';
import { upgradeOffer, type AccessSource } from '../../access/access.ts';
import type { Limiter } from '../../auth/limits.ts';
import type { Db } from '../../db/client.ts';
import { fileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import { eventRoom, type Realtime } from '../../realtime/server.ts';
import { listTicketTypes } from '../members/repo.ts';
import { liveAccess, mayDeleteQuestion, moderatesLecture, QUESTIONS_PER_MINUTE } from './policy.ts';
import { presentPoll, presentQuestion } from './present.ts';
import {
  closePoll,
  deleteQuestionRow,
  findQuestion,
  insertPoll,
  insertQuestion,
  lectureInEvent,
  listQuestions,
  loadPolls,
  setAnswered,
  setVote,
  votePoll,
  type QuestionWithAuthor,
} from './repo.ts';

export interface LiveContext {
  db: Db;
  secret: string;
  limiter: Limiter;
  realtime: Realtime;
}

/** Who the caller is at one lecture: past the gates, and whether they moderate it. */
export interface LiveSeat {
  eventId: number;
  lectureId: number;
  userId: number;
  moderator: boolean;
}

/**
 * 404 for an unknown event or a lecture of another event; 403 section.locked for people outside
 * the event; 403 lecture.watch_required (with the reason) for members who may not watch.
 */
export async function takeSeat(ctx: LiveContext, source: AccessSource, eventId: number, lectureId: number): Promise<LiveSeat> {
  const [event, access] = await Promise.all([source.activeEvent(eventId), source.get(eventId)]);
  if (!event) throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  if (access.userId === null) throw new AppError(401, ErrorCode.unauthorized, 'Sign in to continue.');
  const userId = access.userId;
  const base = { signedIn: true, isMember: access.member !== null, ticketKind: (access.ticketType?.kind as TicketKind | undefined) ?? null, permissions: access.permissions, upgradeGrants: null, isSpeaker: false };
  if (liveAccess(base) === 'not_member') throw new AppError(403, ErrorCode.sectionLocked, 'You are not a member of this event.', { section: 'lectures', access: 'not_member' });
  const lecture = await lectureInEvent(ctx.db, eventId, lectureId, userId);
  if (!lecture) throw new AppError(404, ErrorCode.lectureNotFound, `Lecture ${lectureId} was not found in this event.`);
  const reader = { ...base, isSpeaker: lecture.isSpeaker };
  let verdict = liveAccess(reader);
  if (verdict === 'unavailable') verdict = liveAccess({ ...reader, upgradeGrants: upgradeOffer(await listTicketTypes(ctx.db, eventId), access.ticketType)?.grants ?? null });
  if (verdict !== 'ok') throw new AppError(403, ErrorCode.lectureWatchRequired, 'Your ticket does not include watching lectures.', { section: 'lectures', access: verdict });
  return { eventId, lectureId, userId, moderator: moderatesLecture(reader) };
}

const requireModerator = (seat: LiveSeat) => {
  if (!seat.moderator) throw new AppError(403, ErrorCode.forbidden, "Only the lecture's speakers, moderators and organisers can do that.");
};

// Questions ------------------------------------------------------------------------------------

async function questionOf(ctx: LiveContext, seat: LiveSeat, questionId: number): Promise<QuestionWithAuthor> {
  const row = await findQuestion(ctx.db, seat.lectureId, questionId, seat.userId);
  if (!row) throw new AppError(404, ErrorCode.questionNotFound, 'This question was not found.');
  return row;
}

/** What every viewer receives alike: voted is false (the reader's own comes with their calls). */
function broadcastQuestion(ctx: LiveContext, seat: LiveSeat, row: QuestionWithAuthor): void {
  const files = fileUrls(ctx.secret);
  ctx.realtime.emitTo([eventRoom(seat.eventId)], LECTURE_QUESTION, { ...presentQuestion(files, { ...row, voted: false }), event_id: seat.eventId });
}

export async function listLectureQuestions(ctx: LiveContext, seat: LiveSeat) {
  const files = fileUrls(ctx.secret);
  return { data: (await listQuestions(ctx.db, seat.lectureId, seat.userId)).map((row) => presentQuestion(files, row)) };
}

async function checkFlood(ctx: LiveContext, userId: number): Promise<void> {
  try {
    await ctx.limiter.check([{ key: `lecture:ask:${userId}`, limit: QUESTIONS_PER_MINUTE, windowMs: 60_000 }]);
  } catch (error) {
    if (error instanceof AppError && error.status === 429) {
      throw new AppError(429, ErrorCode.questionFlood, 'You are asking too fast. Wait a minute before the next question.', error.details, error.headers);
    }
    throw error;
  }
}

export async function askLectureQuestion(ctx: LiveContext, seat: LiveSeat, text: string) {
  await checkFlood(ctx, seat.userId);
  const id = await insertQuestion(ctx.db, seat.lectureId, seat.userId, text);
  const row = await questionOf(ctx, seat, id);
  broadcastQuestion(ctx, seat, row);
  return { data: presentQuestion(fileUrls(ctx.secret), row) };
}

export async function voteLectureQuestion(ctx: LiveContext, seat: LiveSeat, questionId: number, on: boolean) {
  await questionOf(ctx, seat, questionId);
  await setVote(ctx.db, questionId, seat.userId, on);
  const row = await questionOf(ctx, seat, questionId);
  broadcastQuestion(ctx, seat, row);
  return { data: presentQuestion(fileUrls(ctx.secret), row) };
}

export async function answerLectureQuestion(ctx: LiveContext, seat: LiveSeat, questionId: number, answered: boolean) {
  requireModerator(seat);
  await questionOf(ctx, seat, questionId);
  await setAnswered(ctx.db, questionId, answered);
  const row = await questionOf(ctx, seat, questionId);
  broadcastQuestion(ctx, seat, row);
  return { data: presentQuestion(fileUrls(ctx.secret), row) };
}

export async function deleteLectureQuestion(ctx: LiveContext, seat: LiveSeat, questionId: number) {
  const row = await questionOf(ctx, seat, questionId);
  if (!mayDeleteQuestion(seat, row.question.userId)) throw new AppError(403, ErrorCode.forbidden, 'Only its author or a moderator of the lecture can remove this question.');
  await deleteQuestionRow(ctx.db, questionId);
  const payload: LectureQuestionDeletedPayload = { event_id: seat.eventId, lecture_id: seat.lectureId, id: questionId };
  ctx.realtime.emitTo([eventRoom(seat.eventId)], LECTURE_QUESTION_DELETED, payload);
  return { data: { id: questionId, deleted: true } };
}

// Polls ----------------------------------------------------------------------------------------

async function pollOf(ctx: LiveContext, seat: LiveSeat, pollId: number, readerId = seat.userId) {
  const [poll] = await loadPolls(ctx.db, seat.lectureId, readerId, pollId);
  if (!poll) throw new AppError(404, ErrorCode.pollNotFound, 'This poll was not found.');
  return poll;
}

/** The counts every viewer sees alike (my_option_id null), then the reader's own answer. */
async function broadcastPoll(ctx: LiveContext, seat: LiveSeat, pollId: number) {
  const poll = await pollOf(ctx, seat, pollId);
  ctx.realtime.emitTo([eventRoom(seat.eventId)], LECTURE_POLL, { ...presentPoll({ ...poll, myOptionId: null }), event_id: seat.eventId });
  return { data: presentPoll(poll) };
}

export async function listLecturePolls(ctx: LiveContext, seat: LiveSeat) {
  return { data: (await loadPolls(ctx.db, seat.lectureId, seat.userId)).map(presentPoll) };
}

export async function createLecturePoll(ctx: LiveContext, seat: LiveSeat, question: string, options: string[]) {
  requireModerator(seat);
  const id = await insertPoll(ctx.db, seat.lectureId, seat.userId, question, options);
  return broadcastPoll(ctx, seat, id);
}

export async function voteLecturePoll(ctx: LiveContext, seat: LiveSeat, pollId: number, optionId: number) {
  const outcome = await votePoll(ctx.db, seat.lectureId, pollId, optionId, seat.userId);
  if (outcome === 'not_found') throw new AppError(404, ErrorCode.pollNotFound, 'This poll was not found.');
  if (outcome === 'closed') throw new AppError(409, ErrorCode.pollClosed, 'This poll is closed.');
  if (outcome === 'already_voted') throw new AppError(409, ErrorCode.pollAlreadyVoted, 'You have already voted in this poll.');
  if (outcome === 'option_invalid') {
    const message = 'Choose one of the options of this poll.';
    throw new AppError(422, ErrorCode.pollOptionInvalid, message, { fields: [{ field: 'body.option_id', message, key: 'invalid', params: {} }] });
  }
  return broadcastPoll(ctx, seat, pollId);
}

export async function closeLecturePoll(ctx: LiveContext, seat: LiveSeat, pollId: number) {
  requireModerator(seat);
  if (!(await closePoll(ctx.db, seat.lectureId, pollId))) throw new AppError(404, ErrorCode.pollNotFound, 'This poll was not found.');
  return broadcastPoll(ctx, seat, pollId);
}
