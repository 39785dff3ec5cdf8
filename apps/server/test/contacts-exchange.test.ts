// My badge and contact exchange by QR (issue 17): every member has a badge to show, issued on first
// use; scanning another member's badge makes the two contacts of each other, each seeing what the
// other's settings show; one's own, forged, revoked or another event's badge is refused.
import { ErrorCode, type Contact, type MemberCard, type MyBadge } from '@lobby/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badges, contactExchanges } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { venue, type VenuePerson } from './venue-fixtures.ts';

let t: TestApp;
let v: ReturnType<typeof venue>;
let w: Awaited<ReturnType<ReturnType<typeof venue>['world']>>;
let ana: VenuePerson;
let ben: VenuePerson;
let organiser: VenuePerson;
let staff: VenuePerson;
let stranger: VenuePerson;

const myBadge = async (who: VenuePerson, eventId = w.eventId) => {
  const res = await v.call('GET', `/api/v1/${eventId}/badge/me`, who.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: MyBadge }>().data;
};
const exchange = (who: VenuePerson, qr: string, eventId = w.eventId) => v.call('POST', `/api/v1/${eventId}/contacts/exchange`, who.headers, { qr });
const contactsOf = async (who: VenuePerson) => (await v.call('GET', `/api/v1/${w.eventId}/contacts?per_page=100`, who.headers)).json<{ data: Contact[] }>().data;

beforeAll(async () => {
  t = await createTestApp();
  v = venue(t);
  w = await v.world();
  ana = await v.person(w.eventId, { ticketTypeId: w.business, first: 'Ana', last: 'Alves', email: 'ana@studio.test', showEmail: true });
  ben = await v.person(w.eventId, { ticketTypeId: w.general, first: 'Ben', last: 'Bauer', email: 'ben@studio.test' });
  organiser = await v.person(w.eventId, { organiser: true });
  staff = await v.person(null, { staff: true });
  stranger = await v.person(w.otherEventId, { first: 'Sam' });
});
afterAll(() => t.close());

describe('my badge', () => {
  it('is issued on first use and stays the same after', async () => {
    const first = await myBadge(ana);
    expect(first).toMatchObject({ user_id: ana.id, first_name: 'Ana', ticket: { name: 'Business pass', kind: 'business' }, event: { id: w.eventId }, checked_in_at: null, lead_companies: [] });
    expect((await myBadge(ana)).id).toBe(first.id);
  });

  it('two first uses at once share one live badge', async () => {
    const person = await v.person(w.eventId, { ticketTypeId: w.general });
    const [a, b] = await Promise.all([myBadge(person), myBadge(person)]);
    expect(a.id).toBe(b.id);
    expect(await v.db().select().from(badges).where(and(eq(badges.userId, person.id), isNull(badges.revokedAt)))).toHaveLength(1);
  });

  it('lists the companies of the event the person scans visitors for', async () => {
    const person = await v.person(w.eventId, { ticketTypeId: w.business });
    const booth = await v.company('Booth Co', [w.eventId]);
    const elsewhere = await v.company('Elsewhere Co', [w.otherEventId]);
    await v.employ(booth, person.id, ['chat']);
    await v.employ(elsewhere, person.id, ['admin']);
    expect((await myBadge(person)).lead_companies).toEqual([{ id: booth, name: 'Booth Co', role: 'staff' }]);
  });

  it('is for members only', async () => {
    expect((await v.call('GET', `/api/v1/${w.eventId}/badge/me`, staff.headers)).statusCode).toBe(404);
    expect((await v.call('GET', `/api/v1/${w.eventId}/badge/me`, stranger.headers)).statusCode).toBe(404);
    expect((await v.call('GET', `/api/v1/${w.eventId}/badge/me`, undefined)).statusCode).toBe(401);
    expect((await v.call('GET', `/api/v1/${w.eventId}/badge/me`, organiser.headers)).statusCode).toBe(200);
  });
});

describe('contact exchange', () => {
  it('makes both contacts of each other, each seeing what the other shows', async () => {
    const bens = await myBadge(ben);
    const res = await exchange(ana, bens.qr);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: { contact: MemberCard; created: boolean } }>().data;
    expect(body.created).toBe(true);
    expect(body.contact.user).toMatchObject({ id: ben.id, first_name: 'Ben', last_name: 'Bauer' });

    const anas = await contactsOf(ana);
    expect(anas.map((c) => c.user.id)).toEqual([ben.id]);
    expect(anas[0]).toMatchObject({ connected_via: ['badge'], email: null });
    const bens2 = await contactsOf(ben);
    expect(bens2.map((c) => c.user.id)).toEqual([ana.id]);
    // Ana shows her e-mail, Ben does not.
    expect(bens2[0]).toMatchObject({ connected_via: ['badge'], email: 'ana@studio.test' });

    const again = await exchange(ben, (await myBadge(ana)).qr);
    expect(again.json<{ data: { created: boolean } }>().data.created).toBe(false);
    expect(await v.db().select().from(contactExchanges).where(eq(contactExchanges.eventId, w.eventId))).toHaveLength(1);
  });

  it("refuses one's own badge", async () => {
    const res = await exchange(ana, (await myBadge(ana)).qr);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ error: { code: string } }>().error.code).toBe(ErrorCode.badgeSelf);
  });

  it('refuses a forged, a revoked and another event\'s badge', async () => {
    const person = await v.person(w.eventId, { ticketTypeId: w.general });
    const old = await myBadge(person);
    const forged = old.qr.slice(0, -1) + (old.qr.endsWith('A') ? 'B' : 'A');
    expect((await exchange(ana, forged)).json<{ error: { code: string } }>().error.code).toBe(ErrorCode.badgeInvalid);
    const helper = await v.person(w.eventId, { organiser: true });
    expect((await v.call('POST', `/api/v1/${w.eventId}/volunteer/badges`, helper.headers, { user_id: person.id })).statusCode).toBe(201);
    const revoked = await exchange(ana, old.qr);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json<{ error: { code: string } }>().error.code).toBe(ErrorCode.badgeRevoked);
    const fresh = await myBadge(person);
    expect(fresh.id).not.toBe(old.id);
    expect((await exchange(ana, fresh.qr)).statusCode).toBe(200);

    const other = await myBadge(stranger, w.otherEventId);
    const res = await exchange(ana, other.qr);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ error: { code: string } }>().error.code).toBe(ErrorCode.badgeOtherEvent);
  });

  it('is for members of the event', async () => {
    const qr = (await myBadge(ben)).qr;
    expect((await exchange(staff, qr)).statusCode).toBe(404);
    expect((await exchange(stranger, qr)).statusCode).toBe(404);
    expect((await exchange(stranger, qr, w.otherEventId)).statusCode).toBe(422);
    expect((await v.call('POST', `/api/v1/${w.eventId}/contacts/exchange`, undefined, { qr })).statusCode).toBe(401);
  });
});
