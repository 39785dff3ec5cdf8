import type { AdminEvent, AdminMember, EventInput, ImportJob } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingPoints, outbox, ticketTypes } from '../src/db/schema/index.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser, defaultEventConfig } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let organiser: Record<string, string>;
let organiserId: number;
beforeAll(async () => {
  // Mail turns without a pause, so a test can run the queue dry at once.
  t = await createTestApp({ PUBLIC_URL: 'https://lobby.example.org' }, { jobs: { start: false, rateIntervalMs: 0 } });
  const user = await createUser(t.database.db, { isOrganizer: true, email: 'boss@example.test' });
  organiserId = user.id;
  organiser = await authHeader(t.database.db, t.config.secret, user.id);
});
afterAll(() => t.close());

let slugCounter = 0;
const input = (overrides: Partial<EventInput> = {}): EventInput => {
  slugCounter += 1;
  return {
    slug: `conf-${slugCounter}`,
    name: `Conference ${slugCounter}`,
    tagline: 'Games and people',
    preview_description: null,
    description: 'A **great** event',
    date_from: '2030-05-01T07:00:00.000Z',
    date_to: '2030-05-03T16:00:00.000Z',
    hub_date_from: null,
    hub_date_to: null,
    timezone: 'Europe/Berlin',
    is_online: true,
    is_onsite: true,
    is_all_users: false,
    auto_reg: false,
    active: true,
    latitude: 52.52,
    longitude: 13.4,
    full_address: 'Alexanderplatz 1, Berlin',
    address_link: 'https://www.openstreetmap.org/?mlat=52.52&mlon=13.4',
    required_fields: [{ type: 'job', required: true }],
    points: ['Hall A', 'Lounge'],
    config: { ...defaultEventConfig, languages: ['en', 'ru'], theme: { name: 'brand', color: '#ff5500', palette: ['#ff5500'], font: 'Inter' }, analytics: { yandexMetrika: null, googleTag: null } },
    logo_url: '/demo/hub-logo.svg',
    background_url: 'https://cdn.example.org/bg.png',
    localized_media: [{ category: 'logo', locale: 'ru', url: '/demo/ru-logo.svg' }],
    ...overrides,
  };
};

/** Posts an import and runs the job queue until it is done; answers the finished job. */
async function runImport(eventId: number, body: Record<string, unknown>): Promise<ImportJob> {
  const res = await call('POST', `/api/admin/v1/events/${eventId}/members/import`, organiser, body);
  expect(res.statusCode, res.body).toBe(202);
  const started = res.json<{ data: ImportJob }>().data;
  expect(started).toMatchObject({ status: 'queued', processed: 0 });
  while ((await t.app.deps.jobs.runOnce()) > 0);
  const done = await call('GET', `/api/admin/v1/events/${eventId}/members/import/${started.id}`, organiser);
  expect(done.statusCode, done.body).toBe(200);
  return done.json<{ data: ImportJob }>().data;
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function newEvent(overrides: Partial<EventInput> = {}): Promise<AdminEvent> {
  const res = await call('POST', '/api/admin/v1/events', organiser, input(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: AdminEvent }>().data;
}

describe('events in the back office', () => {
  it('creates an event with every field; its creator runs it', async () => {
    const event = await newEvent();
    expect(event).toMatchObject({ name: expect.stringMatching(/^Conference/), timezone: 'Europe/Berlin', is_onsite: true, members_count: 1, required_fields: [{ type: 'job', required: true }] });
    expect(Object.keys(event.points)).toEqual(['Hall A', 'Lounge']);
    // Analytics ids are for staff and people they trust: apps/server/test/analytics.test.ts.
    expect(event.config.analytics).toEqual({ yandexMetrika: null, googleTag: null });
    expect(event.logo?.url).toBe('/demo/hub-logo.svg');
    const ru = await t.app.inject({ method: 'GET', url: `/api/v1/events/${event.slug}`, headers: { 'accept-language': 'ru' } });
    expect(ru.json().data.logo.url).toBe('/demo/ru-logo.svg');
    expect(ru.json().data.background.url).toBe('https://cdn.example.org/bg.png');
    expect(event.abilities).toContain('event.manage');
    const list = await call('GET', '/api/admin/v1/events', organiser);
    expect(list.json().can_create).toBe(true);
    expect(list.json().data.map((e: { id: number }) => e.id)).toContain(event.id);
  });

  it('refuses a taken slug, dates in the wrong order and an unknown timezone', async () => {
    const event = await newEvent();
    const taken = await call('POST', '/api/admin/v1/events', organiser, input({ slug: event.slug }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.details.fields[0].field).toBe('body.slug');
    const reversed = await call('POST', '/api/admin/v1/events', organiser, input({ date_to: '2030-04-01T00:00:00.000Z' }));
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.details.fields[0].field).toBe('body.date_to');
    const zone = await call('POST', '/api/admin/v1/events', organiser, input({ timezone: 'Mars/Olympus' }));
    expect(zone.statusCode).toBe(422);
    expect(zone.json().error.message).toBe('Error! Unknown timezone: "Mars/Olympus"');
  });

  it('edits an event, keeping the location ids of meeting points that stay', async () => {
    const event = await newEvent();
    const hallA = event.points['Hall A'];
    const res = await call('PUT', `/api/admin/v1/events/${event.id}`, organiser, input({ slug: event.slug, name: 'Renamed', points: ['Hall A', 'Booth 7'], active: false }));
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<{ data: AdminEvent }>().data;
    expect(updated.name).toBe('Renamed');
    expect(updated.points).toEqual({ 'Hall A': hallA, 'Booth 7': expect.any(Number) });
    expect(await t.database.db.select().from(meetingPoints).where(eq(meetingPoints.eventId, event.id))).toHaveLength(2);
    // Inactive: gone from the public list, still in the back office.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/events/${event.slug}` })).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/v1/events/${event.id}`, organiser)).statusCode).toBe(200);
  });

  it('keeps people who do not run the event out', async () => {
    const event = await newEvent();
    const attendee = await createUser(t.database.db);
    await addMembership(t.database.db, event.id, attendee.id);
    const headers = await authHeader(t.database.db, t.config.secret, attendee.id);
    expect((await call('GET', `/api/admin/v1/events/${event.id}`, headers)).statusCode).toBe(403);
    expect((await call('PUT', `/api/admin/v1/events/${event.id}`, headers, input())).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/v1/events', headers, input())).statusCode).toBe(403);
    expect((await call('GET', `/api/admin/v1/events/${event.id}`, {})).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/v1/events/999999', headers)).statusCode).toBe(403);
  });
});

describe('ticket types', () => {
  it('adds, edits and removes ticket types with features and quotas', async () => {
    const event = await newEvent();
    const base = { name: 'Visitor', kind: 'standard', features: ['watch_lecture'], quota: 2, self_service: false };
    const created = await call('POST', `/api/admin/v1/events/${event.id}/ticket-types`, organiser, { code: 'visitor', ...base });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await call('POST', `/api/admin/v1/events/${event.id}/ticket-types`, organiser, { code: 'visitor', ...base })).statusCode).toBe(409);
    const bad = await call('POST', `/api/admin/v1/events/${event.id}/ticket-types`, organiser, { code: 'x', ...base, features: ['teleport'] });
    expect(bad.statusCode).toBe(400);
    await t.database.db.update(ticketTypes).set({ issued: 2 }).where(eq(ticketTypes.id, id));
    const lower = await call('PUT', `/api/admin/v1/events/${event.id}/ticket-types/${id}`, organiser, { code: 'visitor', ...base, quota: 1 });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().error.code).toBe('ticket_type.quota_below_issued');
    const edited = await call('PUT', `/api/admin/v1/events/${event.id}/ticket-types/${id}`, organiser, { code: 'visitor', ...base, quota: null, features: ['watch_lecture', 'game_poll'] });
    expect(edited.json().data).toMatchObject({ quota: null, features: ['watch_lecture', 'game_poll'] });
    const member = await createUser(t.database.db);
    await addMembership(t.database.db, event.id, member.id, { ticketTypeId: id });
    expect((await call('DELETE', `/api/admin/v1/events/${event.id}/ticket-types/${id}`, organiser)).json().error.code).toBe('ticket_type.in_use');
    const other = await createTicketType(t.database.db, (await createEvent(t.database.db)).id);
    expect((await call('PUT', `/api/admin/v1/events/${event.id}/ticket-types/${other.id}`, organiser, { code: 'z', ...base })).statusCode).toBe(404);
  });
});

describe('issuing tickets', () => {
  it('invites a new person by e-mail: account, ticket and a sign-in link by mail', async () => {
    const event = await newEvent();
    const type = await createTicketType(t.database.db, event.id, { code: 'vip', quota: 1 });
    const res = await call('POST', `/api/admin/v1/events/${event.id}/members`, organiser, { email: 'Guest@Example.test', first_name: 'Guest', ticket_type_id: type.id, role_ids: [1, 8] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ created_user: true, ticket_type_id: type.id, role_ids: [1, 8], user: { email: 'guest@example.test', first_name: 'Guest' } });
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.toEmail, 'guest@example.test'));
    expect(mail?.kind).toBe('event_registration_new_user');
    expect(mail?.subject).toBe(`Your ticket to ${event.name}`);
    expect(mail?.text).toMatch(new RegExp(`https://lobby\\.example\\.org/auth/magic/[\\w-]+\\?redirect=%2Fevents%2F${event.slug}`));
    const full = await call('POST', `/api/admin/v1/events/${event.id}/members`, organiser, { email: 'second@example.test', ticket_type_id: type.id });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('event.passes_exhausted');
  });

  it('imports attendees from CSV with a report of every failing row, and updates on a second run', async () => {
    const event = await newEvent();
    await createTicketType(t.database.db, event.id, { code: 'visitor', name: 'Visitor' });
    await createTicketType(t.database.db, event.id, { code: 'business', name: 'Business', kind: 'business' });
    const existing = await createUser(t.database.db, { email: 'known@example.test' });
    const csv = [
      'email;first_name;last_name;ticket;roles',
      'ann@example.test;Ann;Lee;visitor;',
      'known@example.test;;;Business;1|7',
      '"bob@example.test";Bob;"O\'Neil";VISITOR;8',
      'not-an-email;X;Y;visitor;',
      'carl@example.test;Carl;Smith;platinum;',
      'dora@example.test;Dora;Day;visitor;12',
      'eve@example.test;Eve3;Moss;visitor;',
      ';;;visitor;',
    ].join('\n');
    const job = await runImport(event.id, { csv });
    expect(job).toMatchObject({ status: 'done', total: 8, processed: 8 });
    const { report } = job;
    expect(report).toMatchObject({ rows: 8, added: 3, updated: 0, created_users: 2 });
    expect(report.failed.map((f) => [f.row, f.code])).toEqual([
      [5, 'invalid_email'],
      [6, 'unknown_ticket'],
      [7, 'invalid_roles'],
      [8, 'invalid_name'],
      [9, 'missing_email'],
    ]);
    expect(report.failed[1]?.reason).toBe('There is no ticket "platinum" in this event.');
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.toEmail, existing.email));
    expect(mails.map((m) => m.kind)).toEqual(['event_registration_existing_user']);

    const again = await runImport(event.id, { csv: 'ann@example.test;Ann;Lee;business;', header: 'email;first_name;last_name;ticket;roles', first_row: 40 });
    expect(again.report).toMatchObject({ rows: 1, added: 0, updated: 1, failed: [] });
    const members = await call('GET', `/api/admin/v1/events/${event.id}/members?filter%5Bquery%5D=ann`, organiser);
    expect(members.json().data).toHaveLength(1);
    expect(members.json().meta.total).toBe(1);
    const missing = await call('POST', `/api/admin/v1/events/${event.id}/members/import`, organiser, { csv: 'mail,ticket\na@b.test,visitor' });
    expect(missing.statusCode).toBe(400);
  });

  it('sets roles, keeps the last organiser, and frees the ticket of a removed member', async () => {
    const event = await newEvent();
    const type = await createTicketType(t.database.db, event.id, { quota: 5 });
    const person = await createUser(t.database.db);
    const invite = await call('POST', `/api/admin/v1/events/${event.id}/members`, organiser, { email: person.email, ticket_type_id: type.id });
    const memberId = invite.json<{ data: AdminMember }>().data.id;
    const roles = await call('PUT', `/api/admin/v1/events/${event.id}/members/${memberId}`, organiser, { role_ids: [5, 2, 5] });
    expect(roles.json().data.role_ids).toEqual([2, 5]);
    expect((await call('PUT', `/api/admin/v1/events/${event.id}/members/${memberId}`, organiser, { role_ids: [11] })).statusCode).toBe(400);

    const list = await call('GET', `/api/admin/v1/events/${event.id}/members`, organiser);
    const mine = list.json<{ data: AdminMember[] }>().data.find((m) => m.user.id === organiserId);
    const demote = await call('PUT', `/api/admin/v1/events/${event.id}/members/${mine?.id}`, organiser, { is_organizer: false });
    expect(demote.json().error.code).toBe('member.last_organizer');

    expect((await call('DELETE', `/api/admin/v1/events/${event.id}/members/${memberId}`, organiser)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(ticketTypes).where(eq(ticketTypes.id, type.id));
    expect(row?.issued).toBe(0);
  });
});
