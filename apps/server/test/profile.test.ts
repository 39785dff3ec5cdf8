import type { EventMember, Me } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyUsers, eventCompanies, users } from '../src/db/schema/index.ts';
import { addCompanyRole, addMembership, authHeader, createEvent, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signedIn = async () => {
  const user = await createUser(t.database.db);
  return { user, headers: await authHeader(t.database.db, t.config.secret, user.id) };
};
const patchMe = (headers: Record<string, string>, payload: unknown) => t.app.inject({ method: 'PATCH', url: '/api/v1/users/me', headers, payload: payload as Record<string, unknown> });
const patchMember = (eventId: number, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/${eventId}/members/me`, headers, payload: payload as Record<string, unknown> });
const newCompany = async (name = 'Pixel Forge') => {
  const [row] = await t.database.db.insert(companies).values({ name }).returning();
  if (!row) throw new Error('no company');
  return row;
};

describe('PATCH /api/v1/users/me (profile)', () => {
  it('saves every profile field; the region follows the country, the website gets https://', async () => {
    const { headers } = await signedIn();
    const res = await patchMe(headers, {
      first_name: 'Анна-Мария',
      last_name: "O'Neil",
      job: 'Producer',
      bio: 'Makes games.',
      portfolio: 'example.com/me',
      phone: '+7 900 123-45-67',
      whatsapp: '',
      linkedin: 'https://linkedin.com/in/anna',
      contacts: { telegram: '@anna_games', wechat: 'anna', facebook: '' },
      city: 'Berlin',
      geo: 1,
      offer_ids: [1, 2, 2],
      looking_ids: [3],
      show_email: true,
      show_phone: false,
      disable_email_notifications: true,
      language: 'ru',
      timezone: 'Europe/Berlin',
    });
    expect(res.statusCode).toBe(200);
    const me = res.json<{ data: Me }>().data;
    expect(me).toMatchObject({
      first_name: 'Анна-Мария',
      last_name: "O'Neil",
      job: 'Producer',
      portfolio: 'https://example.com/me',
      whatsapp: null,
      contacts: { telegram: 'anna_games', wechat: 'anna', facebook: null },
      city: 'Berlin',
      geo: 1,
      show_email: true,
      disable_email_notifications: true,
      language: 'ru',
      timezone: 'Europe/Berlin',
    });
    expect(me.region).not.toBeNull();
    expect(me.offer.map((o) => o.id)).toEqual([1, 2]);
    expect(me.looking.map((o) => o.id)).toEqual([3]);
    // A later form that sends only the city leaves the rest alone; clearing the country clears the region.
    const later = (await patchMe(headers, { city: '', geo: null })).json<{ data: Me }>().data;
    expect(later).toMatchObject({ city: null, geo: null, region: null, job: 'Producer', contacts: { telegram: 'anna_games' } });
  });

  it('answers 400 with the rule for a bad name, more than 5 offers and a bad website', async () => {
    const { headers } = await signedIn();
    const name = await patchMe(headers, { first_name: 'Anna  Maria' });
    expect(name.statusCode).toBe(400);
    expect(name.json().error.details.fields[0]).toMatchObject({ field: 'body.first_name' });
    const offers = await patchMe(headers, { offer_ids: [1, 2, 3, 4, 5, 6] });
    expect(offers.statusCode).toBe(400);
    expect(offers.json().error.details.fields[0]).toMatchObject({ field: 'body.offer_ids', key: 'max_selected' });
    const site = await patchMe(headers, { portfolio: 'not a site' });
    expect(site.statusCode).toBe(400);
    expect(site.json().error.details.fields[0]).toMatchObject({ field: 'body.portfolio', key: 'invalid_url' });
    expect((await patchMe(headers, { geo: 100000 })).statusCode).toBe(400);
    expect((await patchMe(headers, { first_name: '' })).statusCode).toBe(400);
    const zone = await patchMe(headers, { timezone: 'Mars/Olympus' });
    expect([400, 422]).toContain(zone.statusCode);
  });

  it('joins a company: listed there without roles, the company enters the person’s events; leaving keeps the row', async () => {
    const { db } = t.database;
    const { user, headers } = await signedIn();
    const event = await createEvent(db);
    await addMembership(db, event.id, user.id);
    const company = await newCompany();
    const res = await patchMe(headers, { company_id: company.id });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Me }>().data).toMatchObject({ company_id: company.id, company: { id: company.id, name: 'Pixel Forge' }, company_roles: [] });
    expect(await db.select().from(companyUsers).where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, user.id)))).toHaveLength(1);
    expect(await db.select().from(eventCompanies).where(and(eq(eventCompanies.companyId, company.id), eq(eventCompanies.eventId, event.id)))).toHaveLength(1);
    const left = await patchMe(headers, { company_id: null });
    expect(left.json<{ data: Me }>().data.company).toBeNull();
    expect(await db.select().from(companyUsers).where(eq(companyUsers.userId, user.id))).toHaveLength(1);
  });

  it('keeps the roles of a person who already belongs to the company; an unknown company is 404', async () => {
    const { user, headers } = await signedIn();
    const company = await addCompanyRole(t.database.db, user.id, ['admin']);
    expect((await patchMe(headers, { company_id: company.id })).json<{ data: Me }>().data.company_roles).toEqual(['admin']);
    const missing = await patchMe(headers, { company_id: 999999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('company.not_found');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.companyId).toBe(company.id);
  });
});

describe('PATCH /api/v1/{eventId}/members/me', () => {
  it('saves profile fields and answers the membership with what is still missing', async () => {
    const { db } = t.database;
    const event = await createEvent(db, { requiredFields: [{ type: 'job', required: true }, { type: 'country', required: true }] });
    const { user, headers } = await signedIn();
    await addMembership(db, event.id, user.id);
    const first = await patchMember(event.id, headers, { job: 'Designer' });
    expect(first.statusCode).toBe(200);
    const member = first.json<{ data: EventMember }>().data;
    expect(member.user.job).toBe('Designer');
    expect(member.event_id).toBe(event.id);
    expect(member.profile_missing).toEqual(['country']);
    const done = (await patchMember(event.id, headers, { geo: 2 })).json<{ data: EventMember }>().data;
    expect(done.profile_missing).toEqual([]);
  });

  it('merges settings into the membership and sets the timezone', async () => {
    const { db } = t.database;
    const event = await createEvent(db);
    const { user, headers } = await signedIn();
    await addMembership(db, event.id, user.id);
    const res = await patchMember(event.id, headers, { settings: { enable_homework_teacher_notification: true }, timezone: 'Asia/Tokyo' });
    expect(res.statusCode).toBe(200);
    const member = res.json<{ data: EventMember }>().data;
    expect(member.settings).toMatchObject({ enable_homework_teacher_notification: true });
    expect(member.user.timezone).toBe('Asia/Tokyo');
    expect((await patchMember(event.id, headers, { settings: { unknown_setting: 1 } })).statusCode).toBe(400);
  });

  it('answers 404 to someone outside the event (no profile change) and 401 to a guest', async () => {
    const event = await createEvent(t.database.db);
    const { user, headers } = await signedIn();
    const res = await patchMember(event.id, headers, { job: 'Intruder' });
    expect(res.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.job).toBeNull();
    expect((await patchMember(event.id, {}, { job: 'x' })).statusCode).toBe(401);
    expect((await patchMember(event.id, headers, { offer_ids: 'x' })).statusCode).toBe(400);
  });
});
