import type { JuryFinalist, JuryResult, JuryRound } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyUsers, games, juryComments, juryScores, showcaseCategories, showcaseRequests, showcases, showcaseVotes } from '../src/db/schema/index.ts';
import { addCompanyRole, addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
type Headers = Record<string, string>;
const VIEWERS = ['guest', 'outsider', 'member', 'general', 'juror', 'juror2', 'jurorDev', 'moderator', 'devAdmin', 'organiser', 'otherOrganiser', 'staff'] as const;
type Viewer = (typeof VIEWERS)[number];
const h = {} as Record<Viewer, Headers>;
const ids = {} as Record<Viewer, number>;
let eventId: number;
let otherEventId: number;
let showcaseId: number;
let otherShowcaseId: number;
/** Entries: A (two categories' top), B and C (one each), D (no votes: not a finalist), P (pending), O (another event's). */
const entry = { A: 0, B: 0, C: 0, D: 0, P: 0, O: 0 };
let gameA: number;

const DAY = 24 * 3600_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const expo = (path: string) => `/api/expo/${eventId}${path}`;
const juryAdmin = (id = showcaseId, event = eventId) => `/api/admin/v1/events/${event}/showcases/${id}/jury`;
const scoresPath = (requestId: number, slug = 'indie') => expo(`/voting/${slug}/finalists/${requestId}/scores`);

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  eventId = (await createEvent(db)).id;
  otherEventId = (await createEvent(db)).id;
  const plain = await createTicketType(db, eventId, { code: 'plain' });
  const general = await createTicketType(db, eventId, { code: 'general', kind: 'general' });
  const jury = await createTicketType(db, eventId, { code: 'jury', features: ['jury'] });
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
  await person('general', (id) => addMembership(db, eventId, id, { ticketTypeId: general.id }));
  await person('juror', (id) => addMembership(db, eventId, id, { ticketTypeId: jury.id }));
  await person('juror2', (id) => addMembership(db, eventId, id, { ticketTypeId: jury.id }));
  await person('devAdmin', async (id) => {
    companyA = (await addCompanyRole(db, id, ['admin'])).id;
    await addMembership(db, eventId, id, { ticketTypeId: plain.id });
  });
  // A juror who works at the company of game A (chat role only): A is their own game.
  await person('jurorDev', async (id) => {
    await db.insert(companyUsers).values({ companyId: companyA, userId: id, roles: ['chat'] });
    await addMembership(db, eventId, id, { ticketTypeId: jury.id });
  });
  await person('moderator', (id) => addMembership(db, eventId, id, { ticketTypeId: plain.id, roleIds: [2] }));
  await person('organiser', (id) => addMembership(db, eventId, id, { isOrganizer: true }));
  await person('otherOrganiser', (id) => addMembership(db, otherEventId, id, { isOrganizer: true }));
  await person('staff', async () => {}, { isStaff: true });
  const companyB = (await addCompanyRole(db, (await createUser(db)).id, ['admin'])).id;
  const game = async (companyId: number, name: string) => (await db.insert(games).values({ companyId, name, developer: 'Dev', description: `About ${name}` }).returning())[0]?.id ?? 0;
  gameA = await game(companyA, 'Alpha');
  const [gameB, gameC, gameD, gameP, gameO] = [await game(companyB, 'Bravo'), await game(companyB, 'Charlie'), await game(companyB, 'Delta'), await game(companyB, 'Pending'), await game(companyB, 'Other')];
  const open = async (event: number, slug: string) => {
    const [row] = await db.insert(showcases).values({ eventId: event, slug, title: `Showcase ${slug}`, minVotes: 1, topCount: 2 }).returning();
    const cats = await db
      .insert(showcaseCategories)
      .values([
        { showcaseId: row?.id ?? 0, name: 'Best game', position: 0 },
        { showcaseId: row?.id ?? 0, name: 'Best art', position: 1 },
      ])
      .returning();
    return { id: row?.id ?? 0, cats: cats.map((c) => c.id) };
  };
  const mine = await open(eventId, 'indie');
  const other = await open(otherEventId, 'elsewhere');
  showcaseId = mine.id;
  otherShowcaseId = other.id;
  let minute = 0;
  const submit = async (sId: number, gameId: number, status: 'accepted' | 'pending' = 'accepted') =>
    (await db.insert(showcaseRequests).values({ showcaseId: sId, gameId, status, createdAt: new Date(Date.now() - DAY + (minute += 1) * 60_000) }).returning())[0]?.id ?? 0;
  entry.A = await submit(mine.id, gameA);
  entry.B = await submit(mine.id, gameB);
  entry.C = await submit(mine.id, gameC);
  entry.D = await submit(mine.id, gameD);
  entry.P = await submit(mine.id, gameP, 'pending');
  entry.O = await submit(other.id, gameO);
  const [best = 0, art = 0] = mine.cats;
  const voters = await Promise.all([1, 2].map(async () => (await createUser(db)).id));
  const [v1 = 0, v2 = 0] = voters;
  // Best game: A 2, B 1; Best art: A 1, C 1 (A submitted first); D none.
  await db.insert(showcaseVotes).values([
    { showcaseId: mine.id, categoryId: best, userId: v1, requestId: entry.A },
    { showcaseId: mine.id, categoryId: best, userId: v2, requestId: entry.A },
    { showcaseId: mine.id, categoryId: best, userId: ids.member, requestId: entry.B },
    { showcaseId: mine.id, categoryId: art, userId: v1, requestId: entry.A },
    { showcaseId: mine.id, categoryId: art, userId: v2, requestId: entry.C },
  ]);
  const [otherBest = 0] = other.cats;
  await db.insert(showcaseVotes).values({ showcaseId: other.id, categoryId: otherBest, userId: v1, requestId: entry.O });
});
afterAll(() => t.close());

interface Settings {
  criteria: { id: number; name: string; description: string; max_score: number }[];
  jury_starts_at: string | null;
  jury_ends_at: string | null;
  results_published: boolean;
  jurors: number;
}
let settings: Settings;
const criterion = (index: number) => settings.criteria[index]?.id ?? 0;
const juryBody = (over: Record<string, unknown> = {}) => ({
  criteria: settings.criteria.map((c) => ({ id: c.id, name: c.name, description: c.description, max_score: c.max_score })),
  jury_starts_at: iso(-DAY),
  jury_ends_at: iso(DAY),
  results_published: false,
  ...over,
});
const setJury = async (over: Record<string, unknown> = {}) => {
  const res = await call('PUT', juryAdmin(), h.organiser, juryBody(over));
  expect(res.statusCode, res.body).toBe(200);
  settings = res.json<{ data: Settings }>().data;
  return settings;
};
const refusal = async (viewer: Viewer, requestId: number, scores = [{ criterion_id: criterion(0), score: 5 }]) => {
  const res = await call('PUT', scoresPath(requestId), h[viewer], { scores });
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().error.code).toBe('jury.score_refused');
  return res.json().error.details.reason as string;
};
const storedScores = (userId: number, requestId: number) => t.database.db.select().from(juryScores).where(and(eq(juryScores.userId, userId), eq(juryScores.requestId, requestId)));

describe('before the organisers set criteria', () => {
  it('a showcase without criteria has no round', async () => {
    const list = await call('GET', expo('/voting'), h.juror);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([]);
    const round = await call('GET', expo('/voting/indie'), h.juror);
    expect(round.statusCode).toBe(404);
    expect(round.json().error.code).toBe('showcase.not_found');
  });
});

describe('the back office', () => {
  it('organisers and staff read the jury settings with the number of jury ticket holders; everyone else is refused', async () => {
    const expected: Record<Viewer, number> = { guest: 401, outsider: 403, member: 403, general: 403, juror: 403, juror2: 403, jurorDev: 403, moderator: 403, devAdmin: 403, organiser: 200, otherOrganiser: 403, staff: 200 };
    const actual = {} as Record<Viewer, number>;
    for (const viewer of VIEWERS) actual[viewer] = (await call('GET', juryAdmin(), h[viewer])).statusCode;
    expect(actual).toEqual(expected);
    const res = await call('GET', juryAdmin(), h.organiser);
    expect(res.json().data).toEqual({ criteria: [], jury_starts_at: null, jury_ends_at: null, results_published: false, jurors: 3 });
  });

  it('sets criteria and the window; only organisers and staff', async () => {
    const body = { criteria: [{ name: 'Gameplay', description: 'Is it fun?', max_score: 10 }, { name: 'Art', max_score: 5 }], jury_starts_at: iso(-DAY), jury_ends_at: iso(DAY), results_published: false };
    for (const viewer of ['member', 'juror', 'moderator', 'otherOrganiser'] as const) expect((await call('PUT', juryAdmin(), h[viewer], body)).statusCode).toBe(403);
    expect((await call('PUT', juryAdmin(), h.guest, body)).statusCode).toBe(401);
    const res = await call('PUT', juryAdmin(), h.organiser, body);
    expect(res.statusCode, res.body).toBe(200);
    settings = res.json<{ data: Settings }>().data;
    expect(settings.criteria.map((c) => [c.name, c.description, c.max_score])).toEqual([
      ['Gameplay', 'Is it fun?', 10],
      ['Art', '', 5],
    ]);
    expect(settings.jurors).toBe(3);
    // Staff may change it too; renaming and reordering keeps the ids.
    const again = await call('PUT', juryAdmin(), h.staff, juryBody({ criteria: [...settings.criteria].reverse().map((c) => ({ id: c.id, name: `${c.name}!`, max_score: c.max_score })) }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: Settings }>().data.criteria.map((c) => [c.id, c.name])).toEqual([
      [criterion(1), 'Art!'],
      [criterion(0), 'Gameplay!'],
    ]);
    await setJury({ criteria: body.criteria.map((c, index) => ({ ...c, id: index === 0 ? criterion(0) : criterion(1) })) });
    expect(settings.criteria.map((c) => c.name)).toEqual(['Gameplay', 'Art']);
  });

  it('a window that ends before it starts is 422 showcase.invalid; bad input 400; unknown criterion ids 422', async () => {
    const backwards = await call('PUT', juryAdmin(), h.organiser, juryBody({ jury_starts_at: iso(DAY), jury_ends_at: iso(-DAY) }));
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().error.code).toBe('showcase.invalid');
    expect(backwards.json().error.details.fields[0].field).toBe('body.jury_ends_at');
    const bad = [
      juryBody({ criteria: [{ name: 'X', max_score: 1 }] }),
      juryBody({ criteria: [{ name: '', max_score: 10 }] }),
      juryBody({ criteria: [{ name: 'X', max_score: 101 }] }),
      juryBody({ criteria: Array.from({ length: 11 }, (_, i) => ({ name: `C${i}`, max_score: 10 })) }),
      juryBody({ jury_starts_at: 'tomorrow' }),
      juryBody({ jury_starts_at: '0000-01-01T00:00:00Z' }),
      juryBody({ results_published: 'yes' }),
      { criteria: 'none' },
    ];
    for (const body of bad) {
      const res = await call('PUT', juryAdmin(), h.organiser, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const foreign = await call('PUT', juryAdmin(), h.organiser, juryBody({ criteria: [{ id: 999_999, name: 'X', max_score: 10 }] }));
    expect(foreign.statusCode).toBe(422);
    const twice = await call('PUT', juryAdmin(), h.organiser, juryBody({ criteria: [{ id: criterion(0), name: 'X', max_score: 10 }, { id: criterion(0), name: 'Y', max_score: 10 }] }));
    expect(twice.statusCode).toBe(422);
    expect((await call('GET', juryAdmin(), h.organiser)).json<{ data: Settings }>().data.criteria).toEqual(settings.criteria);
  });

  it("another event's showcase is 404 through this event; the other organiser is 403 here", async () => {
    expect((await call('GET', juryAdmin(otherShowcaseId), h.organiser)).statusCode).toBe(404);
    expect((await call('PUT', juryAdmin(otherShowcaseId), h.organiser, juryBody())).statusCode).toBe(404);
    expect((await call('GET', juryAdmin(999_999), h.organiser)).statusCode).toBe(404);
    expect((await call('GET', juryAdmin(showcaseId), h.otherOrganiser)).statusCode).toBe(403);
    expect((await call('GET', juryAdmin(otherShowcaseId, otherEventId), h.otherOrganiser)).statusCode).toBe(200);
    expect((await call('GET', juryAdmin(showcaseId, otherEventId), h.otherOrganiser)).statusCode).toBe(404);
  });
});

describe('rounds and finalists', () => {
  it('the event sees its rounds; the jury flag and the results flag follow the reader', async () => {
    const expected: Record<Viewer, number> = { guest: 401, outsider: 403, member: 200, general: 200, juror: 200, juror2: 200, jurorDev: 200, moderator: 200, devAdmin: 200, organiser: 200, otherOrganiser: 403, staff: 200 };
    const actual = {} as Record<Viewer, number>;
    for (const viewer of VIEWERS) actual[viewer] = (await call('GET', expo('/voting'), h[viewer])).statusCode;
    expect(actual).toEqual(expected);
    const roundAs = async (viewer: Viewer) => (await call('GET', expo('/voting'), h[viewer])).json<{ data: JuryRound[] }>().data;
    const [round] = await roundAs('juror');
    expect(round).toMatchObject({ showcase_id: showcaseId, slug: 'indie', phase: 'open', results_published: false, finalists: 3, scored: 0, is_jury: true, can_see_results: false });
    expect(round?.criteria.map((c) => c.name)).toEqual(['Gameplay', 'Art']);
    expect((await roundAs('member'))[0]).toMatchObject({ is_jury: false, can_see_results: false });
    expect((await roundAs('moderator'))[0]).toMatchObject({ is_jury: false, can_see_results: false });
    expect((await roundAs('organiser'))[0]).toMatchObject({ is_jury: true, can_see_results: true });
    expect((await roundAs('staff'))[0]).toMatchObject({ is_jury: true, can_see_results: true });
  });

  it('finalists are the top page: each entry once, category order then rank, with its categories', async () => {
    const res = await call('GET', expo('/voting/indie'), h.juror);
    expect(res.statusCode, res.body).toBe(200);
    const finalists = res.json<{ meta: { finalists: JuryFinalist[] } }>().meta.finalists;
    expect(finalists.map((f) => f.request_id)).toEqual([entry.A, entry.B, entry.C]);
    expect(finalists[0]?.categories.map((c) => [c.name, c.rank, c.votes])).toEqual([
      ['Best game', 1, 2],
      ['Best art', 1, 1],
    ]);
    expect(finalists[0]).toMatchObject({ my_scores: [], my_comment: null, complete: false });
    expect(finalists[0]?.game.name).toBe('Alpha');
    const top = await call('GET', expo('/showcases/indie/top'), h.juror);
    const topIds = [...new Set(top.json<{ data: { entries: { entry: { id: number } }[] }[] }>().data.flatMap((c) => c.entries.map((e) => e.entry.id)))];
    expect(topIds).toEqual([entry.A, entry.B, entry.C]);
  });

  it('a finalist opens with the whole game; an entry that is no finalist, pending or of another event is 404', async () => {
    const res = await call('GET', expo(`/voting/indie/finalists/${entry.A}`), h.juror);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.game).toMatchObject({ id: gameA, name: 'Alpha', description: 'About Alpha' });
    for (const id of [entry.D, entry.P, entry.O, 999_999]) {
      const miss = await call('GET', expo(`/voting/indie/finalists/${id}`), h.organiser);
      expect(miss.statusCode, `entry ${id}`).toBe(404);
    }
    expect((await call('GET', expo('/voting/elsewhere'), h.organiser)).statusCode).toBe(404);
    expect((await call('GET', `/api/expo/${otherEventId}/voting/elsewhere/finalists/${entry.A}`, h.otherOrganiser)).statusCode).toBe(404);
    expect((await call('GET', expo(`/voting/indie/finalists/${entry.A}`), h.outsider)).statusCode).toBe(403);
    expect((await call('GET', expo(`/voting/indie/finalists/${entry.A}`), h.guest)).statusCode).toBe(401);
    expect((await call('GET', expo('/voting/Bad Slug'), h.juror)).statusCode).toBe(400);
    expect((await call('GET', expo('/voting/indie/finalists/abc'), h.juror)).statusCode).toBe(400);
  });
});

describe('scoring', () => {
  it('a juror scores a finalist on every criterion with a comment; scoring again replaces', async () => {
    const res = await call('PUT', scoresPath(entry.A), h.juror, { scores: [{ criterion_id: criterion(0), score: 8 }, { criterion_id: criterion(1), score: 4 }], comment: '  Tight controls  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: JuryFinalist }>().data).toMatchObject({
      request_id: entry.A,
      my_scores: [
        { criterion_id: criterion(0), score: 8 },
        { criterion_id: criterion(1), score: 4 },
      ],
      my_comment: 'Tight controls',
      complete: true,
    });
    const again = await call('PUT', scoresPath(entry.A), h.juror, { scores: [{ criterion_id: criterion(0), score: 9 }] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: JuryFinalist }>().data).toMatchObject({ my_comment: 'Tight controls', complete: true });
    expect((await storedScores(ids.juror, entry.A)).map((s) => [s.criterionId, s.score]).sort()).toEqual(
      [
        [criterion(0), 9],
        [criterion(1), 4],
      ].sort(),
    );
    const [round] = (await call('GET', expo('/voting'), h.juror)).json<{ data: JuryRound[] }>().data;
    expect(round?.scored).toBe(1);
    // A partial score of another finalist does not complete it.
    const partial = await call('PUT', scoresPath(entry.C), h.juror, { scores: [{ criterion_id: criterion(1), score: 2 }], comment: 'Unfinished' });
    expect(partial.json().data.complete).toBe(false);
    const cleared = await call('PUT', scoresPath(entry.C), h.juror, { scores: [{ criterion_id: criterion(1), score: 2 }], comment: null });
    expect(cleared.json().data.my_comment).toBeNull();
  });

  it('refusals carry the reason: not jury, own game, not a finalist, the window', async () => {
    for (const viewer of ['member', 'general', 'moderator', 'devAdmin'] as const) expect(await refusal(viewer, entry.A)).toBe('not_jury');
    expect(await refusal('jurorDev', entry.A)).toBe('own_game');
    expect(await refusal('juror', entry.D)).toBe('not_finalist');
    await setJury({ jury_starts_at: iso(DAY), jury_ends_at: null });
    expect(await refusal('juror', entry.B)).toBe('not_open');
    expect((await call('GET', expo('/voting'), h.juror)).json().data[0].phase).toBe('not_open');
    await setJury({ jury_starts_at: iso(-2 * DAY), jury_ends_at: iso(-DAY) });
    expect(await refusal('juror', entry.B)).toBe('closed');
    await setJury();
    expect(await storedScores(ids.member, entry.A)).toEqual([]);
    expect(await storedScores(ids.jurorDev, entry.A)).toEqual([]);
    // Organisers and staff hold voting.jury too.
    expect((await call('PUT', scoresPath(entry.B), h.staff, { scores: [{ criterion_id: criterion(0), score: 1 }] })).statusCode).toBe(200);
    expect((await call('PUT', scoresPath(entry.B), h.outsider, { scores: [{ criterion_id: criterion(0), score: 1 }] })).statusCode).toBe(403);
    expect((await call('PUT', scoresPath(entry.B), h.guest, { scores: [{ criterion_id: criterion(0), score: 1 }] })).statusCode).toBe(401);
  });

  it('a score above the maximum or a criterion not of the round is 422; bad input 400, never 500', async () => {
    const above = await call('PUT', scoresPath(entry.B), h.juror, { scores: [{ criterion_id: criterion(0), score: 5 }, { criterion_id: criterion(1), score: 6 }] });
    expect(above.statusCode).toBe(422);
    expect(above.json().error.code).toBe('validation.failed');
    expect(above.json().error.details.fields[0]).toMatchObject({ field: 'body.scores.1.score', key: 'max_value', params: { max: 5 } });
    const foreign = await call('PUT', scoresPath(entry.B), h.juror, { scores: [{ criterion_id: 999_999, score: 5 }] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.details.fields[0].field).toBe('body.scores.0.criterion_id');
    const twice = await call('PUT', scoresPath(entry.B), h.juror, { scores: [{ criterion_id: criterion(0), score: 5 }, { criterion_id: criterion(0), score: 6 }] });
    expect(twice.statusCode).toBe(422);
    expect(await storedScores(ids.juror, entry.B)).toEqual([]);
    const bad: unknown[] = [
      { scores: [] },
      { scores: [{ criterion_id: criterion(0), score: 0 }] },
      { scores: [{ criterion_id: criterion(0), score: 1.5 }] },
      { scores: [{ criterion_id: criterion(0), score: '5' }] },
      { scores: [{ criterion_id: 'x', score: 5 }] },
      { scores: [{ criterion_id: criterion(0), score: 101 }] },
      { scores: [{ criterion_id: criterion(0), score: 5 }], comment: 'x'.repeat(2001) },
      { scores: 'all' },
      {},
    ];
    for (const body of bad) {
      const res = await call('PUT', scoresPath(entry.B), h.juror, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await call('PUT', expo(`/voting/indie/finalists/${entry.O}/scores`), h.juror, { scores: [{ criterion_id: criterion(0), score: 5 }] })).statusCode).toBe(404);
    expect((await call('PUT', expo(`/voting/indie/finalists/${entry.P}/scores`), h.juror, { scores: [{ criterion_id: criterion(0), score: 5 }] })).statusCode).toBe(404);
    expect((await call('PUT', expo(`/voting/nope/finalists/${entry.A}/scores`), h.juror, { scores: [{ criterion_id: criterion(0), score: 5 }] })).statusCode).toBe(404);
  });

  it('50 parallel scorings by one juror store one row per criterion', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('PUT', scoresPath(entry.B), h.juror2, {
          scores: [
            { criterion_id: criterion(1), score: 5 },
            { criterion_id: criterion(0), score: (i % 2) + 4 },
          ],
          comment: `take ${i}`,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    const rows = await storedScores(ids.juror2, entry.B);
    expect(rows.map((r) => r.criterionId).sort()).toEqual([criterion(0), criterion(1)].sort());
    const comments = await t.database.db.select().from(juryComments).where(and(eq(juryComments.userId, ids.juror2), eq(juryComments.requestId, entry.B)));
    expect(comments).toHaveLength(1);
    // Settle juror2's score of B for the results.
    expect((await call('PUT', scoresPath(entry.B), h.juror2, { scores: [{ criterion_id: criterion(0), score: 5 }] })).statusCode).toBe(200);
  });

  it('a scored criterion cannot be dropped (409); an unscored one can', async () => {
    const drop = await call('PUT', juryAdmin(), h.organiser, juryBody({ criteria: [settings.criteria[0]] }));
    expect(drop.statusCode).toBe(409);
    expect(drop.json().error).toMatchObject({ code: 'jury.criterion_has_scores', details: { criterion_ids: [criterion(1)] } });
    // Scores of 5 stand on criterion 0: its maximum may not go below them (totals would pass 100).
    const lowered = await call('PUT', juryAdmin(), h.organiser, juryBody({ criteria: juryBody().criteria.map((c, i) => (i === 0 ? { ...c, max_score: 4 } : c)) }));
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json().error).toMatchObject({ code: 'jury.criterion_has_scores', details: { criterion_ids: [criterion(0)] } });
    const added = await setJury({ criteria: [...juryBody().criteria, { name: 'Innovation', max_score: 10 }] });
    expect(added.criteria).toHaveLength(3);
    const [round] = (await call('GET', expo('/voting'), h.juror)).json<{ data: JuryRound[] }>().data;
    expect(round?.scored).toBe(0);
    await setJury({ criteria: juryBody().criteria.slice(0, 2) });
    expect(settings.criteria).toHaveLength(2);
  });
});

describe('results', () => {
  it('are hidden from everybody but organisers and staff until published', async () => {
    const expected: Record<Viewer, number> = { guest: 401, outsider: 403, member: 403, general: 403, juror: 403, juror2: 403, jurorDev: 403, moderator: 403, devAdmin: 403, organiser: 200, otherOrganiser: 403, staff: 200 };
    const actual = {} as Record<Viewer, number>;
    for (const viewer of VIEWERS) actual[viewer] = (await call('GET', expo('/voting/indie/results'), h[viewer])).statusCode;
    expect(actual).toEqual(expected);
    const hidden = await call('GET', expo('/voting/indie/results'), h.juror);
    expect(hidden.json().error.code).toBe('jury.results_hidden');
  });

  it('rank the finalists by total with means per criterion; organisers read the comments', async () => {
    const res = await call('GET', expo('/voting/indie/results'), h.organiser);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: JuryResult[]; meta: { jurors: number; published: boolean; criteria: { id: number }[] } }>();
    expect(body.meta).toMatchObject({ jurors: 3, published: false });
    expect(body.meta.criteria.map((c) => c.id)).toEqual([criterion(0), criterion(1)]);
    // A: juror 9/10 and 4/5 = 85. B: juror2 5/10 and 5/5, staff 1/10: gameplay mean 3, art 5 = 65. C: juror art 2/5 = 40.
    expect(body.data.map((r) => [r.request_id, r.total, r.rank, r.jurors])).toEqual([
      [entry.A, 85, 1, 1],
      [entry.B, 65, 2, 2],
      [entry.C, 40, 3, 1],
    ]);
    expect(body.data[1]?.criteria).toEqual([
      { criterion_id: criterion(0), mean: 3, count: 2 },
      { criterion_id: criterion(1), mean: 5, count: 1 },
    ]);
    expect(body.data[0]?.comments).toEqual([{ user_id: ids.juror, name: 'juror Person', text: 'Tight controls' }]);
    expect(body.data[1]?.comments.map((c) => c.user_id)).toEqual([ids.juror2]);
    expect((await call('GET', expo('/voting/indie/results'), h.staff)).json<{ data: JuryResult[] }>().data[0]?.comments).toHaveLength(1);
  });

  it('once published, the event reads them without comments', async () => {
    await setJury({ results_published: true });
    const expected: Record<Viewer, number> = { guest: 401, outsider: 403, member: 200, general: 200, juror: 200, juror2: 200, jurorDev: 200, moderator: 200, devAdmin: 200, organiser: 200, otherOrganiser: 403, staff: 200 };
    const actual = {} as Record<Viewer, number>;
    for (const viewer of VIEWERS) actual[viewer] = (await call('GET', expo('/voting/indie/results'), h[viewer])).statusCode;
    expect(actual).toEqual(expected);
    for (const viewer of ['member', 'juror', 'moderator'] as const) {
      const body = (await call('GET', expo('/voting/indie/results'), h[viewer])).json<{ data: JuryResult[]; meta: { published: boolean } }>();
      expect(body.meta.published).toBe(true);
      expect(body.data.map((r) => r.request_id)).toEqual([entry.A, entry.B, entry.C]);
      expect(body.data.every((r) => r.comments.length === 0)).toBe(true);
    }
    const [round] = (await call('GET', expo('/voting'), h.member)).json<{ data: JuryRound[] }>().data;
    expect(round).toMatchObject({ results_published: true, can_see_results: true });
    expect((await call('GET', `/api/expo/${eventId}/voting/elsewhere/results`, h.organiser)).statusCode).toBe(404);
  });
});
