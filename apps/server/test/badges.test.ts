// The badge desk (issue 17): Helpers, organisers and staff find attendees, print badges (a reprint
// revokes the one before; one live badge under a race), open printable badges and check people in
// by QR; forged, revoked and other events' QR values are refused; the organiser's counts.
import { BADGE_BATCH_MAX, ErrorCode, MemberRole, type CheckInStats, type PrintableBadge, type VolunteerAttendee } from '@lobby/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badges } from '../src/db/schema/index.ts';
import { addMedia } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { venue, type VenuePerson } from './venue-fixtures.ts';

let t: TestApp;
let v: ReturnType<typeof venue>;
let w: Awaited<ReturnType<ReturnType<typeof venue>['world']>>;
let helper: VenuePerson;
let organiser: VenuePerson;
let staff: VenuePerson;
let attendee: VenuePerson;
let otherHelper: VenuePerson;
let ada: VenuePerson;
let bob: VenuePerson;
let stranger: VenuePerson;
let companyId: number;

const base = () => `/api/v1/${w.eventId}/volunteer`;
const print = (who: VenuePerson, userId: number, eventId = w.eventId) => v.call('POST', `/api/v1/${eventId}/volunteer/badges`, who.headers, { user_id: userId });
const printed = async (who: VenuePerson, userId: number) => {
  const res = await print(who, userId);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number; revoked_badge_id: number | null } }>().data;
};
const printableOf = async (userId: number, badgeId: number) => {
  const res = await v.call('GET', `${base()}/badges/${userId}/${badgeId}`, helper.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PrintableBadge }>().data;
};
const checkIn = (qr: string, who = helper) => v.call('POST', `${base()}/check-in`, who.headers, { qr });

beforeAll(async () => {
  t = await createTestApp();
  v = venue(t);
  w = await v.world();
  await addMedia(v.db(), w.eventId, { category: 'logo', url: '/brand/venue-logo.svg' });
  companyId = await v.company('Nebula Works', [w.eventId]);
  helper = await v.person(w.eventId, { roleIds: [MemberRole.Helper] });
  organiser = await v.person(w.eventId, { organiser: true });
  staff = await v.person(null, { staff: true });
  attendee = await v.person(w.eventId, { ticketTypeId: w.business });
  otherHelper = await v.person(w.otherEventId, { roleIds: [MemberRole.Helper] });
  ada = await v.person(w.eventId, { ticketTypeId: w.business, first: 'Ada', last: 'Lovelace', email: 'ada@engines.test', job: 'Analyst', companyId });
  bob = await v.person(w.eventId, { ticketTypeId: w.general, first: 'Bob', last: 'Builder', email: 'bob@site.test' });
  stranger = await v.person(w.otherEventId, { first: 'Sam', last: 'Stranger' });
});
afterAll(() => t.close());

describe('the attendees list', () => {
  it('finds members by name, e-mail or company with their ticket, badge and check-in', async () => {
    for (const [query, expected] of [
      ['lovelace', ['Ada']],
      ['bob@site', ['Bob']],
      ['nebula', ['Ada']],
    ] as const) {
      const res = await v.call('GET', `${base()}/attendees?filter%5Bquery%5D=${encodeURIComponent(query)}`, helper.headers);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ data: VolunteerAttendee[]; ticket_types: { name: string }[] }>();
      expect(body.data.map((a) => a.first_name)).toEqual(expected);
      expect(body.ticket_types.map((type) => type.name)).toEqual(['Business pass', 'General pass']);
    }
    const [first] = (await v.call('GET', `${base()}/attendees?filter%5Bquery%5D=ada`, helper.headers)).json<{ data: VolunteerAttendee[] }>().data;
    expect(first).toMatchObject({ user_id: ada.id, email: 'ada@engines.test', job: 'Analyst', company: { id: companyId, name: 'Nebula Works' }, ticket: { id: w.business, name: 'Business pass', kind: 'business' }, badge: null, checked_in_at: null });
  });

  it('filters by ticket type and leaves other events out', async () => {
    const res = await v.call('GET', `${base()}/attendees?filter%5Bticket_type%5D=${w.general}&per_page=100`, helper.headers);
    expect(res.json<{ data: VolunteerAttendee[] }>().data.map((a) => a.user_id)).toEqual([bob.id]);
    const all = (await v.call('GET', `${base()}/attendees?per_page=100`, organiser.headers)).json<{ data: VolunteerAttendee[] }>().data.map((a) => a.user_id);
    expect(all).toContain(ada.id);
    expect(all).not.toContain(stranger.id);
  });

  it('is for Helpers, organisers and staff only', async () => {
    expect((await v.call('GET', `${base()}/attendees`, attendee.headers)).statusCode).toBe(403);
    expect((await v.call('GET', `${base()}/attendees`, otherHelper.headers)).statusCode).toBe(403);
    expect((await v.call('GET', `${base()}/attendees`, undefined)).statusCode).toBe(401);
    expect((await v.call('GET', `${base()}/attendees`, staff.headers)).statusCode).toBe(200);
  });
});

describe('printing badges', () => {
  it('only Helpers, organisers and staff print; others 403', async () => {
    expect((await print(attendee, bob.id)).statusCode).toBe(403);
    expect((await print(otherHelper, bob.id)).statusCode).toBe(403);
    expect((await print(otherHelper, stranger.id, w.otherEventId)).statusCode).toBe(201);
    expect((await print(helper, bob.id)).statusCode).toBe(201);
    expect((await print(organiser, bob.id)).statusCode).toBe(201);
    expect((await print(staff, bob.id)).statusCode).toBe(201);
  });

  it('refuses people of another event (IDOR) and unknown people', async () => {
    const res = await print(helper, stranger.id);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: { code: string } }>().error.code).toBe(ErrorCode.memberNotFound);
    expect((await print(helper, 2_000_000)).statusCode).toBe(404);
  });

  it('a printable badge carries the person, ticket, branding and QR, and no personal data in the QR', async () => {
    const made = await printed(helper, ada.id);
    const badge = await printableOf(ada.id, made.id);
    expect(badge).toMatchObject({ id: made.id, user_id: ada.id, first_name: 'Ada', last_name: 'Lovelace', job: 'Analyst', company: 'Nebula Works', ticket: { name: 'Business pass', kind: 'business' }, event: { id: w.eventId, name: 'Venue Summit', color: '#3b82f6', logo_url: '/brand/venue-logo.svg' } });
    expect(badge.qr).toMatch(new RegExp(`^LB1\\.${made.id}\\.[A-Za-z0-9_-]{22}$`));
    expect(badge.qr).not.toMatch(/ada|lovelace|engines/i);
  });

  it('a reprint revokes the badge before: its page answers 410 with the new one, its QR stops working', async () => {
    const first = await printed(helper, ada.id);
    const old = await printableOf(ada.id, first.id);
    const second = await printed(organiser, ada.id);
    expect(second.revoked_badge_id).toBe(first.id);
    const gone = await v.call('GET', `${base()}/badges/${ada.id}/${first.id}`, helper.headers);
    expect(gone.statusCode).toBe(410);
    expect(gone.json<{ error: { code: string; details: { live_badge_id: number } } }>().error).toMatchObject({ code: ErrorCode.badgeRevoked, details: { live_badge_id: second.id } });
    const scan = await checkIn(old.qr);
    expect(scan.statusCode).toBe(410);
    expect(scan.json<{ error: { code: string } }>().error.code).toBe(ErrorCode.badgeRevoked);
  });

  it("another person's or event's badge is 404 on the print page", async () => {
    const mine = await printed(helper, bob.id);
    expect((await v.call('GET', `${base()}/badges/${ada.id}/${mine.id}`, helper.headers)).statusCode).toBe(404);
    const elsewhere = (await print(otherHelper, stranger.id, w.otherEventId)).json<{ data: { id: number } }>().data;
    expect((await v.call('GET', `${base()}/badges/${stranger.id}/${elsewhere.id}`, helper.headers)).statusCode).toBe(404);
    expect((await v.call('GET', `${base()}/badges/${bob.id}/${mine.id}`, attendee.headers)).statusCode).toBe(403);
  });

  it('simultaneous prints of one person leave exactly one live badge (the unique index decides)', async () => {
    const person = await v.person(w.eventId, { ticketTypeId: w.general });
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => print(i % 2 ? organiser : helper, person.id)));
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.every((status) => status === 201 || status === 409), statuses.join()).toBe(true);
    expect(statuses).toContain(201);
    for (const res of results.filter((r) => r.statusCode === 409)) expect(res.json<{ error: { code: string } }>().error.code).toBe(ErrorCode.badgePrintConflict);
    const live = await v.db().select().from(badges).where(and(eq(badges.eventId, w.eventId), eq(badges.userId, person.id), isNull(badges.revokedAt)));
    expect(live).toHaveLength(1);
    const made = results.filter((r) => r.statusCode === 201).map((r) => r.json<{ data: { id: number } }>().data.id);
    expect(made).toContain(live[0]?.id);
  });
});

describe('batch printing', () => {
  it('prints the listed people, in order, and the batch page returns their live badges', async () => {
    const res = await v.call('POST', `${base()}/badges/batch`, helper.headers, { user_ids: [bob.id, ada.id] });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<{ data: { id: number; user_id: number }[] }>().data;
    expect(made.map((b) => b.user_id)).toEqual([bob.id, ada.id]);
    const ids = made.map((b) => b.id).join(',');
    const page = await v.call('GET', `${base()}/badges?filter%5Bids%5D=${ids},999999`, helper.headers);
    expect(page.json<{ data: PrintableBadge[] }>().data.map((b) => b.first_name)).toEqual(['Bob', 'Ada']);
  });

  it('prints by filter, refuses more than the bound, and refuses other events\' people', async () => {
    const res = await v.call('POST', `${base()}/badges/batch`, helper.headers, { filter: { ticket_type: [w.general], query: 'builder' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: { user_id: number }[] }>().data.map((b) => b.user_id)).toEqual([bob.id]);
    const crowd = await Promise.all(Array.from({ length: BADGE_BATCH_MAX + 1 }, () => v.person(w.eventId, { ticketTypeId: w.general, last: 'Crowd' })));
    const tooMany = await v.call('POST', `${base()}/badges/batch`, helper.headers, { filter: { query: 'crowd' } });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json<{ error: { code: string; details: { total: number } } }>().error).toMatchObject({ code: ErrorCode.badgeBatchTooLarge, details: { total: crowd.length } });
    expect(await v.db().select().from(badges).where(eq(badges.userId, crowd[0]?.id ?? 0))).toHaveLength(0);
    const idor = await v.call('POST', `${base()}/badges/batch`, helper.headers, { user_ids: [bob.id, stranger.id] });
    expect(idor.statusCode).toBe(404);
    expect((await v.call('POST', `${base()}/badges/batch`, helper.headers, {})).statusCode).toBe(422);
    expect((await v.call('POST', `${base()}/badges/batch`, helper.headers, { user_ids: Array.from({ length: BADGE_BATCH_MAX + 1 }, (_, i) => i + 1) })).statusCode).toBe(400);
    expect((await v.call('POST', `${base()}/badges/batch`, attendee.headers, { user_ids: [bob.id] })).statusCode).toBe(403);
  });
});

describe('check-in', () => {
  it('checks a person in once, then says they were in already; the organiser count goes up', async () => {
    const counts = async () => (await v.call('GET', `/api/admin/v1/events/${w.eventId}/check-ins`, organiser.headers)).json<{ data: CheckInStats }>().data;
    const before = await counts();
    const person = await v.person(w.eventId, { ticketTypeId: w.business, first: 'Cleo' });
    const badge = await printableOf(person.id, (await printed(helper, person.id)).id);
    const first = await checkIn(`${badge.qr}\n`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ data: { attendee: VolunteerAttendee; already: boolean } }>().data).toMatchObject({ already: false, attendee: { user_id: person.id, first_name: 'Cleo', badge: { id: badge.id } } });
    const again = await checkIn(badge.qr, organiser);
    expect(again.json<{ data: { already: boolean } }>().data.already).toBe(true);
    const after = await counts();
    expect(after.checked_in).toBe(before.checked_in + 1);
    expect(after.members).toBe(before.members + 1);
    const business = after.by_ticket_type.find((row) => row.ticket?.id === w.business);
    expect(business?.checked_in).toBe((before.by_ticket_type.find((row) => row.ticket?.id === w.business)?.checked_in ?? 0) + 1);
    const listed = (await v.call('GET', `${base()}/attendees?filter%5Bchecked_in%5D=1&per_page=100`, helper.headers)).json<{ data: VolunteerAttendee[] }>().data;
    expect(listed.map((a) => a.user_id)).toContain(person.id);
    expect(listed.every((a) => a.checked_in_at !== null)).toBe(true);
  });

  it('refuses a forged, a malformed and another event\'s QR', async () => {
    const badge = await printableOf(bob.id, (await printed(helper, bob.id)).id);
    const [tag, id, signature] = badge.qr.split('.');
    const forged = `${tag}.${id}.${(signature ?? '').startsWith('A') ? 'B' : 'A'}${(signature ?? '').slice(1)}`;
    const cases = [
      [forged, 422, ErrorCode.badgeInvalid],
      [`${tag}.${Number(id) + 1}.${signature}`, 422, ErrorCode.badgeInvalid],
      ['https://example.org/not-a-badge', 422, ErrorCode.badgeInvalid],
    ] as const;
    for (const [qr, status, code] of cases) {
      const res = await checkIn(qr);
      expect(res.statusCode, qr).toBe(status);
      expect(res.json<{ error: { code: string } }>().error.code).toBe(code);
    }
    const elsewhere = (await print(otherHelper, stranger.id, w.otherEventId)).json<{ data: { id: number } }>().data;
    const other = (await v.call('GET', `/api/v1/${w.otherEventId}/volunteer/badges/${stranger.id}/${elsewhere.id}`, otherHelper.headers)).json<{ data: PrintableBadge }>().data;
    const res = await checkIn(other.qr);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ error: { code: string } }>().error.code).toBe(ErrorCode.badgeOtherEvent);
    expect((await checkIn(badge.qr, attendee)).statusCode).toBe(403);
    expect((await checkIn('')).statusCode).toBe(400);
  });

  it('the counts are for the organisers and staff only', async () => {
    expect((await v.call('GET', `/api/admin/v1/events/${w.eventId}/check-ins`, helper.headers)).statusCode).toBe(403);
    expect((await v.call('GET', `/api/admin/v1/events/${w.eventId}/check-ins`, staff.headers)).statusCode).toBe(200);
    expect((await v.call('GET', `/api/admin/v1/events/${w.otherEventId}/check-ins`, organiser.headers)).statusCode).toBe(403);
  });
});
