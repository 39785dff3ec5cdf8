import type { Company, CompanyCard, CompanyPerson } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyUsers, eventCompanies, favorites, media, users } from '../src/db/schema/index.ts';
import { addMembership, authHeader, createEvent, createUser, pastDates } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const db = () => t.database.db;
const auth = (userId: number) => authHeader(db(), t.config.secret, userId);

async function company(values: Partial<typeof companies.$inferInsert> & { name: string }, eventId?: number, sponsorType: number | null = null) {
  const [row] = await db().insert(companies).values({ business: [1], ...values }).returning();
  if (!row) throw new Error('no company');
  if (eventId !== undefined) await db().insert(eventCompanies).values({ eventId, companyId: row.id, sponsorType });
  return row;
}
const join = (companyId: number, userId: number, roles: string[]) => db().insert(companyUsers).values({ companyId, userId, roles });

async function member(eventId: number, values: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(db(), values);
  const row = await addMembership(db(), eventId, user.id);
  return { user, memberId: row.id, headers: await auth(user.id) };
}

const list = (eventId: number, query: string, headers: Headers) => t.app.inject({ method: 'GET', url: `/api/v1/${eventId}/companies${query}`, headers });
const names = (res: { json: () => unknown }) => (res.json() as { data: CompanyCard[] }).data.map((c) => c.name);

describe('GET /api/v1/{eventId}/companies', () => {
  it('lists the event companies sponsors first by tier, then by name, with labels, country, logo, favorite and people count', async () => {
    const event = await createEvent(db());
    const reader = await member(event.id);
    const plain = await company({ name: 'Aardvark Games', business: [1, 2], tags: [1], size: 1, geo: 1, email: 'secret@example.test', logoKey: 'logo-aardvark.png' }, event.id);
    await company({ name: 'Zebra Exhibitor' }, event.id, 0);
    await company({ name: 'Beta General' }, event.id, 6);
    await company({ name: 'Alpha Diamond' }, event.id, 7);
    await company({ name: 'Not In This Event' });
    await join(plain.id, (await createUser(db())).id, ['admin']);
    await db().insert(favorites).values({ userId: reader.user.id, eventId: event.id, entityType: 'company', entityId: plain.id });

    const res = await list(event.id, '', { ...reader.headers, 'accept-language': 'ru' });
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Beta General', 'Alpha Diamond', 'Zebra Exhibitor', 'Aardvark Games']);
    const body = res.json<{ data: CompanyCard[]; meta: { total: number } }>();
    expect(body.meta).toMatchObject({ total: 4, page: 1 });
    const card = body.data.find((c) => c.id === plain.id);
    expect(card).toMatchObject({ business: [{ id: 1, name: 'Разработчик игр' }, { id: 2, name: 'Издатель' }], tags: [{ id: 1, name: 'Инди' }], is_favorite: true, members_count: 1, sponsor_type: null });
    expect(card?.logo_url).toMatch(/^\/api\/v1\/files\/logo-aardvark\.png\?expires=\d+&sig=/);
    expect(card?.country).toBeTruthy();
    expect(JSON.stringify(body)).not.toContain('secret@example.test');
  });

  it('filters by query, business, tags, sponsor categories and ids; sorts by name and created_at', async () => {
    const event = await createEvent(db());
    const reader = await member(event.id);
    const a = await company({ name: 'Filter Alpha', business: [1], tags: [1, 2] }, event.id, 6);
    const b = await company({ name: 'Filter Beta', business: [2], tags: [3] }, event.id, 7);
    await company({ name: 'Other Gamma', business: [3], tags: [] }, event.id, null);
    const h = reader.headers;
    expect(names(await list(event.id, '?filter[query]=filter%20al', h))).toEqual(['Filter Alpha']);
    expect(names(await list(event.id, '?filter[business]=2,3', h))).toEqual(['Filter Beta', 'Other Gamma']);
    expect(names(await list(event.id, '?filter[tags]=2&filter[tags]=3', h))).toEqual(['Filter Alpha', 'Filter Beta']);
    expect(names(await list(event.id, '?filter[categories][]=7', h))).toEqual(['Filter Beta']);
    expect(names(await list(event.id, '?filter[categories]=6,7', h))).toEqual(['Filter Alpha', 'Filter Beta']);
    expect(names(await list(event.id, `?filter[id]=${a.id},${b.id}`, h))).toEqual(['Filter Alpha', 'Filter Beta']);
    expect(names(await list(event.id, '?sort=name&order=desc', h))).toEqual(['Other Gamma', 'Filter Beta', 'Filter Alpha']);
    expect(names(await list(event.id, '?sort=created_at', h))).toEqual(['Filter Alpha', 'Filter Beta', 'Other Gamma']);
    expect(names(await list(event.id, '?filter[query]=100%25', h))).toEqual([]);
    const paged = await list(event.id, '?per_page=2&page=2', h);
    expect(paged.json()).toMatchObject({ meta: { page: 2, per_page: 2, total: 3, last_page: 2 } });
    expect(names(paged)).toEqual(['Other Gamma']);
  });

  it("adds companies of the platform's earlier events with show_previous, not of later ones", async () => {
    const earlier = await createEvent(db(), pastDates());
    const event = await createEvent(db());
    const later = await createEvent(db(), { dateFrom: new Date(Date.now() + 5 * 86_400_000), dateTo: new Date(Date.now() + 6 * 86_400_000) });
    const reader = await member(event.id);
    await company({ name: 'Current Co' }, event.id);
    const past = await company({ name: 'Past Co' }, earlier.id, 6);
    await company({ name: 'Future Co' }, later.id);
    expect(names(await list(event.id, '', reader.headers))).toEqual(['Current Co']);
    const res = await list(event.id, '?show_previous=1', reader.headers);
    expect(names(res)).toEqual(['Current Co', 'Past Co']);
    // The tier belongs to the earlier event, not this one.
    expect(res.json<{ data: CompanyCard[] }>().data.find((c) => c.id === past.id)?.sponsor_type).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/${event.id}/companies/${past.id}`, headers: reader.headers })).statusCode).toBe(200);
  });

  it('answers 400 for bad filter values, never 500', async () => {
    const event = await createEvent(db());
    const reader = await member(event.id);
    for (const query of ['?filter[business]=abc', '?filter[tags]=-1', '?filter[categories][]=x', '?filter[id]=1.5', '?sort=bogus', '?order=up', '?page=0', '?per_page=1000', '?show_previous=maybe', `?filter[query]=${'a'.repeat(101)}`, '?filter[business]=99999999999']) {
      const res = await list(event.id, query, reader.headers);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await list(event.id, '?filter[categories][]=42', reader.headers)).statusCode).toBe(200);
  });

  it('answers 401 for a guest, 404 for people outside the event, 200 for its managers and staff', async () => {
    const event = await createEvent(db());
    expect((await list(event.id, '', {})).statusCode).toBe(401);
    const stranger = await createUser(db());
    const outsider = await list(event.id, '', await auth(stranger.id));
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().error.code).toBe('event.not_found');
    const staff = await createUser(db(), { isStaff: true });
    expect((await list(event.id, '', await auth(staff.id))).statusCode).toBe(200);
    expect((await list(999_999, '', await auth(staff.id))).statusCode).toBe(404);
  });
});

describe('GET /api/v1/{eventId}/companies/{id}', () => {
  it('answers the company with media, people with roles and memberships, abilities, never the e-mail', async () => {
    const event = await createEvent(db());
    const reader = await member(event.id);
    const co = await company({ name: 'Page Co', description: '# Hello', site: 'https://page.example', email: 'hidden@example.test', hasChat: true, coverKey: 'cover.png', primaryBusiness: 1 }, event.id, 7);
    const colleague = await member(event.id, { firstName: 'Ada', lastName: 'Admin' });
    const outsider = await createUser(db(), { firstName: 'Olga', lastName: 'Offline' });
    await join(co.id, colleague.user.id, ['chat', 'admin']);
    await join(co.id, outsider.id, ['chat']);
    await db().insert(media).values([
      { ownerType: 'company', ownerId: co.id, category: 'hero_main', url: 'hero.png', storageKey: 'hero.png', mimeType: 'image/png' },
      { ownerType: 'company', ownerId: co.id + 1000, category: 'hero_main', url: 'not-mine.png', mimeType: 'image/png' },
    ]);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/${event.id}/companies/${co.id}`, headers: reader.headers });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: Company }>().data;
    expect(data).toMatchObject({ name: 'Page Co', description: '# Hello', site: 'https://page.example', sponsor_type: 7, has_chat: true, members_count: 2, primary_business: { id: 1 } });
    expect(data.media).toHaveLength(1);
    expect(data.media[0]?.url).toMatch(/^\/api\/v1\/files\/hero\.png\?/);
    expect(data.cover_url).toMatch(/^\/api\/v1\/files\/cover\.png\?/);
    expect(data.members).toEqual([
      expect.objectContaining({ user_id: colleague.user.id, member_id: colleague.memberId, roles: ['chat', 'admin'] }),
      expect.objectContaining({ user_id: outsider.id, member_id: null, roles: ['chat'] }),
    ]);
    expect(data.abilities).toEqual({ edit: false, manage_members: false, chat: false });
    expect(JSON.stringify(data)).not.toContain('hidden@example.test');
    const own = await t.app.inject({ method: 'GET', url: `/api/v1/${event.id}/companies/${co.id}`, headers: colleague.headers });
    expect(own.json<{ data: Company }>().data.abilities).toMatchObject({ edit: true, manage_members: true });
  });

  it("answers 404 for another event's company (IDOR) and an unknown one", async () => {
    const event = await createEvent(db());
    const other = await createEvent(db());
    const reader = await member(event.id);
    const theirs = await company({ name: 'Their Co' }, other.id, 6);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/${event.id}/companies/${theirs.id}`, headers: reader.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('company.not_found');
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/${event.id}/companies/99999999`, headers: reader.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/${event.id}/companies/abc`, headers: reader.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/${other.id}/companies/${theirs.id}`, headers: reader.headers })).statusCode).toBe(404);
  });
});

const body = (over: Record<string, unknown> = {}) => ({ name: 'Made Co', business: [1], site: 'made.example', email: 'made@example.test', ...over });

describe('POST /api/v1/companies and PUT /api/v1/companies/{id}', () => {
  it('makes the creator its admin, their company, and adds it to the event they are a member of', async () => {
    const event = await createEvent(db());
    const creator = await member(event.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/companies', headers: creator.headers, payload: body({ event_id: event.id, tags: [1] }) });
    expect(res.statusCode).toBe(201);
    const data = res.json<{ data: Company }>().data;
    expect(data).toMatchObject({ name: 'Made Co', site: 'https://made.example', abilities: { edit: true, manage_members: true } });
    expect(data.members).toEqual([expect.objectContaining({ user_id: creator.user.id, roles: ['chat', 'admin'], member_id: creator.memberId })]);
    const [user] = await db().select().from(users).where(eq(users.id, creator.user.id));
    expect(user?.companyId).toBe(data.id);
    expect(names(await list(event.id, '', creator.headers))).toEqual(['Made Co']);
    // A second company does not replace the person's company.
    const second = await t.app.inject({ method: 'POST', url: '/api/v1/companies', headers: creator.headers, payload: body({ name: 'Second Co' }) });
    expect(second.statusCode).toBe(201);
    const [again] = await db().select().from(users).where(eq(users.id, creator.user.id));
    expect(again?.companyId).toBe(data.id);
  });

  it('refuses an event the creator is not a member of, and bad fields', async () => {
    const event = await createEvent(db());
    const person = await createUser(db());
    const h = await auth(person.id);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/companies', headers: h, payload: body({ event_id: event.id }) })).statusCode).toBe(404);
    for (const bad of [{ business: [] }, { name: '' }, { site: 'not a site' }, { email: 'nope' }, { business: [1, 2, 3, 4, 5, 6] }, { description: 'x'.repeat(5001) }, { geo: 'x' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/companies', headers: h, payload: body(bad) });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/companies', payload: body() })).statusCode).toBe(401);
  });

  it('lets the company admin and staff edit; others get "company edit forbidden"', async () => {
    const co = await company({ name: 'Edit Co', email: 'keep@example.test' });
    const admin = await createUser(db());
    const chatter = await createUser(db());
    const otherAdmin = await createUser(db());
    const staff = await createUser(db(), { isStaff: true });
    await join(co.id, admin.id, ['chat', 'admin']);
    await join(co.id, chatter.id, ['chat']);
    const elsewhere = await company({ name: 'Elsewhere Co' });
    await join(elsewhere.id, otherAdmin.id, ['admin']);
    const put = async (userId: number, payload: Record<string, unknown>, id = co.id) => t.app.inject({ method: 'PUT', url: `/api/v1/companies/${id}`, headers: await auth(userId), payload });
    const ok = await put(admin.id, body({ name: 'Edited Co', description: 'About us' }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ data: Company }>().data).toMatchObject({ name: 'Edited Co', description: 'About us' });
    for (const userId of [chatter.id, otherAdmin.id]) {
      const res = await put(userId, body());
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'company.edit_forbidden', message: 'company edit forbidden' });
    }
    expect((await put(staff.id, body({ name: 'Staff Co' }))).statusCode).toBe(200);
    expect((await put(admin.id, body(), 99_999_999)).statusCode).toBe(404);
    expect((await put(admin.id, body({ business: [] }))).statusCode).toBe(400);
  });
});

describe('GET /api/v1/companies/autocomplete and GET /api/v1/companies/{id}', () => {
  it('answers up to 20 companies by name', async () => {
    const person = await createUser(db());
    for (let i = 0; i < 22; i += 1) await company({ name: `Autocomplete Unique ${String(i).padStart(2, '0')}` });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/companies/autocomplete?query=autocomplete%20unique', headers: await auth(person.id) });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: { name: string }[] }>().data;
    expect(data).toHaveLength(20);
    expect(data[0]?.name).toBe('Autocomplete Unique 00');
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/companies/autocomplete?query=${'q'.repeat(101)}`, headers: await auth(person.id) })).statusCode).toBe(400);
  });

  it('answers the own company to its people and staff, 404 to others', async () => {
    const co = await company({ name: 'Own Co' });
    const mine = await createUser(db());
    await join(co.id, mine.id, ['chat']);
    const get = async (userId: number) => t.app.inject({ method: 'GET', url: `/api/v1/companies/${co.id}`, headers: await auth(userId) });
    const res = await get(mine.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Company }>().data.abilities.edit).toBe(false);
    expect((await get((await createUser(db())).id)).statusCode).toBe(404);
    expect((await get((await createUser(db(), { isStaff: true })).id)).statusCode).toBe(200);
  });
});

describe('company people: set-role, remove, list', () => {
  async function team() {
    const co = await company({ name: `Team Co ${Math.random()}` });
    const admin = await createUser(db());
    const worker = await createUser(db(), { companyId: co.id });
    const stranger = await createUser(db());
    await join(co.id, admin.id, ['chat', 'admin']);
    await join(co.id, worker.id, ['chat']);
    return { co, admin, worker, stranger };
  }
  const setRole = async (id: number, actor: number, payload: unknown) => t.app.inject({ method: 'POST', url: `/api/v1/companies/${id}/set-role`, headers: await auth(actor), payload: payload as Record<string, unknown> });
  const remove = async (id: number, actor: number, userId: number) => t.app.inject({ method: 'DELETE', url: `/api/v1/companies/${id}/users/${userId}`, headers: await auth(actor) });

  it('lets an admin change roles; refuses others, strangers to the company and the last admin', async () => {
    const { co, admin, worker, stranger } = await team();
    const res = await setRole(co.id, admin.id, { user_id: worker.id, roles: ['admin', 'chat'] });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: CompanyPerson }>().data).toMatchObject({ user_id: worker.id, roles: ['chat', 'admin'] });
    // Two admins now: the first may step down, then the second is the last.
    expect((await setRole(co.id, admin.id, { user_id: admin.id, roles: ['chat'] })).statusCode).toBe(200);
    const last = await setRole(co.id, worker.id, { user_id: worker.id, roles: [] });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('company.last_admin');
    const refused = await setRole(co.id, admin.id, { user_id: worker.id, roles: [] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('company.edit_forbidden');
    expect((await setRole(co.id, worker.id, { user_id: stranger.id, roles: ['chat'] })).statusCode).toBe(404);
    expect((await setRole(99_999_999, worker.id, { user_id: worker.id, roles: ['chat'] })).statusCode).toBe(404);
    expect((await setRole(co.id, worker.id, { user_id: worker.id, roles: ['owner'] })).statusCode).toBe(400);
    expect((await setRole(co.id, worker.id, { user_id: 'x', roles: [] })).statusCode).toBe(400);
  });

  it('an admin of another company cannot change roles here', async () => {
    const { co, worker } = await team();
    const elsewhere = await team();
    expect((await setRole(co.id, elsewhere.admin.id, { user_id: worker.id, roles: ['chat', 'admin'] })).statusCode).toBe(403);
    expect((await remove(co.id, elsewhere.admin.id, worker.id)).statusCode).toBe(403);
  });

  it('lets an admin remove people and anyone leave, clearing their company; the last admin stays', async () => {
    const { co, admin, worker, stranger } = await team();
    const other = await createUser(db());
    await join(co.id, other.id, []);
    expect((await remove(co.id, other.id, worker.id)).statusCode).toBe(403);
    const res = await remove(co.id, admin.id, worker.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { removed: true } });
    const [gone] = await db().select().from(users).where(eq(users.id, worker.id));
    expect(gone?.companyId).toBeNull();
    expect((await remove(co.id, other.id, other.id)).statusCode).toBe(200);
    expect((await remove(co.id, admin.id, admin.id)).statusCode).toBe(409);
    expect((await remove(co.id, admin.id, stranger.id)).statusCode).toBe(404);
  });

  it('lists the people paged for the company and staff, 404 for others', async () => {
    const { co, admin, worker, stranger } = await team();
    const get = async (userId: number, query = '') => t.app.inject({ method: 'GET', url: `/api/v1/companies/${co.id}/users${query}`, headers: await auth(userId) });
    const res = await get(worker.id, '?per_page=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ meta: { total: 2, per_page: 1, last_page: 2 } });
    expect(res.json<{ data: CompanyPerson[] }>().data).toHaveLength(1);
    expect((await get(admin.id, '?page=2&per_page=1')).json<{ data: CompanyPerson[] }>().data).toHaveLength(1);
    expect((await get(stranger.id)).statusCode).toBe(404);
    expect((await get(worker.id, '?page=0')).statusCode).toBe(400);
    expect((await get((await createUser(db(), { isStaff: true })).id)).statusCode).toBe(200);
  });
});

describe('publisher fields of a company', () => {
  it('saves publisher_looking_for and publisher_genres on create and update, repeated values once, and reads them back as labels and keys', async () => {
    const person = await createUser(db());
    const h = await auth(person.id);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/companies', headers: h, payload: body({ name: 'Pub Co', business: [2], publisher_looking_for: [1, 2, 2], publisher_genres: ['casual', 'midcore', 'casual'] }) });
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json<{ data: Company }>().data;
    expect(data.publisher_looking_for.map((ref) => ref.id)).toEqual([1, 2]);
    expect(data.publisher_looking_for.every((ref) => ref.name.length > 0)).toBe(true);
    expect(data.publisher_genres).toEqual(['casual', 'midcore']);
    const [row] = await db().select().from(companies).where(eq(companies.id, data.id));
    expect(row).toMatchObject({ publisherLookingFor: [1, 2], publisherGenres: ['casual', 'midcore'] });
    const put = (payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/v1/companies/${data.id}`, headers: h, payload: body({ name: 'Pub Co', business: [2], ...payload }) });
    const edited = await put({ publisher_looking_for: [3], publisher_genres: ['hardcore'] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ data: Company }>().data).toMatchObject({ publisher_looking_for: [expect.objectContaining({ id: 3 })], publisher_genres: ['hardcore'] });
    // Left out, they keep their values; an empty list clears them.
    expect((await put({})).json<{ data: Company }>().data.publisher_genres).toEqual(['hardcore']);
    expect((await put({ publisher_looking_for: [], publisher_genres: [] })).json<{ data: Company }>().data).toMatchObject({ publisher_looking_for: [], publisher_genres: [] });
  });

  it('refuses a value that is not in the publisher.looking_for list (422) and an unknown genre (400), storing nothing', async () => {
    const person = await createUser(db());
    const h = await auth(person.id);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/companies', headers: h, payload: body({ name: 'Bad Pub Co', business: [2], publisher_looking_for: [1, 999] }) });
    expect(unknown.statusCode, unknown.body).toBe(422);
    expect(unknown.json().error).toMatchObject({ code: 'validation.failed', details: { fields: [expect.objectContaining({ field: 'body.publisher_looking_for' })] } });
    expect(await db().select().from(companies).where(eq(companies.name, 'Bad Pub Co'))).toEqual([]);
    const genre = await t.app.inject({ method: 'POST', url: '/api/v1/companies', headers: h, payload: body({ name: 'Bad Pub Co', business: [2], publisher_genres: ['arcade'] }) });
    expect(genre.statusCode).toBe(400);
    const made = await t.app.inject({ method: 'POST', url: '/api/v1/companies', headers: h, payload: body({ name: 'Good Pub Co', business: [2] }) });
    const id = made.json<{ data: Company }>().data.id;
    const edit = await t.app.inject({ method: 'PUT', url: `/api/v1/companies/${id}`, headers: h, payload: body({ name: 'Good Pub Co', publisher_looking_for: [0] }) });
    expect(edit.statusCode).toBe(422);
  });
});

describe('PATCH /api/v1/users/me company_id (the company picker)', () => {
  it('joins the company without roles and makes it the person’s company; an unknown company is 404', async () => {
    const co = await company({ name: 'Picked Co' });
    const person = await createUser(db());
    const h = await auth(person.id);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/v1/users/me', headers: h, payload: { company_id: co.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ company_id: co.id, company_roles: [] });
    const [row] = await db().select().from(companyUsers).where(eq(companyUsers.userId, person.id));
    expect(row).toMatchObject({ companyId: co.id, roles: [] });
    // Picking it again changes nothing; the company's admin can now give roles.
    expect((await t.app.inject({ method: 'PATCH', url: '/api/v1/users/me', headers: h, payload: { company_id: co.id } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/v1/users/me', headers: h, payload: { company_id: 99_999_999 } })).statusCode).toBe(404);
    const cleared = await t.app.inject({ method: 'PATCH', url: '/api/v1/users/me', headers: h, payload: { company_id: null } });
    expect(cleared.json().data.company_id).toBeNull();
  });
});
