import type { Showcase, ShowcaseEntry } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, showcaseVotes } from '../src/db/schema/index.ts';
import { addCompanyRole, addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
type Headers = Record<string, string>;
const VIEWERS = ['guest', 'outsider', 'member', 'general', 'voter', 'devAdmin', 'otherAdmin', 'organiser', 'otherOrganiser', 'staff'] as const;
type Viewer = (typeof VIEWERS)[number];
const h = {} as Record<Viewer, Headers>;
let eventId: number;
let otherEventId: number;
let pollTicket: number;
let gameA: number;
let gameB: number;
let gameC: number;
let otherRequestId: number;

const DAY = 24 * 3600_000;
const openWindow = () => ({ voting_starts_at: new Date(Date.now() - DAY).toISOString(), voting_ends_at: new Date(Date.now() + DAY).toISOString() });
const showcaseBody = (over: Record<string, unknown> = {}) => ({
  slug: 'indie',
  title: 'Indie showcase',
  description: 'The best indie games',
  categories: [{ name: 'Best game' }, { name: 'Best art' }],
  submissions_open: true,
  ...openWindow(),
  min_votes: 2,
  top_count: 1,
  ...over,
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const statusOf = async (viewer: Viewer, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => (await call(method, url, h[viewer], payload)).statusCode;
const admin = (path = '') => `/api/admin/v1/events/${eventId}/showcases${path}`;
const expo = (path: string) => `/api/expo/${eventId}${path}`;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const event = await createEvent(db);
  eventId = event.id;
  otherEventId = (await createEvent(db)).id;
  const plain = await createTicketType(db, eventId, { code: 'plain' });
  const general = await createTicketType(db, eventId, { code: 'general', kind: 'general' });
  pollTicket = (await createTicketType(db, eventId, { code: 'poll', features: ['game_poll'] })).id;
  const person = async (viewer: Viewer, setup: (id: number) => Promise<unknown>, flags: { isStaff?: boolean } = {}) => {
    const row = await createUser(db, flags);
    await setup(row.id);
    h[viewer] = await authHeader(db, t.config.secret, row.id);
    return row.id;
  };
  h.guest = {};
  await person('outsider', async () => {});
  await person('member', (id) => addMembership(db, eventId, id, { ticketTypeId: plain.id }));
  await person('general', (id) => addMembership(db, eventId, id, { ticketTypeId: general.id }));
  await person('voter', (id) => addMembership(db, eventId, id, { ticketTypeId: pollTicket }));
  let companyA = 0;
  let companyB = 0;
  await person('devAdmin', async (id) => {
    companyA = (await addCompanyRole(db, id, ['admin'])).id;
    await addMembership(db, eventId, id, { ticketTypeId: pollTicket });
  });
  await person('otherAdmin', async (id) => {
    companyB = (await addCompanyRole(db, id, ['admin'])).id;
    await addMembership(db, eventId, id, { ticketTypeId: pollTicket });
  });
  await person('organiser', (id) => addMembership(db, eventId, id, { isOrganizer: true }));
  await person('otherOrganiser', (id) => addMembership(db, otherEventId, id, { isOrganizer: true }));
  await person('staff', async () => {}, { isStaff: true });
  const game = async (companyId: number, name: string, values: Partial<typeof games.$inferInsert> = {}) => (await db.insert(games).values({ companyId, name, developer: 'Dev', ...values }).returning())[0]?.id ?? 0;
  gameA = await game(companyA, 'Alpha', { platforms: [1, 2], genre: 10, stage: 20 });
  gameB = await game(companyB, 'Bravo', { platforms: [3], genre: 11, stage: 21 });
  gameC = await game(companyB, 'Charlie', { platforms: [1], genre: 11, stage: 20 });
  // The other event's showcase and an accepted entry of it (IDOR attempts).
  const created = await call('POST', `/api/admin/v1/events/${otherEventId}/showcases`, h.otherOrganiser, showcaseBody({ slug: 'elsewhere' }));
  expect(created.statusCode, created.body).toBe(201);
  const submitted = await call('POST', `/api/expo/${otherEventId}/showcases/elsewhere/requests`, h.staff, { game_id: gameB });
  otherRequestId = submitted.json<{ data: { id: number } }>().data.id;
  await call('POST', `/api/admin/v1/events/${otherEventId}/showcase-requests/${otherRequestId}/decision`, h.otherOrganiser, { status: 'accepted' });
});
afterAll(() => t.close());

let showcase: Showcase;
let entryA: number;
let entryB: number;
let entryC: number;
const [best, art] = [() => showcase.categories[0]?.id ?? 0, () => showcase.categories[1]?.id ?? 0];
const votePath = (requestId: number, categoryId: number) => expo(`/showcase-requests/${requestId}/votes/${categoryId}`);
const voteAs = (viewer: Viewer, requestId: number, categoryId: number, method: 'PUT' | 'DELETE' = 'PUT') => call(method, votePath(requestId, categoryId), h[viewer]);
const reasonOf = async (viewer: Viewer, requestId: number, categoryId: number, method: 'PUT' | 'DELETE' = 'PUT') => {
  const res = await voteAs(viewer, requestId, categoryId, method);
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().error.code).toBe('vote.not_counted');
  return res.json().error.details.reason as string;
};
const votesOf = async (requestId: number, categoryId: number) => (await t.database.db.select().from(showcaseVotes).where(eq(showcaseVotes.requestId, requestId))).filter((v) => v.categoryId === categoryId).length;
const setShowcase = async (over: Record<string, unknown>) => {
  const res = await call('PUT', admin(`/${showcase.id}`), h.organiser, showcaseBody({ categories: showcase.categories.map((c) => ({ id: c.id, name: c.name })), ...over }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Showcase }>().data;
};

describe('the back office', () => {
  it('organisers of the event and staff open a showcase; everyone else is refused', async () => {
    const expected: Record<Viewer, number> = { guest: 401, outsider: 403, member: 403, general: 403, voter: 403, devAdmin: 403, otherAdmin: 403, organiser: 201, otherOrganiser: 403, staff: 201 };
    const actual = {} as Record<Viewer, number>;
    for (const viewer of VIEWERS) {
      const res = await call('POST', admin(), h[viewer], showcaseBody({ slug: `by-${viewer.toLowerCase()}` }));
      actual[viewer] = res.statusCode;
    }
    expect(actual).toEqual(expected);
    const res = await call('POST', admin(), h.organiser, showcaseBody());
    expect(res.statusCode, res.body).toBe(201);
    showcase = res.json<{ data: Showcase }>().data;
    expect(showcase).toMatchObject({ slug: 'indie', voting: 'open', min_votes: 2, top_count: 1, accepted: 0, submissions_open: true });
    expect(showcase.categories.map((c) => c.name)).toEqual(['Best game', 'Best art']);
  });

  it('a taken slug is 409, voting that ends before it starts 422, bad input 400', async () => {
    const taken = await call('POST', admin(), h.organiser, showcaseBody());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('showcase.slug_taken');
    const backwards = await call('POST', admin(), h.organiser, showcaseBody({ slug: 'backwards', voting_starts_at: '2030-01-02T00:00:00Z', voting_ends_at: '2030-01-01T00:00:00Z' }));
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().error.code).toBe('showcase.invalid');
    expect((await call('POST', admin(), h.organiser, showcaseBody({ slug: 'Bad Slug' }))).statusCode).toBe(400);
    expect((await call('POST', admin(), h.organiser, showcaseBody({ slug: 'none', categories: [] }))).statusCode).toBe(400);
    expect((await call('POST', admin(), h.organiser, showcaseBody({ slug: 'zero', voting_starts_at: '0000-01-01T00:00:00Z' }))).statusCode).toBe(400);
  });

  it("another event's showcase and entries are 404 through this event's path; the other organiser is 403 here", async () => {
    const others = await call('GET', `/api/admin/v1/events/${otherEventId}/showcases`, h.otherOrganiser);
    const otherId = others.json<{ data: Showcase[] }>().data[0]?.id ?? 0;
    expect((await call('PUT', admin(`/${otherId}`), h.organiser, showcaseBody({ slug: 'stolen' }))).statusCode).toBe(404);
    expect((await call('GET', admin(`/${otherId}/requests`), h.organiser)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/v1/events/${eventId}/showcase-requests/${otherRequestId}/decision`, h.organiser, { status: 'rejected' })).statusCode).toBe(404);
    expect((await call('GET', admin(), h.otherOrganiser)).statusCode).toBe(403);
    expect((await call('PUT', admin(`/${showcase.id}`), h.otherOrganiser, showcaseBody())).statusCode).toBe(403);
  });
});

describe('seeing the showcase', () => {
  it("the event's members (any ticket, the general one too), organisers and staff see it; guests 401, outsiders and other events' organisers 403", async () => {
    const expected: Record<Viewer, number> = { guest: 401, outsider: 403, member: 200, general: 200, voter: 200, devAdmin: 200, otherAdmin: 200, organiser: 200, otherOrganiser: 403, staff: 200 };
    for (const path of ['/showcases', '/showcases/indie', '/showcases/indie/requests', '/showcases/indie/top']) {
      const actual = {} as Record<Viewer, number>;
      for (const viewer of VIEWERS) actual[viewer] = await statusOf(viewer, 'GET', expo(path));
      expect(actual, path).toEqual(expected);
    }
    expect((await call('GET', expo('/showcases/elsewhere'), h.member)).statusCode).toBe(404);
    expect((await call('GET', `/api/expo/999999/showcases`, h.staff)).statusCode).toBe(404);
  });

  it('can_vote follows the game_poll feature (voting.vote)', async () => {
    const canVote = async (viewer: Viewer) => (await call('GET', expo('/showcases'), h[viewer])).json<{ data: Showcase[] }>().data.find((s) => s.slug === 'indie')?.can_vote;
    expect(await canVote('voter')).toBe(true);
    expect(await canVote('member')).toBe(false);
    expect(await canVote('general')).toBe(false);
    expect(await canVote('organiser')).toBe(true);
  });
});

describe('submitting games', () => {
  it("the game's company admin submits it (pending); twice is 409; someone else's game 403 game.forbidden", async () => {
    const submit = (viewer: Viewer, gameId: number, slug = 'indie') => call('POST', expo(`/showcases/${slug}/requests`), h[viewer], { game_id: gameId });
    const res = await submit('devAdmin', gameA);
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json<{ data: ShowcaseEntry }>().data;
    expect(entry).toMatchObject({ status: 'pending', showcase_slug: 'indie', game: { id: gameA, name: 'Alpha' }, my_votes: [] });
    expect(entry.votes).toEqual([
      { category_id: best(), votes: 0 },
      { category_id: art(), votes: 0 },
    ]);
    entryA = entry.id;
    const again = await submit('devAdmin', gameA);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('showcase.already_submitted');
    for (const viewer of ['otherAdmin', 'member', 'voter', 'organiser'] as const) {
      const refused = await submit(viewer, gameA);
      expect(refused.statusCode, viewer).toBe(403);
      expect(refused.json().error.code).toBe('game.forbidden');
    }
    expect((await submit('outsider', gameA)).statusCode).toBe(403);
    expect((await submit('devAdmin', 999999)).statusCode).toBe(404);
    expect((await submit('devAdmin', gameA, 'elsewhere')).statusCode).toBe(404);
    entryB = (await submit('otherAdmin', gameB)).json<{ data: ShowcaseEntry }>().data.id;
    entryC = (await submit('otherAdmin', gameC)).json<{ data: ShowcaseEntry }>().data.id;
  });

  it('submissions closed: 409 showcase.submissions_closed', async () => {
    await setShowcase({ submissions_open: false });
    const res = await call('POST', expo('/showcases/indie/requests'), h.devAdmin, { game_id: (await t.database.db.insert(games).values({ companyId: (await t.database.db.select().from(games).where(eq(games.id, gameA)))[0]?.companyId ?? 0, name: 'Late', developer: 'Dev' }).returning())[0]?.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('showcase.submissions_closed');
    await setShowcase({ submissions_open: true });
  });

  it("a pending entry is seen by its game's company and the organisers only", async () => {
    const expected: Record<Viewer, number> = { guest: 401, outsider: 403, member: 404, general: 404, voter: 404, devAdmin: 200, otherAdmin: 404, organiser: 200, otherOrganiser: 403, staff: 200 };
    const actual = {} as Record<Viewer, number>;
    for (const viewer of VIEWERS) actual[viewer] = await statusOf(viewer, 'GET', expo(`/showcase-requests/${entryA}`));
    expect(actual).toEqual(expected);
    const list = await call('GET', expo('/showcases/indie/requests'), h.voter);
    expect(list.json<{ data: ShowcaseEntry[] }>().data).toEqual([]);
    // Voting for an entry the voter cannot see is "not found"; an organiser, who sees it, is told it is not accepted.
    expect((await voteAs('voter', entryA, best())).statusCode).toBe(404);
    expect(await reasonOf('organiser', entryA, best())).toBe('not_accepted');
  });

  it('organisers accept or reject (with a reason); the back office lists by status', async () => {
    const decide = (viewer: Viewer, id: number, body: Record<string, unknown>) => call('POST', `/api/admin/v1/events/${eventId}/showcase-requests/${id}/decision`, h[viewer], body);
    expect((await decide('devAdmin', entryA, { status: 'accepted' })).statusCode).toBe(403);
    const accepted = await decide('organiser', entryA, { status: 'accepted' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: 'accepted', reason: null, decided_at: expect.any(String) });
    await decide('organiser', entryB, { status: 'accepted' });
    await decide('staff', entryC, { status: 'rejected', reason: 'Not a game' });
    const rejected = await call('GET', admin(`/${showcase.id}/requests?filter[status]=rejected`), h.organiser);
    expect(rejected.json().data).toMatchObject([{ id: entryC, status: 'rejected', reason: 'Not a game' }]);
    expect((await call('GET', admin(`/${showcase.id}/requests`), h.organiser)).json().meta.total).toBe(3);
    expect((await call('GET', admin(`/${showcase.id}/requests`), h.member)).statusCode).toBe(403);
    // Once accepted, everyone in the event sees it; the rejected one stays the company's and organisers'.
    expect(await statusOf('voter', 'GET', expo(`/showcase-requests/${entryA}`))).toBe(200);
    expect(await statusOf('voter', 'GET', expo(`/showcase-requests/${entryC}`))).toBe(404);
    expect(await statusOf('otherAdmin', 'GET', expo(`/showcase-requests/${entryC}`))).toBe(200);
    expect(await statusOf('voter', 'GET', expo(`/showcase-requests/${otherRequestId}`))).toBe(404);
  });

  it('an entry carries the whole game; the list filters by platform, genre, stage and name', async () => {
    const one = (await call('GET', expo(`/showcase-requests/${entryA}`), h.voter)).json().data;
    expect(one.game).toMatchObject({ id: gameA, name: 'Alpha', platforms: [1, 2], description: '', screenshots: [], can_edit: false });
    const names = async (query: string) => (await call('GET', expo(`/showcases/indie/requests${query}`), h.voter)).json<{ data: ShowcaseEntry[] }>().data.map((e) => e.game.name);
    expect(await names('')).toEqual(['Alpha', 'Bravo']);
    expect(await names('?filter[platform]=2,3')).toEqual(['Alpha', 'Bravo']);
    expect(await names('?filter[platform]=3')).toEqual(['Bravo']);
    expect(await names('?filter[genre]=10')).toEqual(['Alpha']);
    expect(await names('?filter[stage]=21')).toEqual(['Bravo']);
    expect(await names('?filter[query]=alp')).toEqual(['Alpha']);
    expect(await names('?filter[stage]=20')).toEqual(['Alpha']);
  });
});

describe('voting', () => {
  it('refusals say why: no game_poll, own game, a category of another showcase, a rejected entry', async () => {
    expect(await reasonOf('member', entryA, best())).toBe('not_allowed');
    expect(await reasonOf('general', entryA, best())).toBe('not_allowed');
    expect(await reasonOf('devAdmin', entryA, best())).toBe('own_game');
    const other = (await call('GET', `/api/expo/${otherEventId}/showcases/elsewhere`, h.otherOrganiser)).json<{ data: Showcase }>().data;
    expect(await reasonOf('voter', entryA, other.categories[0]?.id ?? 0)).toBe('category_unknown');
    expect(await reasonOf('otherAdmin', entryC, best())).toBe('not_accepted');
    expect((await voteAs('outsider', entryA, best())).statusCode).toBe(403);
    expect((await voteAs('guest', entryA, best())).statusCode).toBe(401);
    expect((await voteAs('voter', otherRequestId, best())).statusCode).toBe(404);
  });

  it('a vote counts once; a vote for another entry of the category moves it; it can be taken back', async () => {
    const first = await voteAs('voter', entryA, best());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ counted: true, entry: { id: entryA, my_votes: [best()] } });
    expect(first.json().data.entry.votes).toEqual([
      { category_id: best(), votes: 1 },
      { category_id: art(), votes: 0 },
    ]);
    expect((await voteAs('voter', entryA, best())).json().data.entry.votes[0].votes).toBe(1);
    const moved = await voteAs('voter', entryB, best());
    expect(moved.json().data).toMatchObject({ counted: true, entry: { id: entryB, my_votes: [best()] } });
    expect(await votesOf(entryA, best())).toBe(0);
    expect(await votesOf(entryB, best())).toBe(1);
    // Another category is a vote of its own; the showcase lists the reader's votes.
    await voteAs('voter', entryA, art());
    const mine = (await call('GET', expo('/showcases/indie'), h.voter)).json().meta.my_votes;
    expect(mine).toEqual([
      { category_id: best(), request_id: entryB },
      { category_id: art(), request_id: entryA },
    ]);
    // Taking back a vote for an entry one did not vote for changes nothing.
    expect((await voteAs('voter', entryA, best(), 'DELETE')).json().data.counted).toBe(false);
    expect(await votesOf(entryB, best())).toBe(1);
    const back = await voteAs('voter', entryB, best(), 'DELETE');
    expect(back.json().data).toMatchObject({ counted: false, entry: { my_votes: [] } });
    expect(await votesOf(entryB, best())).toBe(0);
    // Game cards count every vote of the game.
    const card = (await call('GET', `/api/expo/games/${gameA}`, h.voter)).json().data;
    expect(card.votes).toBe(1);
  });

  it('200 concurrent votes of one person in one category store exactly one row', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => voteAs('voter', i % 2 === 0 ? entryA : entryB, best())));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const rows = (await t.database.db.select().from(showcaseVotes)).filter((v) => v.categoryId === best());
    expect(rows).toHaveLength(1);
    expect((await votesOf(entryA, best())) + (await votesOf(entryB, best()))).toBe(1);
    const top = (await call('GET', expo('/showcases/indie/requests'), h.member)).json<{ data: ShowcaseEntry[] }>().data;
    expect(top.reduce((sum, e) => sum + (e.votes.find((v) => v.category_id === best())?.votes ?? 0), 0)).toBe(1);
    await voteAs('voter', rows[0]?.requestId ?? 0, best(), 'DELETE');
  });

  it('several people voting at once are counted exactly', async () => {
    const { db } = t.database;
    const voters = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const user = await createUser(db);
        await addMembership(db, eventId, user.id, { ticketTypeId: pollTicket });
        return authHeader(db, t.config.secret, user.id);
      }),
    );
    const results = await Promise.all(voters.flatMap((headers) => [call('PUT', votePath(entryA, best()), headers), call('PUT', votePath(entryA, best()), headers)]));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await votesOf(entryA, best())).toBe(12);
    await Promise.all(voters.slice(0, 5).map((headers) => call('PUT', votePath(entryB, best()), headers)));
    expect(await votesOf(entryA, best())).toBe(7);
    expect(await votesOf(entryB, best())).toBe(5);
  });

  it('the top keeps entries with at least min_votes, most votes first, at most top_count per category', async () => {
    const top = async (viewer: Viewer = 'member') => (await call('GET', expo('/showcases/indie/top'), h[viewer])).json();
    let res = await top();
    expect(res.meta).toEqual({ min_votes: 2, top_count: 1 });
    expect(res.data.map((c: { category: { id: number } }) => c.category.id)).toEqual([best(), art()]);
    expect(res.data[0].entries).toMatchObject([{ rank: 1, votes: 7, entry: { id: entryA } }]);
    // One vote in "art" is below the minimum: nobody reaches that final.
    expect(res.data[1].entries).toEqual([]);
    await setShowcase({ top_count: 5, min_votes: 1 });
    res = await top();
    expect(res.data[0].entries.map((e: { entry: { id: number }; rank: number }) => [e.rank, e.entry.id])).toEqual([
      [1, entryA],
      [2, entryB],
    ]);
    expect(res.data[1].entries.map((e: { votes: number }) => e.votes)).toEqual([1]);
    await setShowcase({ top_count: 5, min_votes: 6 });
    expect((await top()).data[0].entries.map((e: { entry: { id: number } }) => e.entry.id)).toEqual([entryA]);
    // The rejected entry never appears, whatever the numbers.
    await setShowcase({ top_count: 5, min_votes: 0 });
    expect((await top()).data[0].entries.map((e: { entry: { id: number } }) => e.entry.id)).toEqual([entryA, entryB]);
  });

  it('voting windows: not open yet, then closed; taking a vote back is refused outside the window too', async () => {
    await setShowcase({ voting_starts_at: new Date(Date.now() + DAY).toISOString(), voting_ends_at: null });
    expect((await call('GET', expo('/showcases/indie'), h.voter)).json().data.voting).toBe('not_open');
    expect(await reasonOf('voter', entryB, best())).toBe('voting_not_open');
    await setShowcase({ voting_starts_at: null, voting_ends_at: new Date(Date.now() - DAY).toISOString() });
    expect((await call('GET', expo('/showcases/indie'), h.voter)).json().data.voting).toBe('closed');
    expect(await reasonOf('voter', entryB, best())).toBe('voting_closed');
    expect(await reasonOf('voter', entryA, art(), 'DELETE')).toBe('voting_closed');
    await setShowcase({ voting_starts_at: null, voting_ends_at: null });
    expect((await voteAs('voter', entryB, art())).statusCode).toBe(200);
  });

  it('a category with votes cannot be dropped (409); one without can, and a new one is added', async () => {
    const keepOnlyArt = await call('PUT', admin(`/${showcase.id}`), h.organiser, showcaseBody({ categories: [{ id: art(), name: 'Art' }] }));
    expect(keepOnlyArt.statusCode).toBe(409);
    expect(keepOnlyArt.json().error.code).toBe('showcase.category_has_votes');
    const foreign = await call('PUT', admin(`/${showcase.id}`), h.organiser, showcaseBody({ categories: [{ id: best(), name: 'Best' }, { id: art(), name: 'Art' }, { id: 999999, name: 'X' }] }));
    expect(foreign.statusCode).toBe(422);
    const added = await call('PUT', admin(`/${showcase.id}`), h.organiser, showcaseBody({ categories: [{ name: 'Audio' }, { id: best(), name: 'Best' }, { id: art(), name: 'Art' }] }));
    expect(added.statusCode, added.body).toBe(200);
    const names = added.json<{ data: Showcase }>().data.categories.map((c) => c.name);
    expect(names).toEqual(['Audio', 'Best', 'Art']);
    const audio = added.json<{ data: Showcase }>().data.categories[0]?.id ?? 0;
    const dropped = await call('PUT', admin(`/${showcase.id}`), h.organiser, showcaseBody({ categories: [{ id: best(), name: 'Best game' }, { id: art(), name: 'Best art' }] }));
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json<{ data: Showcase }>().data.categories.map((c) => c.id)).not.toContain(audio);
  });
});

describe('where /games/{id} leads', () => {
  it("the game's accepted entry in this event, else null; another event's entry is not this event's", async () => {
    const target = async (gameId: number, viewer: Viewer = 'member', event = eventId) => call('GET', `/api/expo/${event}/games/${gameId}/target`, h[viewer]);
    expect((await target(gameA)).json().data).toEqual({ game_id: gameA, request_id: entryA, showcase_slug: 'indie' });
    // Rejected entries lead nowhere.
    expect((await target(gameC)).json().data).toEqual({ game_id: gameC, request_id: null, showcase_slug: null });
    // Bravo is accepted in both events: each event leads to its own entry.
    expect((await target(gameB)).json().data.request_id).toBe(entryB);
    expect((await target(gameB, 'otherOrganiser', otherEventId)).json().data.request_id).toBe(otherRequestId);
    expect((await target(999999)).statusCode).toBe(404);
    expect((await target(gameA, 'outsider')).statusCode).toBe(403);
    expect((await target(gameA, 'guest')).statusCode).toBe(401);
    expect((await target(gameA, 'otherOrganiser')).statusCode).toBe(403);
  });
});
