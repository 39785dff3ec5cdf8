// Booth leads (issue 17): an exhibitor's staff scan visitors' badges; one lead per company and
// visitor (scanning again updates it); admins list, change and export every lead, the rest of the
// staff their own captures; the visitor sees which companies captured them; other companies' and
// events' ids are refused.
import { ErrorCode, type CapturedBy, type Lead, type MyBadge } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { venue, type VenuePerson } from './venue-fixtures.ts';

let t: TestApp;
let v: ReturnType<typeof venue>;
let w: Awaited<ReturnType<ReturnType<typeof venue>['world']>>;
let booth: number;
let rival: number;
let absent: number;
let admin: VenuePerson;
let seller: VenuePerson;
let seller2: VenuePerson;
let rivalAdmin: VenuePerson;
let visitor: VenuePerson;
let visitor2: VenuePerson;
let outsider: VenuePerson;
let staff: VenuePerson;

const qrOf = async (who: VenuePerson) => (await v.call('GET', `/api/v1/${w.eventId}/badge/me`, who.headers)).json<{ data: MyBadge }>().data.qr;
const url = (companyId: number, tail = '') => `/api/v1/${w.eventId}/companies/${companyId}/leads${tail}`;
const capture = (who: VenuePerson, companyId: number, payload: Record<string, unknown>) => v.call('POST', url(companyId), who.headers, payload);
const listOf = async (who: VenuePerson, companyId = booth) => {
  const res = await v.call('GET', url(companyId, '?per_page=100'), who.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Lead[]; role: string }>();
};

beforeAll(async () => {
  t = await createTestApp();
  v = venue(t);
  w = await v.world();
  booth = await v.company('Booth Studio', [w.eventId]);
  rival = await v.company('Rival Games', [w.eventId]);
  absent = await v.company('Absent Inc', [w.otherEventId]);
  admin = await v.person(w.eventId, { ticketTypeId: w.business, first: 'Adele', companyId: booth });
  seller = await v.person(w.eventId, { ticketTypeId: w.business, first: 'Sven' });
  seller2 = await v.person(w.eventId, { ticketTypeId: w.business, first: 'Sara' });
  rivalAdmin = await v.person(w.eventId, { ticketTypeId: w.business });
  visitor = await v.person(w.eventId, { ticketTypeId: w.general, first: 'Vera', last: '=cmd|calc', email: 'vera@visit.test', showEmail: true });
  visitor2 = await v.person(w.eventId, { ticketTypeId: w.general, first: 'Victor', email: 'victor@visit.test' });
  outsider = await v.person(w.eventId, { ticketTypeId: w.business });
  staff = await v.person(null, { staff: true });
  await v.employ(booth, admin.id, ['chat', 'admin']);
  await v.employ(booth, seller.id, ['chat']);
  await v.employ(booth, seller2.id, ['chat']);
  await v.employ(rival, rivalAdmin.id, ['admin']);
  await v.employ(absent, outsider.id, ['admin']);
});
afterAll(() => t.close());

describe('capturing leads', () => {
  it('makes one lead per company and visitor; scanning again updates it', async () => {
    const qr = await qrOf(visitor);
    const first = await capture(seller, booth, { qr: ` ${qr}\n`, note: 'Wants a demo', rating: 4 });
    expect(first.statusCode, first.body).toBe(200);
    const made = first.json<{ data: Lead; created: boolean }>();
    expect(made.created).toBe(true);
    expect(made.data).toMatchObject({ company_id: booth, note: 'Wants a demo', rating: 4, visitor: { user_id: visitor.id, first_name: 'Vera', email: 'vera@visit.test', phone: null }, captured_by: { user_id: seller.id } });
    const again = await capture(seller, booth, { qr, rating: 5 });
    expect(again.json<{ data: Lead; created: boolean }>()).toMatchObject({ created: false, data: { id: made.data.id, note: 'Wants a demo', rating: 5 } });
    // Another company keeps its own lead of the same visitor.
    expect((await capture(rivalAdmin, rival, { qr })).json<{ created: boolean }>().created).toBe(true);
    expect(await v.db().select().from(leads).where(eq(leads.userId, visitor.id))).toHaveLength(2);
  });

  it('a colleague cannot overwrite a capture they do not own; the admin can', async () => {
    const qr = await qrOf(visitor);
    const res = await capture(seller2, booth, { qr, note: 'mine now' });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ error: { code: string } }>().error.code).toBe(ErrorCode.leadForbidden);
    expect((await capture(admin, booth, { qr, note: 'Followed up' })).json<{ data: Lead }>().data.note).toBe('Followed up');
  });

  it("refuses one's own badge, a colleague, forged codes and outsiders", async () => {
    expect((await capture(seller, booth, { qr: await qrOf(seller) })).json<{ error: { code: string } }>().error.code).toBe(ErrorCode.badgeSelf);
    expect((await capture(seller, booth, { qr: await qrOf(admin) })).json<{ error: { code: string } }>().error.code).toBe(ErrorCode.leadOwnCompany);
    const qr = await qrOf(visitor2);
    expect((await capture(seller, booth, { qr: `${qr.slice(0, -2)}zz` })).statusCode).toBe(422);
    expect((await capture(outsider, booth, { qr })).statusCode).toBe(403);
    // Another company's booth, a company outside the event, another event's path.
    expect((await capture(seller, rival, { qr })).statusCode).toBe(403);
    expect((await capture(outsider, absent, { qr })).statusCode).toBe(404);
    expect((await v.call('POST', `/api/v1/${w.otherEventId}/companies/${booth}/leads`, seller.headers, { qr })).statusCode).toBe(404);
    expect((await capture(seller, booth, { qr, rating: 6 })).statusCode).toBe(400);
  });
});

describe('reading and changing leads', () => {
  it('admins see every lead, staff their own captures', async () => {
    await capture(seller2, booth, { qr: await qrOf(visitor2), note: 'Sara met Victor' });
    const all = await listOf(admin);
    expect(all.role).toBe('admin');
    expect(all.data.map((lead) => lead.visitor.user_id).sort()).toEqual([visitor.id, visitor2.id].sort());
    const own = await listOf(seller2);
    expect(own.role).toBe('staff');
    expect(own.data.map((lead) => lead.visitor.first_name)).toEqual(['Victor']);
    expect((await listOf(staff)).data).toHaveLength(2);
    expect((await v.call('GET', url(booth), rivalAdmin.headers)).statusCode).toBe(403);
    expect((await v.call('GET', url(booth), outsider.headers)).statusCode).toBe(403);
    const found = (await v.call('GET', url(booth, '?filter%5Bquery%5D=victor'), admin.headers)).json<{ data: Lead[] }>().data;
    expect(found.map((lead) => lead.visitor.first_name)).toEqual(['Victor']);
  });

  it('PATCH changes a note and a rating; another company\'s lead is 404', async () => {
    const [lead] = (await listOf(seller2)).data;
    const res = await v.call('PATCH', url(booth, `/${lead?.id}`), seller2.headers, { rating: 2, note: 'Call back in May' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Lead }>().data).toMatchObject({ rating: 2, note: 'Call back in May' });
    expect((await v.call('PATCH', url(booth, `/${lead?.id}`), seller.headers, { rating: 1 })).statusCode).toBe(404);
    expect((await v.call('PATCH', url(booth, `/${lead?.id}`), admin.headers, { rating: null })).json<{ data: Lead }>().data.rating).toBeNull();
    const rivalLead = (await listOf(rivalAdmin, rival)).data[0];
    expect((await v.call('PATCH', url(booth, `/${rivalLead?.id}`), admin.headers, { rating: 1 })).statusCode).toBe(404);
    expect((await v.call('PATCH', url(rival, `/${rivalLead?.id}`), admin.headers, { rating: 1 })).statusCode).toBe(403);
  });

  it('the CSV export is for admins, with formulas neutralised', async () => {
    const res = await v.call('GET', url(booth, '/export'), admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-.+\.csv"$/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('"first_name","last_name","company","job","email","phone","rating","note","captured_by","captured_at","updated_at"');
    expect(lines).toHaveLength(3);
    expect(res.body).toContain(`"'=cmd|calc"`);
    expect(res.body).not.toContain('victor@visit.test');
    expect((await v.call('GET', url(booth, '/export'), seller.headers)).statusCode).toBe(403);
    expect((await v.call('GET', url(rival, '/export'), admin.headers)).statusCode).toBe(403);
  });
});

describe("the visitor's view", () => {
  it('lists the companies that captured them, without the notes', async () => {
    const res = await v.call('GET', `/api/v1/${w.eventId}/leads/mine`, visitor.headers);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: CapturedBy[] }>().data;
    expect(data.map((item) => item.company.name).sort()).toEqual(['Booth Studio', 'Rival Games']);
    expect(JSON.stringify(data)).not.toContain('Followed up');
    expect((await v.call('GET', `/api/v1/${w.eventId}/leads/mine`, staff.headers)).statusCode).toBe(404);
    expect((await v.call('GET', `/api/v1/${w.eventId}/leads/mine`, undefined)).statusCode).toBe(401);
  });
});
