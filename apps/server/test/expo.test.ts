// The publishers pavilion, the expo hall, the Media page and press kit, starred games,
// showcase-to-deal suggestions, and the showcase's gaps (filter[mine], decision notices).
import { PRESS_KIT_FILE_MAX_BYTES, type Booth, type DealSuggestion, type Notification, type PressKitItem, type Publisher, type ShowcaseEntry } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyUsers, dealSuggestions, eventCompanies, events, games, meetingSchedules, pressKitItems, showcaseCategories, showcaseRequests, showcases } from '../src/db/schema/index.ts';
import { openFileStore } from '../src/files/index.ts';
import { addMembership, ALL_FEATURES, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { multipartBody, pngOf } from './support/multipart.ts';

const DAY = 24 * 60 * 60 * 1000;
const tomorrow = () => new Date(Date.now() + DAY).toISOString().slice(0, 10);

let t: TestApp;
type Headers = Record<string, string>;
interface Person {
  userId: number;
  memberId: number;
  headers: Headers;
}
let eventId: number;
let otherEventId: number;
let fullTicket: number;
let generalTicket: number;
const co = {} as Record<'pubA' | 'pubB' | 'pubOut' | 'dev' | 'gold' | 'silver' | 'plain' | 'outside', number>;
const p = {} as Record<'publisher' | 'publisher2' | 'dev1' | 'dev2' | 'devChat' | 'attendee' | 'general' | 'organiser' | 'pubContact1' | 'pubContact2' | 'pubContact3' | 'pubContact4', Person>;
let outsider: Headers;
let staff: Headers;
let devGame: number;
let pubGame: number;

const db = () => t.database.db;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers | undefined, payload?: unknown) =>
  t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function company(name: string, values: Partial<typeof companies.$inferInsert> = {}, inEvent: { eventId?: number; sponsorType?: number | null; location?: string | null } | null = {}) {
  const [row] = await db()
    .insert(companies)
    .values({ name, ...values })
    .returning();
  if (!row) throw new Error('no company');
  if (inEvent) await db().insert(eventCompanies).values({ eventId: inEvent.eventId ?? eventId, companyId: row.id, sponsorType: inEvent.sponsorType ?? null, location: inEvent.location ?? null });
  return row.id;
}

async function person(values: { companyId?: number; roles?: string[]; ticketTypeId?: number | null; organiser?: boolean; lastName?: string } = {}): Promise<Person> {
  const user = await createUser(db(), { lastName: values.lastName ?? 'Person' });
  const member = await addMembership(db(), eventId, user.id, { ticketTypeId: values.ticketTypeId === undefined ? fullTicket : values.ticketTypeId, isOrganizer: values.organiser ?? false });
  if (values.companyId !== undefined) await db().insert(companyUsers).values({ companyId: values.companyId, userId: user.id, roles: values.roles ?? ['chat'] });
  return { userId: user.id, memberId: member.id, headers: await authHeader(db(), t.config.secret, user.id) };
}

const game = async (companyId: number, name: string) => (await db().insert(games).values({ companyId, name, developer: 'Dev' }).returning())[0]?.id ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  eventId = (await createEvent(db(), { dateFrom: new Date(Date.now() - DAY), dateTo: new Date(Date.now() + 3 * DAY) })).id;
  otherEventId = (await createEvent(db())).id;
  await db()
    .insert(meetingSchedules)
    .values({ eventId, slotMinutes: 30, days: [{ date: tomorrow(), start: '09:00', end: '12:00' }] });
  fullTicket = (await createTicketType(db(), eventId, { code: 'full', features: ALL_FEATURES })).id;
  generalTicket = (await createTicketType(db(), eventId, { code: 'gen', kind: 'general' })).id;

  co.pubA = await company('Apex Publishing', { business: [2], publisherLookingFor: [1, 2], publisherGenres: ['casual', 'midcore'], description: '# Apex\n\nWe **publish** casual games.' });
  co.pubB = await company('Blue Publisher', { business: [1, 2], publisherLookingFor: [3], publisherGenres: ['hardcore'] }, { sponsorType: 6 });
  co.pubOut = await company('Elsewhere Publisher', { business: [2], publisherGenres: ['casual'] }, { eventId: otherEventId });
  co.dev = await company('Dev Studio', { business: [1] });
  co.gold = await company('Zeta Gold', { business: [1] }, { sponsorType: 4, location: 'Hall A, stand 4' });
  co.silver = await company('Alpha Silver', { business: [1] }, { sponsorType: 1 });
  co.plain = await company('Plain Co', { business: [1] });
  co.outside = await company('Outside Co', { business: [1] }, null);

  p.publisher = await person({ companyId: co.pubA, roles: ['chat'], lastName: 'Publisher' });
  p.publisher2 = await person({ companyId: co.pubB, roles: ['admin'], lastName: 'Second' });
  p.dev1 = await person({ companyId: co.dev, roles: ['chat', 'admin'], lastName: 'Devone' });
  p.dev2 = await person({ companyId: co.dev, roles: ['admin'], lastName: 'Devtwo' });
  p.devChat = await person({ companyId: co.dev, roles: ['chat'], lastName: 'Devchat' });
  p.attendee = await person();
  p.general = await person({ ticketTypeId: generalTicket });
  p.organiser = await person({ organiser: true, ticketTypeId: null });
  // Apex has four people in the event (the publisher and three more; one admin) and one outside it.
  p.pubContact1 = await person({ companyId: co.pubA, roles: ['admin'], lastName: 'Zimmer' });
  p.pubContact2 = await person({ companyId: co.pubA, roles: ['chat'], lastName: 'Abbot' });
  p.pubContact3 = await person({ companyId: co.pubA, roles: ['chat'], lastName: 'Brown' });
  const away = await createUser(db());
  await db().insert(companyUsers).values({ companyId: co.pubA, userId: away.id, roles: ['admin'] });
  outsider = await authHeader(db(), t.config.secret, (await createUser(db())).id);
  staff = await authHeader(db(), t.config.secret, (await createUser(db(), { isStaff: true })).id);

  devGame = await game(co.dev, 'Star Miner');
  pubGame = await game(co.pubA, 'Apex Own Game');
  for (let i = 0; i < 8; i++) await game(co.gold, `Gold game ${i}`);
});
afterAll(() => t.close());

describe('the publishers pavilion', () => {
  const list = async (query = '', headers = p.attendee.headers) => {
    const res = await call('GET', `/api/expo/${eventId}/publishers${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Publisher[]; meta: { total: number } }>();
  };
  const names = (page: { data: Publisher[] }) => page.data.map((pub) => pub.name);

  it("lists the event's publisher companies only, sponsors first, with what they look for, genres, summary and up to three contacts in the event (admins first)", async () => {
    const page = await list();
    expect(names(page)).toEqual(['Blue Publisher', 'Apex Publishing']);
    expect(page.meta.total).toBe(2);
    const apex = page.data.find((pub) => pub.id === co.pubA);
    expect(apex).toMatchObject({ genres: ['casual', 'midcore'], summary: 'We publish casual games.', sponsor_type: null });
    expect(apex?.looking_for.map((ref) => ref.id)).toEqual([1, 2]);
    expect(apex?.looking_for[0]?.name).toBe('Games in development');
    expect(apex?.contacts.map((c) => c.member_id)).toEqual([p.pubContact1.memberId, p.pubContact2.memberId, p.pubContact3.memberId]);
  });

  it.each([
    ['filter[looking_for]=1', ['Apex Publishing']],
    ['filter[looking_for]=3&filter[looking_for]=2', ['Blue Publisher', 'Apex Publishing']],
    ['filter[looking_for]=4', []],
    ['filter[genres]=hardcore', ['Blue Publisher']],
    ['filter[genres]=midcore&filter[genres]=hardcore', ['Blue Publisher', 'Apex Publishing']],
    ['filter[genres]=hypercasual', []],
    ['filter[query]=apex', ['Apex Publishing']],
    ['filter[query]=elsewhere', []],
    ['filter[genres]=casual&filter[looking_for]=3', []],
  ])('%s', async (query, expected) => {
    expect(names(await list(`?${query}`))).toEqual(expected);
  });

  it('refuses an unknown genre (400), guests (401), people outside the event (403), and the general ticket (403 section.locked)', async () => {
    expect((await call('GET', `/api/expo/${eventId}/publishers?filter[genres]=arcade`, p.attendee.headers)).statusCode).toBe(400);
    expect((await call('GET', `/api/expo/${eventId}/publishers`, undefined)).statusCode).toBe(401);
    expect((await call('GET', `/api/expo/${eventId}/publishers`, outsider)).statusCode).toBe(403);
    const general = await call('GET', `/api/expo/${eventId}/publishers`, p.general.headers);
    expect(general.statusCode).toBe(403);
    expect(general.json().error).toMatchObject({ code: 'section.locked', details: { section: 'publishers' } });
    expect((await call('GET', `/api/expo/${eventId}/publishers`, staff)).statusCode).toBe(200);
    expect((await call('GET', `/api/expo/${eventId}/publishers`, p.organiser.headers)).statusCode).toBe(200);
    expect((await call('GET', '/api/expo/99999999/publishers', p.attendee.headers)).statusCode).toBe(404);
  });
});

describe('the expo hall', () => {
  const list = async (query = '', headers = p.attendee.headers) => {
    const res = await call('GET', `/api/expo/${eventId}/expo${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Booth[]; meta: { total: number } }>();
  };
  const names = (page: { data: Booth[] }) => page.data.map((booth) => booth.name);

  it('lists companies with a tier or a game, by tier rank (6 before 4 before 1), then by name; companies with neither are left out', async () => {
    expect(names(await list())).toEqual(['Blue Publisher', 'Zeta Gold', 'Alpha Silver', 'Apex Publishing', 'Dev Studio']);
  });

  it('gives each booth its stand, at most six newest games and up to three people', async () => {
    const gold = (await list()).data.find((booth) => booth.id === co.gold);
    expect(gold).toMatchObject({ location: 'Hall A, stand 4', sponsor_type: 4 });
    expect(gold?.games.map((g) => g.name)).toEqual(['Gold game 7', 'Gold game 6', 'Gold game 5', 'Gold game 4', 'Gold game 3', 'Gold game 2']);
    const dev = (await list()).data.find((booth) => booth.id === co.dev);
    expect(dev?.games.map((g) => g.id)).toEqual([devGame]);
    expect(dev?.contacts.map((c) => c.user_id)).toEqual([p.dev1.userId, p.dev2.userId, p.devChat.userId]);
  });

  it.each([
    ['filter[tier]=4', ['Zeta Gold']],
    ['filter[tier]=6&filter[tier]=1', ['Blue Publisher', 'Alpha Silver']],
    ['filter[tier]=9', []],
    ['filter[query]=studio', ['Dev Studio']],
    ['filter[query]=gold&filter[tier]=1', []],
  ])('%s', async (query, expected) => {
    expect(names(await list(`?${query}`))).toEqual(expected);
  });

  it('pages, and is open to every ticket (general included), closed to guests (401) and outsiders (403)', async () => {
    const first = await list('?per_page=2&page=2');
    expect(names(first)).toEqual(['Alpha Silver', 'Apex Publishing']);
    expect(first.meta.total).toBe(5);
    expect((await call('GET', `/api/expo/${eventId}/expo`, p.general.headers)).statusCode).toBe(200);
    expect((await call('GET', `/api/expo/${eventId}/expo`, undefined)).statusCode).toBe(401);
    expect((await call('GET', `/api/expo/${eventId}/expo`, outsider)).statusCode).toBe(403);
  });
});

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const kitUpload = (fields: Record<string, string>, file?: { filename: string; type: string; data: Buffer }, headers: Headers = p.organiser.headers, event = eventId) => {
  const form = multipartBody(fields, file ? { name: 'file', ...file } : undefined);
  return t.app.inject({ method: 'POST', url: `/api/admin/v1/events/${event}/press-kit/files`, headers: { ...headers, ...form.headers }, payload: form.payload });
};

describe('the Media page and the press kit', () => {
  it('media partners: organisers mark companies of the event; a company not in it is 422 and changes nothing', async () => {
    const set = await call('PUT', `/api/admin/v1/events/${eventId}/media-partners`, p.organiser.headers, { company_ids: [co.gold, co.pubB, co.gold] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.partner_ids).toEqual([co.pubB, co.gold].sort((a, b) => a - b));
    for (const stranger of [co.outside, co.pubOut]) {
      const bad = await call('PUT', `/api/admin/v1/events/${eventId}/media-partners`, p.organiser.headers, { company_ids: [co.dev, stranger] });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().error.details.company_ids).toEqual([stranger]);
    }
    const page = await call('GET', `/api/expo/${eventId}/media`, p.attendee.headers);
    expect(page.json().data.partners.map((c: { name: string }) => c.name)).toEqual(['Blue Publisher', 'Zeta Gold']);
    expect((await call('PUT', `/api/admin/v1/events/${eventId}/media-partners`, p.attendee.headers, { company_ids: [] })).statusCode).toBe(403);
  });

  it('links must be https (422 for http or an empty address, 400 for what is not an address)', async () => {
    const add = (url: string) => call('POST', `/api/admin/v1/events/${eventId}/press-kit/links`, p.organiser.headers, { title: 'Logo pack', url });
    const ok = await add('press.example.com/logos.zip');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<{ data: PressKitItem }>().data).toMatchObject({ kind: 'link', url: 'https://press.example.com/logos.zip', file_name: null });
    for (const url of ['http://press.example.com/logos.zip', '']) {
      const res = await add(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().error.details.fields[0].field).toBe('body.url');
    }
    for (const url of ['ftp://press.example.com/x', 'javascript:alert(1)']) expect((await add(url)).statusCode, url).toBe(400);
  });

  it('uploads a tiny PDF and a PNG (types by content), refuses a renamed text file (415) and an oversized file (413), and downloads the bytes as an attachment', async () => {
    const png = await pngOf(8, 8);
    const first = await kitUpload({ title: 'Fact sheet', description: 'One page' }, { filename: 'fact sheet «2026».pdf', type: 'application/octet-stream', data: pdf });
    expect(first.statusCode, first.body).toBe(201);
    const item = first.json<{ data: PressKitItem }>().data;
    expect(item).toMatchObject({ kind: 'file', title: 'Fact sheet', description: 'One page', file_name: 'fact sheet «2026».pdf', file_size: pdf.length, content_type: 'application/pdf', url: `/api/expo/${eventId}/press-kit/${item.id}/file` });
    const picture = await kitUpload({ title: 'Logo' }, { filename: 'logo.jpg', type: 'image/jpeg', data: png });
    expect(picture.statusCode, picture.body).toBe(201);
    expect(picture.json().data.content_type).toBe('image/png');

    const text = await kitUpload({ title: 'Fake' }, { filename: 'kit.pdf', type: 'application/pdf', data: Buffer.from('just some text, not a pdf at all\n'.repeat(300)) });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('payload.unsupported_type');
    const big = Buffer.alloc(PRESS_KIT_FILE_MAX_BYTES + 1, 0x20);
    pdf.copy(big);
    const oversize = await kitUpload({ title: 'Huge' }, { filename: 'huge.pdf', type: 'application/pdf', data: big });
    expect(oversize.statusCode).toBe(413);
    expect((await kitUpload({}, { filename: 'x.pdf', type: 'application/pdf', data: pdf })).statusCode).toBe(400);
    expect((await kitUpload({ title: 'No file' })).statusCode).toBe(400);

    const download = await call('GET', item.url, p.attendee.headers);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="fact sheet _2026_.pdf"; filename\*=UTF-8''fact%20sheet%20%C2%AB2026%C2%BB.pdf$/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    // The general ticket does not open the Media section; outsiders and guests neither.
    expect((await call('GET', item.url, p.general.headers)).statusCode).toBe(403);
    expect((await call('GET', item.url, outsider)).statusCode).toBe(403);
    expect((await call('GET', item.url, undefined)).statusCode).toBe(401);

    const media = await call('GET', `/api/expo/${eventId}/media`, p.attendee.headers);
    expect(media.json<{ data: { press_kit: PressKitItem[] } }>().data.press_kit.map((i) => i.title)).toEqual(expect.arrayContaining(['Fact sheet', 'Logo']));
  });

  it("another event's item id is not found for download and deletion; deleting removes the stored file", async () => {
    const theirs = await kitUpload({ title: 'Theirs' }, { filename: 'theirs.pdf', type: 'application/pdf', data: pdf }, staff, otherEventId);
    expect(theirs.statusCode, theirs.body).toBe(201);
    const theirId = theirs.json<{ data: PressKitItem }>().data.id;
    const download = await call('GET', `/api/expo/${eventId}/press-kit/${theirId}/file`, p.attendee.headers);
    expect(download.statusCode).toBe(404);
    expect(download.json().error.code).toBe('press_kit.not_found');
    expect((await call('DELETE', `/api/admin/v1/events/${eventId}/press-kit/${theirId}`, p.organiser.headers)).statusCode).toBe(404);
    // A link has no file to download.
    const link = await call('POST', `/api/admin/v1/events/${eventId}/press-kit/links`, p.organiser.headers, { title: 'Site', url: 'https://example.com' });
    expect((await call('GET', `/api/expo/${eventId}/press-kit/${link.json().data.id}/file`, p.attendee.headers)).statusCode).toBe(404);

    const mine = await kitUpload({ title: 'Temporary' }, { filename: 'temp.pdf', type: 'application/pdf', data: pdf });
    const id = mine.json<{ data: PressKitItem }>().data.id;
    const [row] = await db().select({ key: pressKitItems.fileKey }).from(pressKitItems).where(eq(pressKitItems.id, id));
    const key = row?.key ?? 'missing';
    const store = openFileStore(t.config);
    expect(await store.open(key)).not.toBeNull();
    const removed = await call('DELETE', `/api/admin/v1/events/${eventId}/press-kit/${id}`, p.organiser.headers);
    expect(removed.json()).toEqual({ data: { id, deleted: true } });
    expect(await store.open(key)).toBeNull();
    expect((await call('GET', `/api/expo/${eventId}/press-kit/${id}/file`, p.attendee.headers)).statusCode).toBe(404);
  });

  it('sorts with every item once (422 otherwise)', async () => {
    const listed = (await call('GET', `/api/admin/v1/events/${eventId}/press-kit`, p.organiser.headers)).json<{ data: { items: PressKitItem[]; partner_ids: number[] } }>().data;
    const ids = listed.items.map((i) => i.id);
    const reversed = [...ids].reverse();
    const sorted = await call('PUT', `/api/admin/v1/events/${eventId}/press-kit/sort`, p.organiser.headers, { ids: reversed });
    expect(sorted.statusCode, sorted.body).toBe(200);
    expect(sorted.json<{ data: PressKitItem[] }>().data.map((i) => i.id)).toEqual(reversed);
    expect((await call('PUT', `/api/admin/v1/events/${eventId}/press-kit/sort`, p.organiser.headers, { ids: reversed.slice(1) })).statusCode).toBe(422);
    expect((await call('PUT', `/api/admin/v1/events/${eventId}/press-kit/sort`, p.organiser.headers, { ids: [...reversed.slice(1), reversed[1]] })).statusCode).toBe(422);
  });
});

const notes = async (who: Person, type: string) =>
  (await call('GET', `/api/v1/notifications?filter[event_id]=${eventId}&per_page=100`, who.headers)).json<{ data: Notification[] }>().data.filter((n) => n.type === type);

describe('starred games and showcase-to-deal', () => {
  it('stars, lists and takes back a star; a missing game is 404', async () => {
    const starred = await call('PUT', `/api/expo/${eventId}/games/${pubGame}/favorite`, p.attendee.headers);
    expect(starred.json()).toEqual({ data: { game_id: pubGame, favorite: true } });
    expect((await call('GET', `/api/expo/${eventId}/games/favorites`, p.attendee.headers)).json().data.map((g: { id: number }) => g.id)).toEqual([pubGame]);
    expect((await call('DELETE', `/api/expo/${eventId}/games/${pubGame}/favorite`, p.attendee.headers)).json().data.favorite).toBe(false);
    expect((await call('GET', `/api/expo/${eventId}/games/favorites`, p.attendee.headers)).json().data).toEqual([]);
    expect((await call('PUT', `/api/expo/${eventId}/games/2000000000/favorite`, p.attendee.headers)).statusCode).toBe(404);
    // A plain attendee's star suggests nothing.
    expect(await db().select().from(dealSuggestions).where(eq(dealSuggestions.publisherId, p.attendee.userId))).toEqual([]);
  });

  it("20 parallel stars of one publisher tell each admin of the game's company in the event once, with the first time free for both", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => call('PUT', `/api/expo/${eventId}/games/${devGame}/favorite`, p.publisher.headers)));
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    for (const dev of [p.dev1, p.dev2]) {
      const told = await notes(dev, 'deal_suggestion');
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        sender: { user_id: p.publisher.userId },
        data: { game_id: devGame, title: 'Star Miner', company_name: 'Apex Publishing', member_id: p.publisher.memberId, cause: 'favorite', starts_at: new Date(`${tomorrow()}T09:00:00Z`).toISOString() },
      });
    }
    // The chat-only person of the studio is not an admin: not told.
    expect(await notes(p.devChat, 'deal_suggestion')).toEqual([]);
    const rows = await db().select().from(dealSuggestions).where(and(eq(dealSuggestions.publisherId, p.publisher.userId), eq(dealSuggestions.gameId, devGame)));
    expect(rows).toHaveLength(1);
    // Starring again after taking it back tells nobody again.
    await call('DELETE', `/api/expo/${eventId}/games/${devGame}/favorite`, p.publisher.headers);
    await call('PUT', `/api/expo/${eventId}/games/${devGame}/favorite`, p.publisher.headers);
    expect(await notes(p.dev1, 'deal_suggestion')).toHaveLength(1);
  });

  it("a publisher's star of its own company's game suggests nothing", async () => {
    await call('PUT', `/api/expo/${eventId}/games/${pubGame}/favorite`, p.pubContact2.headers);
    expect(await db().select().from(dealSuggestions).where(eq(dealSuggestions.gameId, pubGame))).toEqual([]);
  });

  it("lists suggestions about the reader's companies' games with up to three times free for both; others see none", async () => {
    const res = await call('GET', `/api/expo/${eventId}/deal-suggestions`, p.devChat.headers);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<{ data: DealSuggestion[] }>().data;
    const star = list.find((s) => s.cause === 'favorite');
    expect(star).toMatchObject({ publisher: { user_id: p.publisher.userId, member_id: p.publisher.memberId }, company: { id: co.pubA, name: 'Apex Publishing' }, game: { id: devGame, name: 'Star Miner' } });
    expect(star?.slots).toHaveLength(3);
    expect(star?.slots[0]?.starts_at).toBe(new Date(`${tomorrow()}T09:00:00Z`).toISOString());
    expect((await call('GET', `/api/expo/${eventId}/deal-suggestions`, p.attendee.headers)).json().data).toEqual([]);
    expect((await call('GET', `/api/expo/${eventId}/deal-suggestions`, outsider)).statusCode).toBe(403);
  });
});

describe('the showcase: votes and poll answers suggest deals, decisions are told, filter[mine]', () => {
  let slug: string;
  let requestId: number;
  let categoryId: number;
  let pendingId: number;
  let rejectedGame: number;

  beforeAll(async () => {
    const [showcase] = await db()
      .insert(showcases)
      .values({ eventId, slug: 'deals', title: 'Deals', votingStartsAt: new Date(Date.now() - DAY), votingEndsAt: new Date(Date.now() + DAY) })
      .returning();
    slug = showcase?.slug ?? '';
    const [category] = await db()
      .insert(showcaseCategories)
      .values({ showcaseId: showcase?.id ?? 0, name: 'Best' })
      .returning();
    categoryId = category?.id ?? 0;
    const voteGame = await game(co.dev, 'Vote Me');
    const [accepted] = await db()
      .insert(showcaseRequests)
      .values({ showcaseId: showcase?.id ?? 0, gameId: voteGame, status: 'accepted', decidedAt: new Date() })
      .returning();
    requestId = accepted?.id ?? 0;
    const pending = await call('POST', `/api/expo/${eventId}/showcases/${slug}/requests`, p.dev1.headers, { game_id: devGame });
    expect(pending.statusCode, pending.body).toBe(201);
    pendingId = pending.json<{ data: ShowcaseEntry }>().data.id;
    rejectedGame = await game(co.dev, 'Rejected One');
    const rejected = await call('POST', `/api/expo/${eventId}/showcases/${slug}/requests`, p.dev1.headers, { game_id: rejectedGame });
    await call('POST', `/api/admin/v1/events/${eventId}/showcase-requests/${rejected.json().data.id}/decision`, p.organiser.headers, { status: 'rejected', reason: 'Not a game' });
  });

  it("a publisher's vote suggests a deal once (parallel votes of two publishers: one each)", async () => {
    const votes = await Promise.all([...Array.from({ length: 5 }, () => p.publisher), ...Array.from({ length: 5 }, () => p.publisher2)].map((who) => call('PUT', `/api/expo/${eventId}/showcase-requests/${requestId}/votes/${categoryId}`, who.headers)));
    expect(votes.map((v) => v.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    const told = (await notes(p.dev2, 'deal_suggestion')).filter((n) => n.data.cause === 'vote');
    expect(told.map((n) => n.data.company_name).sort()).toEqual(['Apex Publishing', 'Blue Publisher']);
    // An attendee's vote tells nobody.
    await call('PUT', `/api/expo/${eventId}/showcase-requests/${requestId}/votes/${categoryId}`, p.attendee.headers);
    expect((await notes(p.dev2, 'deal_suggestion')).filter((n) => n.data.cause === 'vote')).toHaveLength(2);
  });

  it("a publisher's poll answer suggests a deal (cause poll)", async () => {
    const pollGame = await game(co.dev, 'Poll Me');
    await db().insert(showcaseRequests).values({ showcaseId: (await db().select().from(showcases).where(eq(showcases.slug, 'deals')))[0]?.id ?? 0, gameId: pollGame, status: 'accepted', decidedAt: new Date() });
    const question = await call('POST', `/api/expo/${eventId}/games/${pollGame}/poll`, p.dev1.headers, { text: 'Would you play it?', kind: 'choice', options: ['Yes', 'No'] });
    expect(question.statusCode, question.body).toBe(201);
    const questionId = question.json().data.id;
    const answered = await call('PUT', `/api/expo/${eventId}/games/${pollGame}/poll/${questionId}/answer`, p.publisher2.headers, { choice: 0 });
    expect(answered.statusCode, answered.body).toBe(200);
    const told = (await notes(p.dev1, 'deal_suggestion')).filter((n) => n.data.game_id === pollGame);
    expect(told).toHaveLength(1);
    expect(told[0]?.data).toMatchObject({ cause: 'poll', company_name: 'Blue Publisher', title: 'Poll Me' });
  });

  it("a decision tells the game's company admins (showcase_decision) once per change", async () => {
    const decide = (status: string, reason?: string) => call('POST', `/api/admin/v1/events/${eventId}/showcase-requests/${pendingId}/decision`, p.organiser.headers, { status, ...(reason ? { reason } : {}) });
    expect((await decide('accepted')).statusCode).toBe(200);
    expect((await decide('accepted')).statusCode).toBe(200);
    const told = (await notes(p.dev2, 'showcase_decision')).filter((n) => n.data.request_id === pendingId);
    expect(told).toHaveLength(1);
    const [event] = await db().select({ slug: events.slug }).from(events).where(eq(events.id, eventId));
    expect(told[0]?.data).toMatchObject({ title: 'Star Miner', request_id: pendingId, status: 'accepted', event_slug: event?.slug });
    await decide('rejected', 'Too late');
    const after = (await notes(p.dev1, 'showcase_decision')).filter((n) => n.data.request_id === pendingId);
    expect(after.map((n) => n.data.status)).toEqual(['rejected', 'accepted']);
    expect(after[0]?.data.reason).toBe('Too late');
    expect(await notes(p.devChat, 'showcase_decision')).toEqual([]);
  });

  it("filter[mine]=1 lists the reader's companies' entries of every status with the reason; others get only theirs", async () => {
    const mine = await call('GET', `/api/expo/${eventId}/showcases/${slug}/requests?filter[mine]=1&per_page=50`, p.devChat.headers);
    expect(mine.statusCode, mine.body).toBe(200);
    const entries = mine.json<{ data: (ShowcaseEntry & { reason?: string | null })[]; meta: { total: number } }>().data;
    const byGame = new Map(entries.map((e) => [e.game.id, e]));
    expect(byGame.get(rejectedGame)).toMatchObject({ status: 'rejected', reason: 'Not a game' });
    expect(entries.every((e) => e.game.company.id === co.dev)).toBe(true);
    expect(entries.some((e) => e.status === 'accepted')).toBe(true);
    expect((await call('GET', `/api/expo/${eventId}/showcases/${slug}/requests?filter[mine]=1`, p.attendee.headers)).json().data).toEqual([]);
    const everyone = (await call('GET', `/api/expo/${eventId}/showcases/${slug}/requests`, p.attendee.headers)).json<{ data: ShowcaseEntry[] }>().data;
    expect(everyone.every((e) => e.status === 'accepted')).toBe(true);
    expect(everyone.some((e) => 'reason' in e)).toBe(false);
  });
});
