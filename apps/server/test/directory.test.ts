import { routes, type MemberCard, type MemberProfile } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { companies, eventMembers, favorites, users } from '../src/db/schema/index.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser, pastDates } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Page = { data: MemberCard[]; meta: { page: number; per_page: number; total: number; last_page: number } };
const get = async (url: string, headers: Record<string, string>, lang = 'en') => t.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-language': lang } });
const names = (page: Page) => page.data.map((m) => m.user.first_name);

/** An event with a networking ticket, a highlight ticket, a reader and a few people with profiles. */
async function directory() {
  const { db } = t.database;
  const event = await createEvent(db);
  const net = await createTicketType(db, event.id, { features: ['limited_meetings'] });
  const vip = await createTicketType(db, event.id, { features: ['limited_meetings', 'highlight'] });
  const acme = (await db.insert(companies).values({ name: 'Acme Games', logoKey: 'acme.png' }).returning())[0];
  if (!acme) throw new Error('no company');
  const reader = await createUser(db, { firstName: 'Rea', lastName: 'Der', job: 'Reader' });
  const ann = await createUser(db, { firstName: 'Ann', lastName: 'Archer', job: 'Producer', offerIds: [1, 2], region: 'EU', companyId: acme.id, avatarKey: 'ann.png', avatarThumbKey: 'ann-thumb.png', email: `ann${Date.now()}${Math.random()}@example.test`, phone: '+100', showEmail: true, bio: 'Hi', contacts: { telegram: '@ann' } });
  const bob = await createUser(db, { firstName: 'Bob', lastName: 'Baker', job: 'Investor', lookingIds: [2], region: 'NA', phone: '+200' });
  const empty = await createUser(db, { firstName: 'Eve', lastName: 'Empty' });
  const readerM = await addMembership(db, event.id, reader.id, { ticketTypeId: net.id });
  const annM = await addMembership(db, event.id, ann.id, { ticketTypeId: vip.id, roleIds: [1, 8] });
  const bobM = await addMembership(db, event.id, bob.id, { ticketTypeId: net.id, roleIds: [1, 7] });
  const emptyM = await addMembership(db, event.id, empty.id, { ticketTypeId: net.id });
  // Last seen: Bob most recently, then Ann, the reader, Eve.
  const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  for (const [id, minutes] of [[bobM.id, 1], [annM.id, 2], [readerM.id, 3], [emptyM.id, 4]] as const) await db.update(eventMembers).set({ lastSeenAt: at(minutes) }).where(eq(eventMembers.id, id));
  const headers = await authHeader(db, t.config.secret, reader.id);
  return { event, acme, reader, ann, bob, empty, readerM, annM, bobM, emptyM, headers, url: `/api/v1/${event.id}/members` };
}

describe('GET /api/v1/{eventId}/members', () => {
  it('lists last seen first, hides empty profiles unless asked, in one {data, meta} envelope', async () => {
    const d = await directory();
    const res = await get(d.url, d.headers);
    expect(res.statusCode).toBe(200);
    const page = res.json<Page>();
    expect(names(page)).toEqual(['Bob', 'Ann', 'Rea']);
    expect(page.meta).toEqual({ page: 1, per_page: 24, total: 3, last_page: 1 });
    // Written without zod's encode pass (presented), so the answer must already be its contract encoding: no extra field.
    expect(z.encode(routes.listMembers.response, page)).toEqual(page);
    expect(names((await get(`${d.url}?filter[empty]=1`, d.headers)).json())).toEqual(['Bob', 'Ann', 'Rea', 'Eve']);
    expect(names((await get(`${d.url}?order=asc`, d.headers)).json())).toEqual(['Rea', 'Ann', 'Bob']);
    expect(names((await get(`${d.url}?sort=name`, d.headers)).json())).toEqual(['Ann', 'Bob', 'Rea']);
    expect(names((await get(`${d.url}?sort=name&order=desc`, d.headers)).json())).toEqual(['Rea', 'Bob', 'Ann']);
    expect(names((await get(`${d.url}?sort=created_at&order=asc`, d.headers)).json())).toEqual(['Rea', 'Ann', 'Bob']);
    const paged = (await get(`${d.url}?per_page=2&page=2`, d.headers)).json<Page>();
    expect(names(paged)).toEqual(['Rea']);
    expect(paged.meta).toEqual({ page: 2, per_page: 2, total: 3, last_page: 2 });
    expect((await get(`${d.url}?per_page=2&page=9`, d.headers)).json<Page>().meta.total).toBe(3);
  });

  it('draws the card: signed avatar, company with logo, region, badges, highlight, favorite', async () => {
    const d = await directory();
    await t.database.db.insert(favorites).values({ userId: d.reader.id, eventId: d.event.id, entityType: 'member', entityId: d.annM.id });
    const ann = (await get(`${d.url}?filter[ids]=${d.annM.id}`, d.headers)).json<Page>().data[0];
    expect(ann).toMatchObject({ id: d.annM.id, is_speaker: true, is_sponsor: false, highlight: true, is_favorite: true, user: { job: 'Producer', region: 'EU', company: { id: d.acme.id, name: 'Acme Games' } } });
    expect(ann?.user.avatar_url).toMatch(/^\/api\/v1\/files\/ann-thumb\.png\?expires=\d+&sig=/);
    expect(ann?.user.company?.logo_url).toMatch(/^\/api\/v1\/files\/acme\.png\?/);
    const bob = (await get(`${d.url}?filter[ids]=${d.bobM.id}`, d.headers)).json<Page>().data[0];
    expect(bob).toMatchObject({ is_sponsor: true, highlight: false, is_favorite: false, user: { company: null, avatar_url: null } });
  });

  it('filters by text (name, job, company), offer, looking, features, region, ids and company', async () => {
    const d = await directory();
    const by = async (query: string) => names((await get(`${d.url}?${query}`, d.headers)).json());
    expect(await by('filter[query]=invest')).toEqual(['Bob']);
    expect(await by('filter[query]=ann%20arch')).toEqual(['Ann']);
    expect(await by('filter[query]=acme')).toEqual(['Ann']);
    expect(await by('filter[query]=100%25')).toEqual([]);
    expect(await by('filter[offer]=2,7')).toEqual(['Ann']);
    expect(await by('filter[offer]=3')).toEqual([]);
    expect(await by('filter[looking]=2')).toEqual(['Bob']);
    expect(await by('filter[features]=highlight')).toEqual(['Ann']);
    expect(await by('filter[features]=highlight&filter[features]=limited_meetings')).toEqual(['Ann']);
    expect(await by('filter[geo]=EU,NA')).toEqual(['Bob', 'Ann']);
    expect(await by('filter[geo]=NA')).toEqual(['Bob']);
    expect(await by(`filter[ids]=${d.annM.id},${d.readerM.id}`)).toEqual(['Ann', 'Rea']);
    expect(await by(`filter[company_id]=${d.acme.id}`)).toEqual(['Ann']);
    expect(await by('filter[query]=a&filter[geo]=EU&filter[offer]=1')).toEqual(['Ann']);
  });

  // The filters read copies kept on event_members by triggers (migration 0005); these pin that a
  // change to the person or their company is visible to the very next request.
  it('finds a person by their new name, job, region, offers and company name at once', async () => {
    const d = await directory();
    const { db } = t.database;
    const by = async (query: string) => names((await get(`${d.url}?${query}`, d.headers)).json());
    await db.update(users).set({ firstName: 'Bea', lastName: 'Builder', job: 'Level designer', region: 'AS', offerIds: [9], lookingIds: [4] }).where(eq(users.id, d.bob.id));
    expect(await by('filter[query]=builder')).toEqual(['Bea']);
    expect(await by('filter[query]=level%20des')).toEqual(['Bea']);
    expect(await by('filter[query]=invest')).toEqual([]);
    expect(await by('filter[geo]=AS')).toEqual(['Bea']);
    expect(await by('filter[geo]=NA')).toEqual([]);
    expect(await by('filter[offer]=9')).toEqual(['Bea']);
    expect(await by('filter[looking]=4')).toEqual(['Bea']);
    expect(await by('filter[looking]=2')).toEqual([]);
    await db.update(companies).set({ name: 'Zenith Works' }).where(eq(companies.id, d.acme.id));
    expect(await by('filter[query]=zenith')).toEqual(['Ann']);
    expect(await by('filter[query]=acme')).toEqual([]);
    // Joining a company, and leaving one, move the company's name with the person.
    await db.update(users).set({ companyId: d.acme.id }).where(eq(users.id, d.bob.id));
    expect(await by('filter[query]=zenith')).toEqual(['Bea', 'Ann']);
    await db.update(users).set({ companyId: null }).where(eq(users.id, d.ann.id));
    expect(await by('filter[query]=zenith')).toEqual(['Bea']);
    // Emptying a profile hides it (unless filter[empty]); filling one shows it.
    await db.update(users).set({ job: ' ', offerIds: [], lookingIds: [] }).where(eq(users.id, d.bob.id));
    expect(await by('')).toEqual(['Ann', 'Rea']);
    expect(await by('filter[empty]=1')).toEqual(['Bea', 'Ann', 'Rea', 'Eve']);
    await db.update(users).set({ avatarKey: 'eve.png' }).where(eq(users.id, d.empty.id));
    expect(await by('')).toEqual(['Ann', 'Rea', 'Eve']);
  });

  it('finds a new member by name, job, company, region and offer as soon as they join', async () => {
    const d = await directory();
    const { db } = t.database;
    const by = async (query: string) => names((await get(`${d.url}?${query}`, d.headers)).json());
    const newcomer = await createUser(db, { firstName: 'Nia', lastName: 'Newman', job: 'Composer', region: 'OC', offerIds: [5], companyId: d.acme.id });
    expect(await by('filter[query]=newman')).toEqual([]);
    await addMembership(db, d.event.id, newcomer.id);
    for (const query of ['filter[query]=newman', 'filter[query]=compos', 'filter[query]=acme&filter[geo]=OC', 'filter[offer]=5']) expect(await by(query), query).toEqual(['Nia']);
  });

  it("adds people of the platform's earlier events who are not members here, with their earlier membership id", async () => {
    const d = await directory();
    const { db } = t.database;
    const past = await createEvent(db, pastDates());
    const future = await createEvent(db, { dateFrom: new Date(Date.now() + 9e8), dateTo: new Date(Date.now() + 1e9) });
    const old = await createUser(db, { firstName: 'Old', lastName: 'Timer', job: 'Veteran' });
    const oldM = await addMembership(db, past.id, old.id);
    await addMembership(db, past.id, d.ann.id);
    const later = await createUser(db, { firstName: 'Lat', lastName: 'Er', job: 'Later' });
    await addMembership(db, future.id, later.id);
    expect(names((await get(d.url, d.headers)).json())).not.toContain('Old');
    const all = (await get(`${d.url}?filter[show_previous]=1&sort=name`, d.headers)).json<Page>();
    expect(names(all)).toEqual(['Ann', 'Bob', 'Rea', 'Old']);
    expect(all.data.find((m) => m.user.first_name === 'Old')?.id).toBe(oldM.id);
    const page = await get(`${d.url}/${oldM.id}`, d.headers);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.user.first_name).toBe('Old');
  });

  it('keeps the section gate: 401 guest, 403 section.locked without networking, 404 unknown event', async () => {
    const d = await directory();
    const { db } = t.database;
    const visitor = await createTicketType(db, d.event.id, { features: ['watch_lecture'] });
    await createTicketType(db, d.event.id, { kind: 'business', features: ['unlimited_meetings'] });
    const watcher = await createUser(db);
    await addMembership(db, d.event.id, watcher.id, { ticketTypeId: visitor.id });
    const headers = await authHeader(db, t.config.secret, watcher.id);
    for (const path of ['', '/autocomplete', '/autocomplete-user', `/${d.annM.id}`]) {
      expect((await get(`${d.url}${path}`, {})).statusCode).toBe(401);
      const res = await get(`${d.url}${path}`, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'section.locked', details: { section: 'members', access: 'upgrade' } });
    }
    const stranger = await authHeader(db, t.config.secret, (await createUser(db)).id);
    expect((await get(d.url, stranger)).json().error.details.access).toBe('not_member');
    expect((await get('/api/v1/999999/members', d.headers)).statusCode).toBe(404);
  });

  it('refuses a revoked session on its very next read, though the session check there also reads access and the event', async () => {
    const d = await directory();
    expect((await get(d.url, d.headers)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: d.headers })).statusCode).toBe(200);
    const res = await get(d.url, d.headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('auth.unauthorized');
    // Any other read naming the event too.
    expect((await get(`/api/v1/${d.event.id}/members/me`, d.headers)).statusCode).toBe(401);
  });

  it('answers 400 for bad filters, never 500', async () => {
    const d = await directory();
    for (const query of ['sort=age', 'order=up', 'page=0', 'per_page=500', 'filter[geo]=MARS', 'filter[offer]=x', 'filter[features]=flying', 'filter[empty]=maybe', 'filter[company_id]=-1', `filter[query]=${'a'.repeat(101)}`, `filter[ids]=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`]) {
      expect((await get(`${d.url}?${query}`, d.headers)).statusCode, query).toBe(400);
    }
    expect((await get(`${d.url}/abc`, d.headers)).statusCode).toBe(400);
    expect((await get(`${d.url}?filter[query]=%25_%5C'`, d.headers)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/{eventId}/members/{id}', () => {
  it('shows the profile with labels in the request language, e-mail and phone only where allowed', async () => {
    const d = await directory();
    const res = await get(`${d.url}/${d.annM.id}`, d.headers, 'ru');
    expect(res.statusCode).toBe(200);
    const ann = res.json<{ data: MemberProfile }>().data;
    expect(ann).toMatchObject({ id: d.annM.id, is_me: false, highlight: true, user: { bio: 'Hi', email: d.ann.email, phone: null, region: 'EU', contacts: { telegram: '@ann', facebook: null } } });
    expect(ann.user.offer).toEqual([{ id: 1, name: 'Инвестиции' }, { id: 2, name: 'Издание игр' }]);
    const bob = (await get(`${d.url}/${d.bobM.id}`, d.headers)).json<{ data: MemberProfile }>().data;
    expect(bob.user).toMatchObject({ email: null, phone: null, looking: [{ id: 2, name: 'A publisher' }] });
    const bobOwn = (await get(`${d.url}/${d.bobM.id}`, await authHeader(t.database.db, t.config.secret, d.bob.id))).json<{ data: MemberProfile }>().data;
    expect(bobOwn).toMatchObject({ is_me: true, user: { phone: '+200', email: d.bob.email } });
  });

  it("answers 404 for another event's membership (IDOR) and for a missing one", async () => {
    const d = await directory();
    const other = await directory();
    const res = await get(`${d.url}/${other.annM.id}`, d.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('member.not_found');
    expect((await get(`${d.url}/2147483647`, d.headers)).statusCode).toBe(404);
    expect((await get(`${d.url}/2147483648`, d.headers)).statusCode).toBe(400);
  });
});

describe('GET /api/v1/{eventId}/members/autocomplete(-user)', () => {
  it('finds up to 20 by name, with role filters in either spelling', async () => {
    const d = await directory();
    const res = await get(`${d.url}/autocomplete?filter[query]=ba`, d.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ id: d.bobM.id, user_id: d.bob.id, name: 'Bob Baker', job: 'Investor', avatar_url: null }]);
    expect((await get(`${d.url}/autocomplete-user?filter[role_ids][]=8`, d.headers)).json().data.map((c: { user_id: number }) => c.user_id)).toEqual([d.ann.id]);
    expect((await get(`${d.url}/autocomplete?filter[role_ids]=8,7`, d.headers)).json().data).toHaveLength(2);
    // Empty profiles are still people one can pick.
    expect((await get(`${d.url}/autocomplete?filter[query]=eve`, d.headers)).json().data).toHaveLength(1);
    const { db } = t.database;
    const many = await Promise.all(Array.from({ length: 25 }, (_, i) => createUser(db, { firstName: 'Zed', lastName: `Z${i}` })));
    for (const person of many) await addMembership(db, d.event.id, person.id);
    expect((await get(`${d.url}/autocomplete?filter[query]=zed`, d.headers)).json().data).toHaveLength(20);
    expect((await get(`${d.url}/autocomplete?filter[role_ids]=x`, d.headers)).statusCode).toBe(400);
  });
});

describe('last seen', () => {
  it('moves forward when the person loads members/me, at most once in five minutes', async () => {
    const d = await directory();
    const { db } = t.database;
    const seen = async () => (await db.select({ at: eventMembers.lastSeenAt }).from(eventMembers).where(eq(eventMembers.id, d.readerM.id)))[0]?.at.getTime() ?? 0;
    await db.update(eventMembers).set({ lastSeenAt: new Date(Date.now() - 10 * 60_000) }).where(eq(eventMembers.id, d.readerM.id));
    const before = await seen();
    expect((await get(`/api/v1/${d.event.id}/members/me`, d.headers)).statusCode).toBe(200);
    const after = await seen();
    expect(after).toBeGreaterThan(before);
    await get(`/api/v1/${d.event.id}/members/me`, d.headers);
    expect(await seen()).toBe(after);
    expect(names((await get(d.url, d.headers)).json())[0]).toBe('Rea');
  });
});
