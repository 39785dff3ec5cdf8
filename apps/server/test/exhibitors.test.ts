// The back office's exhibitors: the event's companies with their sponsor tier and stand, adding an
// existing company and taking one out (only while none of its people is a member of the event).
import { ErrorCode, type Booth, type Exhibitor } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyUsers, eventCompanies } from '../src/db/schema/index.ts';
import { addMembership, ALL_FEATURES, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
type Headers = Record<string, string>;
let eventId: number;
let otherEventId: number;
let organiser: Headers;
let otherOrganiser: Headers;
let staff: Headers;
let attendee: Headers;
let companyAdmin: Headers;
const co = {} as Record<'gold' | 'silver' | 'general' | 'plain' | 'staffed' | 'elsewhere' | 'outside', number>;

const db = () => t.database.db;
const base = () => `/api/admin/v1/events/${eventId}/exhibitors`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers | undefined, payload?: unknown) =>
  t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function company(name: string, inEvent: { eventId?: number; sponsorType?: number | null; location?: string | null; mediaPartner?: boolean } | null = {}) {
  const [row] = await db().insert(companies).values({ name }).returning();
  if (!row) throw new Error('no company');
  if (inEvent)
    await db()
      .insert(eventCompanies)
      .values({ eventId: inEvent.eventId ?? eventId, companyId: row.id, sponsorType: inEvent.sponsorType ?? null, location: inEvent.location ?? null, mediaPartner: inEvent.mediaPartner ?? false });
  return row.id;
}

async function person(values: { event?: number | null; organiser?: boolean; companyId?: number; roles?: string[]; isStaff?: boolean } = {}) {
  const user = await createUser(db(), values.isStaff ? { isStaff: true } : {});
  const ticket = await createTicketType(db(), eventId, { code: `t${user.id}`, features: ALL_FEATURES });
  if (values.event !== null) await addMembership(db(), values.event ?? eventId, user.id, { ticketTypeId: (values.event ?? eventId) === eventId ? ticket.id : null, isOrganizer: values.organiser ?? false });
  if (values.companyId !== undefined) await db().insert(companyUsers).values({ companyId: values.companyId, userId: user.id, roles: values.roles ?? ['chat'] });
  return authHeader(db(), t.config.secret, user.id);
}

const row = async (companyId: number) =>
  (await db().select().from(eventCompanies).where(and(eq(eventCompanies.eventId, eventId), eq(eventCompanies.companyId, companyId))))[0];

beforeAll(async () => {
  t = await createTestApp();
  eventId = (await createEvent(db())).id;
  otherEventId = (await createEvent(db())).id;
  co.gold = await company('Zeta Gold', { sponsorType: 3, location: 'Hall A, 4' });
  co.silver = await company('Alpha Silver', { sponsorType: 2 });
  co.general = await company('Mid General', { sponsorType: 6, mediaPartner: true });
  co.plain = await company('Beta Plain');
  co.staffed = await company('Crew Studio');
  co.elsewhere = await company('Elsewhere Co', { eventId: otherEventId, sponsorType: 4 });
  co.outside = await company('Outside Co', null);
  organiser = await person({ organiser: true });
  otherOrganiser = await person({ event: otherEventId, organiser: true });
  staff = await person({ event: null, isStaff: true });
  attendee = await person();
  companyAdmin = await person({ companyId: co.staffed, roles: ['admin', 'chat'] });
  await person({ companyId: co.staffed });
  // Someone of Beta Plain who is not a member of this event (another event's member).
  await person({ event: otherEventId, companyId: co.plain });
});

afterAll(async () => {
  await t?.close();
});

describe('listing the exhibitors', () => {
  it('lists the event\'s companies by tier rank, then by name, with their stand, media mark and people in the event', async () => {
    const res = await call('GET', base(), organiser);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: Exhibitor[]; meta: { total: number; page: number; last_page: number } }>();
    // sponsorRank: 6 (General) before 3 (Gold) before 2 (Silver); no tier last, by name.
    expect(body.data.map((e) => e.name)).toEqual(['Mid General', 'Zeta Gold', 'Alpha Silver', 'Beta Plain', 'Crew Studio']);
    expect(body.meta).toMatchObject({ total: 5, page: 1, last_page: 1 });
    expect(body.data.find((e) => e.id === co.gold)).toMatchObject({ sponsor_type: 3, location: 'Hall A, 4', media_partner: false, members_count: 0, logo_url: null });
    expect(body.data.find((e) => e.id === co.general)).toMatchObject({ sponsor_type: 6, media_partner: true });
    expect(body.data.find((e) => e.id === co.staffed)?.members_count).toBe(2);
    // A person of the company who is a member of another event only does not count here.
    expect(body.data.find((e) => e.id === co.plain)?.members_count).toBe(0);
  });

  it('filters by name and by tier, and pages', async () => {
    const byName = await call('GET', `${base()}?filter[query]=${encodeURIComponent('al')}`, organiser);
    expect(byName.json<{ data: Exhibitor[] }>().data.map((e) => e.name)).toEqual(['Mid General', 'Alpha Silver']);
    const wildcard = await call('GET', `${base()}?filter[query]=${encodeURIComponent('%')}`, organiser);
    expect(wildcard.json<{ data: Exhibitor[] }>().data).toEqual([]);
    const byTier = await call('GET', `${base()}?filter[tier]=2,3`, organiser);
    expect(byTier.json<{ data: Exhibitor[] }>().data.map((e) => e.id)).toEqual([co.gold, co.silver]);
    const page2 = await call('GET', `${base()}?per_page=2&page=2`, organiser);
    expect(page2.json<{ data: Exhibitor[]; meta: { last_page: number } }>()).toMatchObject({ meta: { last_page: 3 } });
    expect(page2.json<{ data: Exhibitor[] }>().data.map((e) => e.name)).toEqual(['Alpha Silver', 'Beta Plain']);
  });

  it('refuses bad queries with 400', async () => {
    for (const query of ['per_page=0', 'per_page=1000', 'page=-1', 'filter[tier]=x', `filter[query]=${'a'.repeat(101)}`, 'filter[tier]=1,2,3,4,5,6,7,8,9,0,1']) {
      const res = await call('GET', `${base()}?${query}`, organiser);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toBe(ErrorCode.validation);
    }
  });
});

describe('setting the tier and the stand', () => {
  it('sets them, and the expo hall shows the company as a booth with that tier and stand', async () => {
    const res = await call('PUT', `${base()}/${co.plain}`, organiser, { sponsor_type: 4, location: '  Hall B, stand 12  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Exhibitor }>().data).toMatchObject({ id: co.plain, name: 'Beta Plain', sponsor_type: 4, location: 'Hall B, stand 12' });
    expect(await row(co.plain)).toMatchObject({ sponsorType: 4, location: 'Hall B, stand 12' });
    const hall = await call('GET', `/api/expo/${eventId}/expo`, organiser);
    expect(hall.statusCode).toBe(200);
    const booth = hall.json<{ data: Booth[] }>().data.find((b) => b.id === co.plain);
    expect(booth).toMatchObject({ sponsor_type: 4, location: 'Hall B, stand 12' });
  });

  it('clears them with null (a blank stand is none), and the company leaves the expo hall', async () => {
    const res = await call('PUT', `${base()}/${co.plain}`, organiser, { sponsor_type: null, location: '   ' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Exhibitor }>().data).toMatchObject({ sponsor_type: null, location: null });
    const hall = await call('GET', `/api/expo/${eventId}/expo`, organiser);
    expect(hall.json<{ data: Booth[] }>().data.map((b) => b.id)).not.toContain(co.plain);
  });

  it('keeps the media partner mark', async () => {
    await call('PUT', `${base()}/${co.general}`, organiser, { sponsor_type: 7, location: null });
    expect(await row(co.general)).toMatchObject({ sponsorType: 7, mediaPartner: true });
  });

  it('answers 400/422 for bad input, never 500', async () => {
    const bad: unknown[] = [
      { sponsor_type: 10, location: null },
      { sponsor_type: -1, location: null },
      { sponsor_type: 1.5, location: null },
      { sponsor_type: '3', location: null },
      { sponsor_type: 1, location: 'x'.repeat(201) },
      { sponsor_type: 1, location: 12 },
      { sponsor_type: 1 },
      { location: 'Hall' },
      { sponsor_type: 1, location: 'bad\u0000' },
      [],
    ];
    for (const payload of bad) {
      const res = await call('PUT', `${base()}/${co.gold}`, organiser, payload);
      expect([400, 422], JSON.stringify(payload)).toContain(res.statusCode);
      expect(res.json().error.code).toBe(ErrorCode.validation);
    }
    for (const id of ['abc', '0', '-1', '99999999999', '1.5']) {
      const res = await call('PUT', `${base()}/${id}`, organiser, { sponsor_type: 1, location: null });
      expect(res.statusCode, id).toBe(400);
    }
    const badEvent = await call('PUT', `/api/admin/v1/events/abc/exhibitors/${co.gold}`, organiser, { sponsor_type: 1, location: null });
    expect(badEvent.statusCode).toBe(400);
    expect(await row(co.gold)).toMatchObject({ sponsorType: 3, location: 'Hall A, 4' });
  });

  it('takes 200 characters of stand', async () => {
    const res = await call('PUT', `${base()}/${co.gold}`, organiser, { sponsor_type: 3, location: 'y'.repeat(200) });
    expect(res.statusCode).toBe(200);
    await call('PUT', `${base()}/${co.gold}`, organiser, { sponsor_type: 3, location: 'Hall A, 4' });
  });

  it("answers 404 for another event's company or one that takes no part, and changes nothing (IDOR)", async () => {
    for (const id of [co.elsewhere, co.outside, 2_000_000_000]) {
      const res = await call('PUT', `${base()}/${id}`, organiser, { sponsor_type: 0, location: 'Stolen' });
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().error.code).toBe(ErrorCode.companyNotFound);
    }
    const [elsewhere] = await db().select().from(eventCompanies).where(eq(eventCompanies.companyId, co.elsewhere));
    expect(elsewhere).toMatchObject({ eventId: otherEventId, sponsorType: 4, location: null });
    // The other event's organiser cannot reach this event's companies through their own event either.
    const cross = await call('PUT', `/api/admin/v1/events/${otherEventId}/exhibitors/${co.gold}`, otherOrganiser, { sponsor_type: 0, location: 'Stolen' });
    expect(cross.statusCode).toBe(404);
    expect(await row(co.gold)).toMatchObject({ sponsorType: 3, location: 'Hall A, 4' });
  });
});

describe('adding a company', () => {
  it('adds an existing company with a tier and a stand, then 409 when it is already in', async () => {
    const res = await call('POST', base(), organiser, { company_id: co.outside, sponsor_type: 1, location: 'Lobby' });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: Exhibitor }>().data).toMatchObject({ id: co.outside, name: 'Outside Co', sponsor_type: 1, location: 'Lobby', media_partner: false, members_count: 0 });
    const again = await call('POST', base(), organiser, { company_id: co.outside });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe(ErrorCode.exhibitorExists);
    expect(await row(co.outside)).toMatchObject({ sponsorType: 1, location: 'Lobby' });
  });

  it('adds a company of another event to this one too, without touching its row there', async () => {
    const res = await call('POST', base(), organiser, { company_id: co.elsewhere });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: Exhibitor }>().data).toMatchObject({ sponsor_type: null, location: null });
    const rows = await db().select().from(eventCompanies).where(eq(eventCompanies.companyId, co.elsewhere));
    expect(rows.find((r) => r.eventId === otherEventId)).toMatchObject({ sponsorType: 4 });
    expect((await call('DELETE', `${base()}/${co.elsewhere}`, organiser)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown company', async () => {
    const res = await call('POST', base(), organiser, { company_id: 2_000_000_000 });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe(ErrorCode.companyNotFound);
  });

  it('answers 400/422 for bad input', async () => {
    for (const payload of [{}, { company_id: 'x' }, { company_id: 0 }, { company_id: co.gold, sponsor_type: 12 }, { company_id: co.gold, location: 'z'.repeat(201) }, null]) {
      const res = await call('POST', base(), organiser, payload ?? undefined);
      expect([400, 422], JSON.stringify(payload)).toContain(res.statusCode);
    }
  });

  it('adds one row when the same company is added 20 times at once', async () => {
    const id = await company('Racer Co', null);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', base(), organiser, { company_id: id, sponsor_type: 0 })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const rows = await db().select().from(eventCompanies).where(eq(eventCompanies.companyId, id));
    expect(rows).toHaveLength(1);
  });
});

describe('removing a company', () => {
  it('removes a company none of whose people is a member of the event', async () => {
    const res = await call('DELETE', `${base()}/${co.outside}`, organiser);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: co.outside, deleted: true } });
    expect(await row(co.outside)).toBeUndefined();
    const again = await call('DELETE', `${base()}/${co.outside}`, organiser);
    expect(again.statusCode).toBe(404);
  });

  it('refuses with 409 while its people are members of the event, saying so', async () => {
    const res = await call('DELETE', `${base()}/${co.staffed}`, organiser);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: ErrorCode.exhibitorHasMembers, details: { members_count: 2 } });
    expect(res.json().error.message).toMatch(/members of the event/);
    expect(await row(co.staffed)).toBeDefined();
  });

  it('removes a company whose people are members of other events only', async () => {
    const res = await call('DELETE', `${base()}/${co.plain}`, organiser);
    expect(res.statusCode).toBe(200);
    expect(await row(co.plain)).toBeUndefined();
  });

  it("answers 404 for another event's company and keeps it there (IDOR)", async () => {
    const res = await call('DELETE', `${base()}/${co.elsewhere}`, organiser);
    expect(res.statusCode).toBe(404);
    const rows = await db().select().from(eventCompanies).where(eq(eventCompanies.companyId, co.elsewhere));
    expect(rows.map((r) => r.eventId)).toEqual([otherEventId]);
    expect((await call('DELETE', `${base()}/abc`, organiser)).statusCode).toBe(400);
  });
});

describe('who may call', () => {
  it('lets platform staff in and keeps everyone else but the organisers out', async () => {
    expect((await call('GET', base(), staff)).statusCode).toBe(200);
    expect((await call('GET', base(), undefined)).statusCode).toBe(401);
    for (const [who, headers] of [
      ['attendee', attendee],
      ['company admin', companyAdmin],
      ["another event's organiser", otherOrganiser],
    ] as const) {
      expect((await call('GET', base(), headers)).statusCode, who).toBe(403);
      expect((await call('PUT', `${base()}/${co.staffed}`, headers, { sponsor_type: 9, location: 'Mine' })).statusCode, who).toBe(403);
      expect((await call('POST', base(), headers, { company_id: co.outside })).statusCode, who).toBe(403);
      expect((await call('DELETE', `${base()}/${co.gold}`, headers)).statusCode, who).toBe(403);
    }
    expect(await row(co.staffed)).toMatchObject({ sponsorType: null, location: null });
    expect(await row(co.gold)).toBeDefined();
    expect(await row(co.outside)).toBeUndefined();
    // An event that does not exist: 403 to people who could not manage it anyway, 404 to staff.
    expect((await call('GET', '/api/admin/v1/events/2000000000/exhibitors', organiser)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/v1/events/2000000000/exhibitors', staff)).statusCode).toBe(404);
  });
});
