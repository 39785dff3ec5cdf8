import type { CompanyCard, MemberCard } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favorites } from '../src/db/schema/index.ts';
import { authHeader, createEvent, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { addEventCompany, person } from './people-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>) => t.app.inject({ method, url, headers });

describe('favorites', () => {
  it('stars a member and a company, lists them newest first with card shapes, and unstars', async () => {
    const { db } = t.database;
    const event = await createEvent(db);
    const me = await person(t, event.id);
    const company = await addEventCompany(db, event.id, { business: [1, 99], tags: [3], size: 2, geo: 1, logoKey: 'logo.png' }, 4);
    const other = await person(t, event.id, { firstName: 'Ada', lastName: 'Lovelace', job: 'Engineer', companyId: company.id, avatarKey: 'ada.png', region: 'EU' });
    const second = await person(t, event.id, { firstName: 'Grace' });

    expect((await call('PUT', `/api/v1/${event.id}/favorites/users/${other.memberId}`, me.headers)).json()).toEqual({ data: { type: 'users', id: other.memberId, is_favorite: true } });
    expect((await call('PUT', `/api/v1/${event.id}/favorites/users/${second.memberId}`, me.headers)).statusCode).toBe(200);
    expect((await call('PUT', `/api/v1/${event.id}/favorites/companies/${company.id}`, me.headers)).statusCode).toBe(200);

    const users = await call('GET', `/api/v1/${event.id}/favorites/users`, me.headers);
    expect(users.statusCode).toBe(200);
    const page = users.json<{ data: MemberCard[]; meta: { total: number } }>();
    expect(page.meta).toMatchObject({ total: 2, page: 1 });
    expect(page.data.map((m) => m.id)).toEqual([second.memberId, other.memberId]);
    const ada = page.data[1];
    expect(ada).toMatchObject({ is_favorite: true, user: { first_name: 'Ada', job: 'Engineer', region: 'EU', company: { id: company.id } } });
    expect(ada?.user.avatar_url).toMatch(/^\/api\/v1\/files\/ada\.png\?expires=\d+&sig=/);

    const companies = await call('GET', `/api/v1/${event.id}/favorites/companies`, { ...me.headers, 'accept-language': 'ru' });
    const card = companies.json<{ data: CompanyCard[] }>().data[0];
    expect(card).toMatchObject({ id: company.id, sponsor_type: 4, is_favorite: true, business: [{ id: 1, name: 'Разработчик игр' }], tags: [{ id: 3 }], size: { id: 2, name: '11-50' }, members_count: 0 });
    expect(card?.logo_url).toContain('/api/v1/files/logo.png');

    expect((await call('DELETE', `/api/v1/${event.id}/favorites/users/${other.memberId}`, me.headers)).json().data.is_favorite).toBe(false);
    // Removing a star that is not there is harmless.
    expect((await call('DELETE', `/api/v1/${event.id}/favorites/users/${other.memberId}`, me.headers)).statusCode).toBe(200);
    const after = (await call('GET', `/api/v1/${event.id}/favorites/users?per_page=1`, me.headers)).json<{ data: MemberCard[]; meta: { total: number; last_page: number } }>();
    expect(after.meta).toMatchObject({ total: 1, last_page: 1, per_page: 1 });
  });

  it('is idempotent under 20 parallel stars: one row, 200 each', async () => {
    const { db } = t.database;
    const event = await createEvent(db);
    const me = await person(t, event.id);
    const company = await addEventCompany(db, event.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('PUT', `/api/v1/${event.id}/favorites/companies/${company.id}`, me.headers)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const rows = (await db.select().from(favorites)).filter((row) => row.userId === me.userId && row.eventId === event.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entityType: 'company', entityId: company.id });
  });

  it("answers 404 for another event's member or company and for ids that do not exist", async () => {
    const { db } = t.database;
    const event = await createEvent(db);
    const elsewhere = await createEvent(db);
    const me = await person(t, event.id);
    const stranger = await person(t, elsewhere.id);
    const foreign = await addEventCompany(db, elsewhere.id);
    for (const url of [`users/${stranger.memberId}`, `companies/${foreign.id}`, 'users/2147483647', 'companies/2147483647']) {
      expect((await call('PUT', `/api/v1/${event.id}/favorites/${url}`, me.headers)).statusCode, url).toBe(404);
    }
  });

  it('answers 401 for guests, 404 member.not_found for outsiders, and lets platform staff star', async () => {
    const { db } = t.database;
    const event = await createEvent(db);
    const company = await addEventCompany(db, event.id);
    const url = `/api/v1/${event.id}/favorites/companies/${company.id}`;
    expect((await call('PUT', url, {})).statusCode).toBe(401);
    const outsider = await createUser(db);
    const res = await call('PUT', url, await authHeader(db, t.config.secret, outsider.id));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('member.not_found');
    const staff = await createUser(db, { isStaff: true });
    expect((await call('PUT', url, await authHeader(db, t.config.secret, staff.id))).statusCode).toBe(200);
  });

  it('answers 400 for bad types, ids and pages, never 500', async () => {
    const { db } = t.database;
    const event = await createEvent(db);
    const me = await person(t, event.id);
    for (const url of [`/api/v1/${event.id}/favorites/talks/1`, `/api/v1/${event.id}/favorites/users/abc`, `/api/v1/${event.id}/favorites/users/0`, `/api/v1/${event.id}/favorites/users/99999999999`]) {
      expect((await call('PUT', url, me.headers)).statusCode, url).toBe(400);
    }
    // Lectures are a type since the program (issue 12): a lecture that is not there is 404.
    expect((await call('PUT', `/api/v1/${event.id}/favorites/lectures/1`, me.headers)).json().error.code).toBe('lecture.not_found');
    expect((await call('GET', `/api/v1/${event.id}/favorites/users?page=0`, me.headers)).statusCode).toBe(400);
    expect((await call('GET', `/api/v1/${event.id}/favorites/companies?per_page=1000`, me.headers)).statusCode).toBe(400);
    expect((await call('GET', `/api/v1/2147483647/favorites/users`, me.headers)).statusCode).toBe(404);
  });
});
