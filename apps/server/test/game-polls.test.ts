import type { GamePoll, GamePollQuestion } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyUsers, eventCompanies, gamePollAnswers, gamePollQuestions, games, showcaseRequests, showcases } from '../src/db/schema/index.ts';
import { addCompanyRole, addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
type Headers = Record<string, string>;
const VIEWERS = ['guest', 'outsider', 'member', 'voter', 'voter2', 'juror', 'devAdmin', 'devChat', 'moderator', 'organiser', 'otherOrganiser', 'staff'] as const;
type Viewer = (typeof VIEWERS)[number];
const h = {} as Record<Viewer, Headers>;
const ids = {} as Record<Viewer, number>;
let eventId: number;
let otherEventId: number;
/** A: company A's (taking part in the event); spare: another of company A's; B: a company outside the event, with an accepted entry; X: neither; Y: a game of another event. */
const game = { A: 0, spare: 0, B: 0, X: 0, Y: 0 };
let otherEventQuestion: number;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const poll = (gameId: number, path = '') => `/api/expo/${eventId}/games/${gameId}/poll${path}`;
const answerPath = (questionId: number, gameId = game.A) => poll(gameId, `/${questionId}/answer`);
const pollOf = async (viewer: Viewer, gameId = game.A) => {
  const res = await call('GET', poll(gameId), h[viewer]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: GamePoll }>().data;
};
const add = async (viewer: Viewer, body: Record<string, unknown>, gameId = game.A) => call('POST', poll(gameId), h[viewer], body);
const answersOf = (questionId: number) => t.database.db.select().from(gamePollAnswers).where(eq(gamePollAnswers.questionId, questionId));

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  eventId = (await createEvent(db)).id;
  otherEventId = (await createEvent(db)).id;
  const plain = await createTicketType(db, eventId, { code: 'plain' });
  const pollTicket = await createTicketType(db, eventId, { code: 'poll', features: ['game_poll'] });
  const juryTicket = await createTicketType(db, eventId, { code: 'jury', features: ['jury'] });
  const person = async (viewer: Viewer, setup: (id: number) => Promise<unknown>, flags: { isStaff?: boolean } = {}) => {
    const row = await createUser(db, { firstName: viewer, lastName: 'Person', ...flags });
    await setup(row.id);
    h[viewer] = await authHeader(db, t.config.secret, row.id);
    ids[viewer] = row.id;
  };
  h.guest = {};
  let companyA = 0;
  await person('outsider', async () => {});
  await person('member', (id) => addMembership(db, eventId, id, { ticketTypeId: plain.id }));
  await person('voter', (id) => addMembership(db, eventId, id, { ticketTypeId: pollTicket.id }));
  await person('voter2', (id) => addMembership(db, eventId, id, { ticketTypeId: pollTicket.id }));
  await person('juror', (id) => addMembership(db, eventId, id, { ticketTypeId: juryTicket.id }));
  await person('devAdmin', async (id) => {
    companyA = (await addCompanyRole(db, id, ['admin'])).id;
    await addMembership(db, eventId, id, { ticketTypeId: pollTicket.id });
  });
  // Company staff without the admin role: sees jury-only answers, does not edit the poll.
  await person('devChat', async (id) => {
    await db.insert(companyUsers).values({ companyId: companyA, userId: id, roles: ['chat'] });
    await addMembership(db, eventId, id, { ticketTypeId: plain.id });
  });
  await person('moderator', (id) => addMembership(db, eventId, id, { ticketTypeId: plain.id, roleIds: [2] }));
  await person('organiser', (id) => addMembership(db, eventId, id, { isOrganizer: true }));
  await person('otherOrganiser', (id) => addMembership(db, otherEventId, id, { isOrganizer: true }));
  await person('staff', async () => {}, { isStaff: true });
  await db.insert(eventCompanies).values({ eventId, companyId: companyA });
  const companyB = (await addCompanyRole(db, (await createUser(db)).id, ['admin'])).id;
  const companyX = (await addCompanyRole(db, (await createUser(db)).id, ['admin'])).id;
  const companyY = (await addCompanyRole(db, (await createUser(db)).id, ['admin'])).id;
  await db.insert(eventCompanies).values({ eventId: otherEventId, companyId: companyY });
  const newGame = async (companyId: number, name: string) => (await db.insert(games).values({ companyId, name, developer: 'Dev' }).returning())[0]?.id ?? 0;
  game.A = await newGame(companyA, 'Alpha');
  game.spare = await newGame(companyA, 'Spare');
  game.B = await newGame(companyB, 'Bravo');
  game.X = await newGame(companyX, 'Xray');
  game.Y = await newGame(companyY, 'Yankee');
  const [showcase] = await db.insert(showcases).values({ eventId, slug: 'indie', title: 'Indie' }).returning();
  await db.insert(showcaseRequests).values({ showcaseId: showcase?.id ?? 0, gameId: game.B, status: 'accepted' });
  // A pending entry does not bring a game into the event.
  await db.insert(showcaseRequests).values({ showcaseId: showcase?.id ?? 0, gameId: game.X, status: 'pending' });
  const [other] = await db.insert(gamePollQuestions).values({ eventId: otherEventId, gameId: game.Y, text: 'Elsewhere?', kind: 'choice', options: ['Yes', 'No'] }).returning();
  otherEventQuestion = other?.id ?? 0;
});
afterAll(() => t.close());

let choiceQ: GamePollQuestion;
let textQ: GamePollQuestion;
let juryQ: GamePollQuestion;
let juryChoiceQ: GamePollQuestion;

describe("a game's poll", () => {
  it("is read by the event's members, organisers and staff; the game must be part of the event", async () => {
    const expected: Record<Viewer, number> = { guest: 401, outsider: 403, member: 200, voter: 200, voter2: 200, juror: 200, devAdmin: 200, devChat: 200, moderator: 200, organiser: 200, otherOrganiser: 403, staff: 200 };
    const actual = {} as Record<Viewer, number>;
    for (const viewer of VIEWERS) actual[viewer] = (await call('GET', poll(game.A), h[viewer])).statusCode;
    expect(actual).toEqual(expected);
    expect(await pollOf('member')).toEqual({ questions: [], can_answer: false, can_edit: false });
    expect(await pollOf('voter')).toMatchObject({ can_answer: true, can_edit: false });
    expect(await pollOf('devAdmin')).toMatchObject({ can_answer: false, can_edit: true });
    expect(await pollOf('devChat')).toMatchObject({ can_answer: false, can_edit: false });
    expect(await pollOf('organiser')).toMatchObject({ can_answer: true, can_edit: true });
    expect(await pollOf('staff')).toMatchObject({ can_answer: true, can_edit: true });
    // A game with an accepted entry in the event's showcase has a poll too.
    expect((await pollOf('member', game.B)).questions).toEqual([]);
    for (const gameId of [game.X, game.Y, 999_999]) {
      const res = await call('GET', poll(gameId), h.organiser);
      expect(res.statusCode, `game ${gameId}`).toBe(404);
      expect(res.json().error.code).toBe('game.not_found');
    }
    expect((await call('GET', `/api/expo/${eventId}/games/abc/poll`, h.member)).statusCode).toBe(400);
    expect((await call('GET', `/api/expo/${eventId}/games/0/poll`, h.member)).statusCode).toBe(400);
  });
});

describe('questions', () => {
  it("the game's company admins, organisers and staff add questions; everyone else is refused", async () => {
    const body = { text: 'Would you buy it?', kind: 'choice', options: ['Yes', 'No', 'Maybe'] };
    for (const viewer of ['member', 'voter', 'juror', 'devChat', 'moderator'] as const) {
      const res = await add(viewer, body);
      expect(res.statusCode, viewer).toBe(403);
      expect(res.json().error.code).toBe('game_poll.forbidden');
    }
    expect((await add('outsider', body)).statusCode).toBe(403);
    expect((await add('otherOrganiser', body)).statusCode).toBe(403);
    expect((await add('guest', body)).statusCode).toBe(401);
    const created = await add('devAdmin', body);
    expect(created.statusCode, created.body).toBe(201);
    choiceQ = created.json<{ data: GamePollQuestion }>().data;
    expect(choiceQ).toMatchObject({ game_id: game.A, text: 'Would you buy it?', kind: 'choice', options: ['Yes', 'No', 'Maybe'], jury_only: false, position: 0, answers_count: 0, my_answer: null, results_visible: true, results: { counts: [0, 0, 0], texts: [] } });
    const text = await add('organiser', { text: 'What would you change?', kind: 'text', jury_only: true });
    expect(text.statusCode, text.body).toBe(201);
    textQ = text.json<{ data: GamePollQuestion }>().data;
    expect(textQ).toMatchObject({ kind: 'text', options: [], jury_only: true, position: 1 });
    const juryChoice = await add('staff', { text: 'Ready to ship?', kind: 'choice', options: ['Yes', 'No'], jury_only: true });
    expect(juryChoice.statusCode, juryChoice.body).toBe(201);
    juryChoiceQ = juryChoice.json<{ data: GamePollQuestion }>().data;
    juryQ = textQ;
    expect((await pollOf('member')).questions.map((q) => q.id)).toEqual([choiceQ.id, textQ.id, juryChoiceQ.id]);
  });

  it('bad questions are 400, never 500', async () => {
    const bad: unknown[] = [
      { text: 'One option', kind: 'choice', options: ['Only'] },
      { text: 'No options', kind: 'choice' },
      { text: 'Text with options', kind: 'text', options: ['A', 'B'] },
      { text: '', kind: 'text' },
      { text: '   ', kind: 'text' },
      { text: 'x'.repeat(301), kind: 'text' },
      { text: 'Kind', kind: 'scale' },
      { text: 'Too many', kind: 'choice', options: Array.from({ length: 11 }, (_, i) => `O${i}`) },
      { text: 'Empty option', kind: 'choice', options: ['A', ''] },
      { text: 'Jury', kind: 'text', jury_only: 'yes' },
      { text: 'Nul\u0000', kind: 'text' },
      {},
    ];
    for (const body of bad) {
      const res = await add('organiser', body as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
  });

  it('a poll holds at most 10 questions, also when they are added at once', async () => {
    const results = await Promise.all(Array.from({ length: 14 }, (_, i) => add('organiser', { text: `Q${i}`, kind: 'text' }, game.spare)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409, 409, 409]);
    expect(refused[0]?.json().error.code).toBe('game_poll.full');
    const stored = await t.database.db.select().from(gamePollQuestions).where(eq(gamePollQuestions.gameId, game.spare));
    expect(stored).toHaveLength(10);
    expect(new Set(stored.map((q) => q.position)).size).toBe(10);
  });

  it('removing: the same people; another game or event question is 404 game_poll.not_found', async () => {
    const spare = (await pollOf('organiser', game.spare)).questions;
    const [first, second] = spare;
    for (const viewer of ['member', 'voter', 'devChat', 'moderator', 'juror'] as const) {
      const res = await call('DELETE', poll(game.spare, `/${first?.id}`), h[viewer]);
      expect(res.statusCode, viewer).toBe(403);
      expect(res.json().error.code).toBe('game_poll.forbidden');
    }
    const removed = await call('DELETE', poll(game.spare, `/${first?.id}`), h.devAdmin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toEqual({ id: first?.id, deleted: true });
    expect((await call('DELETE', poll(game.spare, `/${first?.id}`), h.devAdmin)).statusCode).toBe(404);
    // A question of another game through this game's path, and another event's question.
    const wrongGame = await call('DELETE', poll(game.A, `/${second?.id}`), h.organiser);
    expect(wrongGame.statusCode).toBe(404);
    expect(wrongGame.json().error.code).toBe('game_poll.not_found');
    expect((await call('DELETE', poll(game.A, `/${otherEventQuestion}`), h.staff)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/expo/${otherEventId}/games/${game.Y}/poll/${otherEventQuestion}`, h.organiser)).statusCode).toBe(403);
    expect((await call('DELETE', poll(game.spare, `/${second?.id}`), h.staff)).statusCode).toBe(200);
    expect((await call('DELETE', poll(game.spare, '/abc'), h.staff)).statusCode).toBe(400);
    // Room again for one more.
    expect((await add('organiser', { text: 'Again', kind: 'text' }, game.spare)).statusCode).toBe(201);
  });
});

describe('answers', () => {
  it('a game_poll holder answers a choice and changes it; the count and results follow', async () => {
    const res = await call('PUT', answerPath(choiceQ.id), h.voter, { choice: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: GamePollQuestion }>().data).toMatchObject({ id: choiceQ.id, answers_count: 1, my_answer: { choice: 1, text: null }, results: { counts: [0, 1, 0] } });
    const moved = await call('PUT', answerPath(choiceQ.id), h.voter, { choice: 2 });
    expect(moved.json<{ data: GamePollQuestion }>().data).toMatchObject({ answers_count: 1, my_answer: { choice: 2 }, results: { counts: [0, 0, 1] } });
    await call('PUT', answerPath(choiceQ.id), h.voter2, { choice: 2 });
    const seen = (await pollOf('member')).questions.find((q) => q.id === choiceQ.id);
    expect(seen).toMatchObject({ answers_count: 2, my_answer: null, results_visible: true, results: { counts: [0, 0, 2] } });
  });

  it('refusals carry the reason: no game_poll feature, the game is their own company', async () => {
    const reasonOf = async (viewer: Viewer) => {
      const res = await call('PUT', answerPath(choiceQ.id), h[viewer], { choice: 0 });
      expect(res.statusCode, viewer).toBe(403);
      expect(res.json().error.code).toBe('game_poll.answer_refused');
      return res.json().error.details.reason as string;
    };
    expect(await reasonOf('member')).toBe('not_allowed');
    expect(await reasonOf('juror')).toBe('not_allowed');
    expect(await reasonOf('moderator')).toBe('not_allowed');
    expect(await reasonOf('devAdmin')).toBe('own_game');
    expect(await reasonOf('devChat')).toBe('not_allowed');
    expect((await call('PUT', answerPath(choiceQ.id), h.outsider, { choice: 0 })).statusCode).toBe(403);
    expect((await call('PUT', answerPath(choiceQ.id), h.guest, { choice: 0 })).statusCode).toBe(401);
    expect((await answersOf(choiceQ.id)).map((a) => a.userId).sort()).toEqual([ids.voter, ids.voter2].sort());
  });

  it('an answer that does not fit the question is 422 with the field; bad input 400', async () => {
    const outOfRange = await call('PUT', answerPath(choiceQ.id), h.voter, { choice: 3 });
    expect(outOfRange.statusCode).toBe(422);
    expect(outOfRange.json().error).toMatchObject({ code: 'validation.failed', details: { fields: [{ field: 'body.choice' }] } });
    const textForChoice = await call('PUT', answerPath(choiceQ.id), h.voter, { text: 'Yes please' });
    expect(textForChoice.statusCode).toBe(422);
    expect(textForChoice.json().error.details.fields[0].field).toBe('body.choice');
    const choiceForText = await call('PUT', answerPath(textQ.id), h.voter, { choice: 0 });
    expect(choiceForText.statusCode).toBe(422);
    expect(choiceForText.json().error.details.fields[0].field).toBe('body.text');
    expect((await call('PUT', answerPath(textQ.id), h.voter, {})).statusCode).toBe(422);
    const bad: unknown[] = [{ choice: -1 }, { choice: 10 }, { choice: 1.5 }, { choice: '1' }, { text: '' }, { text: '   ' }, { text: 'x'.repeat(1001) }, { text: 5 }];
    for (const body of bad) {
      const res = await call('PUT', answerPath(choiceQ.id), h.voter, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    // The stored answer is unchanged.
    expect((await answersOf(choiceQ.id)).find((a) => a.userId === ids.voter)?.choice).toBe(2);
  });

  it("another game's or event's question is 404 through this game", async () => {
    const spareQ = (await pollOf('organiser', game.spare)).questions[0]?.id ?? 0;
    for (const questionId of [spareQ, otherEventQuestion, 999_999]) {
      const res = await call('PUT', answerPath(questionId), h.voter, { text: 'Hi' });
      expect(res.statusCode, `question ${questionId}`).toBe(404);
      expect(res.json().error.code).toBe('game_poll.not_found');
      expect((await call('DELETE', answerPath(questionId), h.voter)).statusCode).toBe(404);
    }
    expect((await call('PUT', answerPath(choiceQ.id, game.X), h.voter, { choice: 0 })).statusCode).toBe(404);
    expect((await call('PUT', answerPath(choiceQ.id, game.B), h.voter, { choice: 0 })).statusCode).toBe(404);
  });

  it('50 parallel answers by one person store one', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => call('PUT', answerPath(juryChoiceQ.id), h.voter2, { choice: i % 2 })));
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    const rows = await answersOf(juryChoiceQ.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).toBe(ids.voter2);
  });

  it('taking an answer back', async () => {
    await call('PUT', answerPath(choiceQ.id), h.organiser, { choice: 0 });
    const res = await call('DELETE', answerPath(choiceQ.id), h.organiser);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: GamePollQuestion }>().data).toMatchObject({ my_answer: null, answers_count: 2, results: { counts: [0, 0, 2] } });
    // Nothing to take back is fine, with or without the feature.
    expect((await call('DELETE', answerPath(choiceQ.id), h.member)).statusCode).toBe(200);
    expect((await call('DELETE', answerPath(choiceQ.id), h.outsider)).statusCode).toBe(403);
  });
});

describe('jury-only answers', () => {
  beforeAll(async () => {
    const res = await call('PUT', answerPath(juryQ.id), h.voter, { text: '  More levels  ' });
    expect(res.statusCode, res.body).toBe(200);
  });

  const seen = async (viewer: Viewer) => {
    const questions = (await pollOf(viewer)).questions;
    return { text: questions.find((q) => q.id === juryQ.id), choice: questions.find((q) => q.id === juryChoiceQ.id), open: questions.find((q) => q.id === choiceQ.id) };
  };

  it('are hidden from a plain attendee (and from other game_poll holders), who still see the open question', async () => {
    for (const viewer of ['member', 'voter2'] as const) {
      const { text, choice, open } = await seen(viewer);
      expect(text, viewer).toMatchObject({ jury_only: true, results_visible: false, results: null, answers_count: 1 });
      expect(choice, viewer).toMatchObject({ results_visible: false, results: null });
      expect(open, viewer).toMatchObject({ results_visible: true });
    }
    expect((await seen('voter2')).choice?.my_answer).not.toBeNull();
  });

  it('the answerer sees their own answer, not the others', async () => {
    const { text, choice } = await seen('voter');
    expect(text).toMatchObject({ my_answer: { text: 'More levels', choice: null }, results_visible: false, results: null });
    expect(choice).toMatchObject({ my_answer: null, results: null });
  });

  it.each(['juror', 'devChat', 'devAdmin', 'moderator', 'organiser', 'staff'] as const)('are shown to %s', async (viewer) => {
    const { text, choice } = await seen(viewer);
    expect(text).toMatchObject({ results_visible: true, results: { counts: [], texts: [{ user_id: ids.voter, name: 'voter Person', text: 'More levels' }] } });
    expect(choice?.results?.counts.reduce((a, b) => a + b, 0)).toBe(1);
  });
});
