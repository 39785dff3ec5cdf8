// Game polls: product.md section 6 (game_poll, jury-only answers); docs/decisions.md, Jury voting
// and game polls. A game's poll lives in one event; the game must be part of it (its company takes
// part, or it has an accepted showcase entry there), else 404 game.not_found.
import { ErrorCode, mayEditPoll, pollAnswerRefusal, pollAnswersVisible, type GamePoll, type GamePollQuestion, type GamePollQuestionInput } from '@lobby/contract';
import type { AccessSource, EventAccess } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { GameWithCompany } from '../games/repo.ts';
import { gameNotFound, requireGame } from '../games/service.ts';
import { inCompany } from '../showcase/repo.ts';
import { openEvent } from '../showcase/service.ts';
import { answerValue, gameInEvent, isGameCompanyAdmin, isProblem, pollViewer, questionFits, type PollReader } from './policy.ts';
import { presentQuestion } from './present.ts';
import { answersOfPerson, answerTallies, deleteQuestion, findQuestion, gameFacts, insertQuestion, questionsOf, removeAnswer, saveAnswer, textAnswers, type QuestionRow } from './repo.ts';

/** Free answers shown per text question. */
const TEXTS_SHOWN = 50;

const questionNotFound = () => new AppError(404, ErrorCode.gamePollNotFound, 'This poll question was not found.');

interface PollContext {
  access: EventAccess;
  game: GameWithCompany;
  reader: PollReader;
  userId: number;
}

/** The event (members, organisers, staff) and a game that is part of it. */
async function openPoll(db: Db, source: AccessSource, eventId: number, gameId: number): Promise<PollContext> {
  const access = await openEvent(db, source, eventId);
  const game = await requireGame(db, gameId);
  if (!gameInEvent(await gameFacts(db, eventId, gameId, game.company.id))) throw gameNotFound(gameId);
  const userId = access.userId ?? 0;
  const reader: PollReader = {
    isStaff: access.isStaff,
    isOrganizer: access.can('event.manage'),
    isModerator: access.can('chat.moderate'),
    isJury: access.can('voting.jury'),
    companyRoles: await inCompany(db, game.company.id, userId),
  };
  return { access, game, reader, userId };
}

async function requireQuestion(db: Db, eventId: number, gameId: number, questionId: number): Promise<QuestionRow> {
  const row = await findQuestion(db, eventId, gameId, questionId);
  if (!row) throw questionNotFound();
  return row;
}

const canAnswer = (poll: PollContext) => pollAnswerRefusal({ canVote: poll.access.can('voting.vote'), ownGame: poll.reader.companyRoles !== null });
const canEdit = (poll: PollContext) => mayEditPoll({ isCompanyAdmin: isGameCompanyAdmin(poll.reader), isOrganizer: poll.reader.isOrganizer });

/** Questions as this reader sees them: counts always, results only where pollAnswersVisible. */
async function describeQuestions(db: Db, poll: PollContext, rows: readonly QuestionRow[]): Promise<GamePollQuestion[]> {
  const ids = rows.map((row) => row.id);
  const viewer = pollViewer(poll.reader);
  const visible = (row: QuestionRow) => pollAnswersVisible(row.juryOnly, viewer);
  const [tallies, mine, texts] = await Promise.all([
    answerTallies(db, ids),
    answersOfPerson(db, poll.userId, ids),
    Promise.all(rows.map((row) => (row.kind === 'text' && visible(row) ? textAnswers(db, row.id, TEXTS_SHOWN) : Promise.resolve([])))),
  ]);
  return rows.map((row, index) => {
    const tally = tallies.get(row.id);
    return presentQuestion(row, { total: tally?.total ?? 0, choices: tally?.choices ?? new Map(), mine: mine.get(row.id), visible: visible(row), texts: texts[index] ?? [] });
  });
}

async function describeOne(db: Db, poll: PollContext, row: QuestionRow): Promise<GamePollQuestion> {
  const [question] = await describeQuestions(db, poll, [row]);
  if (!question) throw questionNotFound();
  return question;
}

export async function getPoll(db: Db, source: AccessSource, eventId: number, gameId: number): Promise<GamePoll> {
  const poll = await openPoll(db, source, eventId, gameId);
  const questions = await describeQuestions(db, poll, await questionsOf(db, eventId, gameId));
  return { questions, can_answer: canAnswer(poll) === null, can_edit: canEdit(poll) };
}

export async function addQuestion(db: Db, source: AccessSource, eventId: number, gameId: number, body: GamePollQuestionInput): Promise<GamePollQuestion> {
  const poll = await openPoll(db, source, eventId, gameId);
  if (!canEdit(poll)) throw new AppError(403, ErrorCode.gamePollForbidden, "Only the game's company admins and the organisers can change its poll.");
  const row = await insertQuestion(
    db,
    { eventId, gameId, authorId: poll.userId, text: body.text, kind: body.kind, options: body.kind === 'choice' ? (body.options ?? []) : [], juryOnly: body.jury_only ?? false },
    questionFits,
  );
  if (row === 'full') throw new AppError(409, ErrorCode.gamePollFull, "This game's poll already has the most questions it can have. Remove one first.");
  return describeOne(db, poll, row);
}

export async function removeQuestion(db: Db, source: AccessSource, eventId: number, gameId: number, questionId: number) {
  const poll = await openPoll(db, source, eventId, gameId);
  const row = await requireQuestion(db, eventId, gameId, questionId);
  if (!canEdit(poll)) throw new AppError(403, ErrorCode.gamePollForbidden, "Only the game's company admins and the organisers can change its poll.");
  await deleteQuestion(db, row.id);
  return { id: row.id, deleted: true };
}

/**
 * Answering (replaces one's earlier answer). Refusals (pollAnswerRefusal: no game_poll feature, the
 * game's own company) are 403 game_poll.answer_refused with the reason; an answer that does not fit
 * the question is 422. Showcase-to-deal hooks in after saveAnswer.
 */
export async function answer(db: Db, source: AccessSource, eventId: number, gameId: number, questionId: number, body: { choice?: number | undefined; text?: string | undefined }): Promise<GamePollQuestion> {
  const poll = await openPoll(db, source, eventId, gameId);
  const row = await requireQuestion(db, eventId, gameId, questionId);
  const reason = canAnswer(poll);
  if (reason !== null) throw new AppError(403, ErrorCode.gamePollAnswerRefused, 'Answer not saved.', { reason });
  const value = answerValue(row, body);
  if (isProblem(value)) throw new AppError(422, ErrorCode.validation, value.message, { fields: [value] });
  await saveAnswer(db, { questionId: row.id, userId: poll.userId, ...value });
  return describeOne(db, poll, row);
}

/** Taking back one's own answer needs no feature: whoever answered may withdraw it. */
export async function unanswer(db: Db, source: AccessSource, eventId: number, gameId: number, questionId: number): Promise<GamePollQuestion> {
  const poll = await openPoll(db, source, eventId, gameId);
  const row = await requireQuestion(db, eventId, gameId, questionId);
  await removeAnswer(db, row.id, poll.userId);
  return describeOne(db, poll, row);
}
