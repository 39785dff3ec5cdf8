import { GAME_SCREENSHOTS_MAX, type Game, type GameCard, type GameMedia } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyUsers, media } from '../src/db/schema/index.ts';
import { addCompanyRole, addMembership, authHeader, createEvent, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { imageFile, multipartBody, pngOf } from './support/multipart.ts';

let t: TestApp;
type Headers = Record<string, string>;
const h = {} as Record<'outsider' | 'chatter' | 'adminA' | 'adminB' | 'staff' | 'organiser', Headers>;
let companyA: number;
let companyB: number;
let eventId: number;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const login = async (id: number) => authHeader(db, t.config.secret, id);
  h.outsider = await login((await createUser(db)).id);
  const adminA = await createUser(db, { firstName: 'Ada', lastName: 'Admin' });
  companyA = (await addCompanyRole(db, adminA.id, ['chat', 'admin'])).id;
  h.adminA = await login(adminA.id);
  const chatter = await createUser(db);
  await db.insert(companyUsers).values({ companyId: companyA, userId: chatter.id, roles: ['chat'] });
  h.chatter = await login(chatter.id);
  const adminB = await createUser(db);
  companyB = (await addCompanyRole(db, adminB.id, ['admin'])).id;
  h.adminB = await login(adminB.id);
  h.staff = await login((await createUser(db, { isStaff: true })).id);
  eventId = (await createEvent(db)).id;
  const organiser = await createUser(db);
  await addMembership(db, eventId, organiser.id, { isOrganizer: true });
  h.organiser = await login(organiser.id);
  // Ada takes part in the event: her game page in it carries her member id.
  await addMembership(db, eventId, adminA.id);
  png = await pngOf(64, 48);
});
afterAll(() => t.close());

const base = { name: 'Star Miner', developer: 'Ada Games' };
const create = (headers: Headers, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/expo/games', headers, payload });
const gameOf = async (headers: Headers = h.adminA, payload: Record<string, unknown> = base) => {
  const res = await create(headers, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Game }>().data;
};
const upload = (id: number, headers: Headers, category: string, data = png) => {
  const form = multipartBody({ category }, imageFile(data));
  return t.app.inject({ method: 'POST', url: `/api/expo/games/${id}/media`, headers: { ...headers, ...form.headers }, payload: form.payload });
};

describe('creating games', () => {
  it('a company admin creates a game of their company with every field; links get https, the trailer its nocookie player, dates stay calendar dates', async () => {
    const game = await gameOf(h.adminA, {
      ...base,
      description: 'Dig for stars.',
      budget: 2,
      pitch_deck_url: 'deck.example.com/star',
      build_url: 'https://build.example.com/x',
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      gameplay_url: '',
      planned_date: '2027-03-01',
      development_start: '2024-02-29',
      release_date: null,
      platforms: [1, 2, 2],
      genre: 3,
      engine: 4,
      monetization: 5,
      stage: 6,
      links: [{ title: 'Steam', url: 'store.steampowered.com/app/1' }],
    });
    expect(game).toMatchObject({
      name: 'Star Miner',
      company: { id: companyA },
      budget: 2,
      pitch_deck_url: 'https://deck.example.com/star',
      build_url: 'https://build.example.com/x',
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      video_embed_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      gameplay_url: null,
      planned_date: '2027-03-01',
      development_start: '2024-02-29',
      release_date: null,
      platforms: [1, 2],
      genre: 3,
      engine: 4,
      monetization: 5,
      stage: 6,
      links: [{ title: 'Steam', url: 'https://store.steampowered.com/app/1' }],
      can_edit: true,
      votes: 0,
      screenshots: [],
      icon_url: null,
    });
    expect(game.team.map((p) => p.last_name)).toContain('Admin');
  });

  it('a person without a company gets 422 game.no_company, a company person without the admin role 403 game.forbidden', async () => {
    const none = await create(h.outsider, base);
    expect(none.statusCode).toBe(422);
    expect(none.json().error.code).toBe('game.no_company');
    const chat = await create(h.chatter, base);
    expect(chat.statusCode).toBe(403);
    expect(chat.json().error.code).toBe('game.forbidden');
  });

  it("company_id: one's own company works, another company's is 403; staff name any company", async () => {
    expect((await create(h.adminA, { ...base, company_id: companyA })).statusCode).toBe(201);
    const other = await create(h.adminA, { ...base, company_id: companyB });
    expect(other.statusCode).toBe(403);
    const staff = await create(h.staff, { ...base, company_id: companyB });
    expect(staff.statusCode, staff.body).toBe(201);
    expect(staff.json().data.company.id).toBe(companyB);
    expect((await create(h.staff, base)).statusCode).toBe(422);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a website link without a host', { pitch_deck_url: 'not a link' }, 'body.pitch_deck_url'],
    ['a javascript: link', { build_url: 'javascript:alert(1)' }, 'body.build_url'],
    ['a link of the list', { links: [{ title: 'x', url: 'ftp://x' }] }, 'body.links.0.url'],
    ['an empty link of the list', { links: [{ title: 'x', url: '' }] }, 'body.links.0.url'],
    ['a Vimeo trailer', { video_url: 'https://vimeo.com/1' }, 'body.video_url'],
    ['a YouTube link without a video id', { video_url: 'https://www.youtube.com/watch?v=short' }, 'body.video_url'],
    ['a script as the trailer', { video_url: 'javascript:alert(1)//youtu.be/dQw4w9WgXcQ' }, 'body.video_url'],
    ['a day that does not exist', { planned_date: '2026-02-30' }, 'body.planned_date'],
    ['the year 0', { release_date: '0000-01-01' }, 'body.release_date'],
    ['a timestamp for a date', { development_start: '2026-01-01T00:00:00Z' }, 'body.development_start'],
  ])('400, never 500, for %s', async (_name, extra, field) => {
    const res = await create(h.adminA, { ...base, ...extra });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it("the YouTube rule's message", async () => {
    const res = await create(h.adminA, { ...base, video_url: 'https://example.com/video' });
    expect(res.json().error.details.fields[0]).toMatchObject({ field: 'body.video_url', key: 'invalid_youtube' });
  });

  it('guests get 401', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/expo/games', payload: base })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/expo/games' })).statusCode).toBe(401);
  });
});

describe('reading games', () => {
  it('any signed-in person reads a game; only its company admins and staff may edit it', async () => {
    const game = await gameOf();
    const read = async (headers: Headers) => (await t.app.inject({ method: 'GET', url: `/api/expo/games/${game.id}`, headers })).json<{ data: Game }>().data.can_edit;
    expect(await read(h.outsider)).toBe(false);
    expect(await read(h.chatter)).toBe(false);
    expect(await read(h.adminB)).toBe(false);
    expect(await read(h.adminA)).toBe(true);
    expect(await read(h.staff)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/expo/games/999999', headers: h.outsider })).statusCode).toBe(404);
  });

  it("with event_id, the team's members of that event carry their member_id (for readers of the event)", async () => {
    const game = await gameOf();
    const team = async (headers: Headers) => (await t.app.inject({ method: 'GET', url: `/api/expo/games/${game.id}?event_id=${eventId}`, headers })).json<{ data: Game }>().data.team;
    const ada = (await team(h.organiser)).find((p) => p.last_name === 'Admin');
    expect(ada?.member_id).toEqual(expect.any(Number));
    // Someone outside the event learns no membership ids.
    expect((await team(h.outsider)).every((p) => p.member_id === null)).toBe(true);
  });

  it('lists games by company, by name and the signed-in person’s own', async () => {
    await gameOf(h.adminB, { name: 'Bravo Quest', developer: 'B' });
    const list = async (headers: Headers, query: string) => (await t.app.inject({ method: 'GET', url: `/api/expo/games${query}`, headers })).json<{ data: GameCard[]; meta: { total: number } }>();
    const mine = await list(h.adminB, '?filter[mine]=1');
    expect(mine.data.every((g) => g.company.id === companyB)).toBe(true);
    expect(mine.data.map((g) => g.name)).toContain('Bravo Quest');
    expect((await list(h.outsider, '?filter[mine]=1')).data).toEqual([]);
    // What one may submit: games of the companies one admins; company A's chat-only person has none.
    expect((await list(h.adminB, '?filter[editable]=1')).data.map((g) => g.name)).toContain('Bravo Quest');
    expect((await list(h.adminB, '?filter[editable]=1')).data.every((g) => g.company.id === companyB)).toBe(true);
    expect((await list(h.chatter, '?filter[mine]=1')).data.length).toBeGreaterThan(0);
    expect((await list(h.chatter, '?filter[editable]=1')).data).toEqual([]);
    expect((await list(h.outsider, `?filter[company_id]=${companyA}`)).data.every((g) => g.company.id === companyA)).toBe(true);
    expect((await list(h.outsider, '?filter[query]=bravo')).data.map((g) => g.name)).toEqual(['Bravo Quest']);
    expect((await list(h.outsider, '?filter[query]=%25')).data).toEqual([]);
  });
});

describe('changing and deleting games', () => {
  it("the company's admin and staff change it; another company's admin and a chat-only person get 403 game.forbidden", async () => {
    const game = await gameOf();
    const put = (headers: Headers, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/expo/games/${game.id}`, headers, payload });
    for (const headers of [h.adminB, h.chatter, h.outsider, h.organiser]) {
      const res = await put(headers, { ...base, name: 'Stolen' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('game.forbidden');
    }
    const ok = await put(h.adminA, { ...base, name: 'Star Miner 2', video_url: 'youtu.be/dQw4w9WgXcQ', planned_date: '2028-12-31' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Star Miner 2', planned_date: '2028-12-31', video_embed_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' });
    expect((await put(h.staff, { ...base, name: 'By staff' })).json().data.name).toBe('By staff');
    expect((await t.app.inject({ method: 'PUT', url: '/api/expo/games/999999', headers: h.adminA, payload: base })).statusCode).toBe(404);
    const bad = await put(h.adminA, { ...base, video_url: 'https://youtube.com/watch?v=' });
    expect(bad.statusCode).toBe(400);
  });

  it('deletion is staff only (403 game.delete_forbidden for the company admin), and takes the pictures with it', async () => {
    const game = await gameOf();
    expect((await upload(game.id, h.adminA, 'icon')).statusCode).toBe(201);
    for (const headers of [h.adminA, h.adminB, h.organiser]) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/expo/games/${game.id}`, headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('game.delete_forbidden');
    }
    const res = await t.app.inject({ method: 'DELETE', url: `/api/expo/games/${game.id}`, headers: h.staff });
    expect(res.json()).toEqual({ data: { id: game.id, deleted: true } });
    expect((await t.app.inject({ method: 'GET', url: `/api/expo/games/${game.id}`, headers: h.staff })).statusCode).toBe(404);
    expect(await t.database.db.select().from(media).where(and(eq(media.ownerType, 'game'), eq(media.ownerId, game.id)))).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/expo/games/${game.id}`, headers: h.staff })).statusCode).toBe(404);
  });
});

describe('pictures', () => {
  it('a new icon or cover replaces the old one; the icon and cover come back as signed addresses', async () => {
    const game = await gameOf();
    const first = await upload(game.id, h.adminA, 'icon');
    expect(first.statusCode, first.body).toBe(201);
    const second = await upload(game.id, h.adminA, 'icon');
    expect((await upload(game.id, h.adminA, 'cover')).statusCode).toBe(201);
    const rows = await t.database.db.select().from(media).where(and(eq(media.ownerType, 'game'), eq(media.ownerId, game.id)));
    expect(rows.map((r) => r.category).sort()).toEqual(['cover', 'icon']);
    expect(rows.find((r) => r.category === 'icon')?.id).toBe(second.json().data.id);
    const read = (await t.app.inject({ method: 'GET', url: `/api/expo/games/${game.id}`, headers: h.outsider })).json<{ data: Game }>().data;
    expect(read.icon_url).toMatch(/^\/api\/v1\/files\/g\d+-.+\?expires=\d+&sig=/);
    expect(read.cover_url).toMatch(/^\/api\/v1\/files\//);
    const file = await t.app.inject({ method: 'GET', url: read.icon_url ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('someone else’s upload is refused before the file is read; a bad category is 400; a non-image 415', async () => {
    const game = await gameOf();
    expect((await upload(game.id, h.adminB, 'icon')).statusCode).toBe(403);
    expect((await upload(game.id, h.chatter, 'icon')).statusCode).toBe(403);
    expect((await upload(999999, h.adminA, 'icon')).statusCode).toBe(404);
    const bad = await upload(game.id, h.adminA, 'logo');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].field).toBe('body.category');
    expect((await upload(game.id, h.adminA, 'screenshot', Buffer.from('<html>not an image</html>'))).statusCode).toBe(415);
    expect((await upload(game.id, h.staff, 'cover')).statusCode).toBe(201);
  });

  it(`at most ${GAME_SCREENSHOTS_MAX} screenshots (409), in the order the developers set (every one once, else 422)`, async () => {
    const game = await gameOf();
    const ids: number[] = [];
    for (let i = 0; i < GAME_SCREENSHOTS_MAX; i += 1) {
      const res = await upload(game.id, h.adminA, 'screenshot');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<{ data: GameMedia }>().data.position).toBe(i);
      ids.push(res.json<{ data: GameMedia }>().data.id);
    }
    const full = await upload(game.id, h.adminA, 'screenshot');
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('game.too_many_screenshots');
    // An icon still fits: the limit is the gallery's.
    expect((await upload(game.id, h.adminA, 'icon')).statusCode).toBe(201);

    const sort = (headers: Headers, order: number[]) => t.app.inject({ method: 'PUT', url: `/api/expo/games/${game.id}/screenshots/sort`, headers, payload: { ids: order } });
    const reversed = [...ids].reverse();
    for (const wrong of [reversed.slice(1), [...reversed.slice(1), reversed[1] ?? 0], [...reversed.slice(1), 999999]]) {
      const res = await sort(h.adminA, wrong);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('game.sort_invalid');
    }
    expect((await sort(h.adminB, reversed)).statusCode).toBe(403);
    const ok = await sort(h.adminA, reversed);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ data: GameMedia[] }>().data.map((m) => m.id)).toEqual(reversed);
    const read = (await t.app.inject({ method: 'GET', url: `/api/expo/games/${game.id}`, headers: h.outsider })).json<{ data: Game }>().data;
    expect(read.screenshots.map((m) => m.id)).toEqual(reversed);
    expect(read.screenshots.map((m) => m.position)).toEqual(reversed.map((_, i) => i));

    // Removing one: another game's picture id is not found; the removed one leaves the order.
    const other = await gameOf();
    const remove = (gameId: number, mediaId: number, headers: Headers = h.adminA) => t.app.inject({ method: 'DELETE', url: `/api/expo/games/${gameId}/media/${mediaId}`, headers });
    expect((await remove(other.id, reversed[0] ?? 0)).statusCode).toBe(404);
    expect((await remove(game.id, reversed[0] ?? 0, h.adminB)).statusCode).toBe(403);
    expect((await remove(game.id, reversed[0] ?? 0)).json()).toEqual({ data: { id: reversed[0], deleted: true } });
    expect((await sort(h.adminA, reversed)).statusCode).toBe(422);
    expect((await sort(h.adminA, reversed.slice(1))).statusCode).toBe(200);
    expect((await upload(game.id, h.adminA, 'screenshot')).statusCode).toBe(201);
  });

  it('concurrent screenshot uploads never pass the limit', async () => {
    const game = await gameOf();
    const results = await Promise.all(Array.from({ length: GAME_SCREENSHOTS_MAX + 4 }, () => upload(game.id, h.adminA, 'screenshot')));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(GAME_SCREENSHOTS_MAX);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
    const rows = await t.database.db.select().from(media).where(and(eq(media.ownerType, 'game'), eq(media.ownerId, game.id)));
    expect(rows).toHaveLength(GAME_SCREENSHOTS_MAX);
  });
});
