import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { addCompanyRole, addMembership, ALL_FEATURES, authHeader, createEvent, createTicketType, createUser, defaultEventConfig } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * Who gets what on every protected route. Later areas add their routes to `cases`; each actor's
 * expected status is written out, so a change of rule shows up here.
 */
const ACTORS = ['guest', 'attendee', 'attendeeAllFeatures', 'companyAdmin', 'moderator', 'courseTeacher', 'courseAdmin', 'organiser', 'otherEventStaff', 'platformStaff'] as const;
type Actor = (typeof ACTORS)[number];

interface World {
  eventId: number;
  eventSlug: string;
  memberId: number;
  ticketTypeId: number;
  otherEventId: number;
  /** A CSV import of the event, and one of the other event (for IDOR attempts). */
  importId: number;
  otherImportId: number;
  unique: () => string;
}

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (w: World) => string | Promise<string>;
  body?: (w: World) => unknown;
  expect: Record<Actor, number>;
}

const everyone = (status: number, overrides: Partial<Record<Actor, number>> = {}): Record<Actor, number> => ({ ...Object.fromEntries(ACTORS.map((a) => [a, status])), guest: 401, ...overrides }) as Record<Actor, number>;
const managers = (success: number) => everyone(403, { organiser: success, platformStaff: success });

const eventBody = (w: World) => ({
  slug: `m-${w.unique()}`,
  name: 'Matrix event',
  date_from: '2031-01-01T09:00:00.000Z',
  date_to: '2031-01-02T18:00:00.000Z',
  timezone: 'UTC',
  is_online: true,
  is_onsite: false,
  is_all_users: false,
  auto_reg: false,
  active: true,
  required_fields: [],
  points: [],
  config: defaultEventConfig,
});
const ticketBody = (w: World) => ({ code: `c-${w.unique()}`, name: 'Matrix ticket', kind: 'standard', features: [], self_service: false });

const cases: Case[] = [
  { name: 'GET /users/me', method: 'GET', url: () => '/api/v1/users/me', expect: everyone(200) },
  { name: 'PATCH /users/me', method: 'PATCH', url: () => '/api/v1/users/me', body: () => ({ language: 'en' }), expect: everyone(200) },
  { name: 'POST /auth/logout-others', method: 'POST', url: () => '/api/v1/auth/logout-others', expect: everyone(200) },
  {
    name: 'GET /{eventId}/members/me',
    method: 'GET',
    url: (w) => `/api/v1/${w.eventId}/members/me`,
    expect: everyone(200, { companyAdmin: 404, otherEventStaff: 404, platformStaff: 404 }),
  },
  {
    name: 'POST /events/{slug}/register (by invitation)',
    method: 'POST',
    url: (w) => `/api/v1/events/${w.eventSlug}/register`,
    expect: everyone(201, { companyAdmin: 403, otherEventStaff: 403, platformStaff: 403 }),
  },
  { name: 'GET admin /events', method: 'GET', url: () => '/api/admin/v1/events', expect: everyone(200) },
  { name: 'POST admin /events', method: 'POST', url: () => '/api/admin/v1/events', body: eventBody, expect: everyone(403, { organiser: 201, otherEventStaff: 201, platformStaff: 201 }) },
  { name: 'GET admin /events/{id}', method: 'GET', url: (w) => `/api/admin/v1/events/${w.eventId}`, expect: managers(200) },
  { name: 'PUT admin /events/{id}', method: 'PUT', url: (w) => `/api/admin/v1/events/${w.eventId}`, body: (w) => ({ ...eventBody(w), slug: w.eventSlug }), expect: managers(200) },
  { name: 'POST admin ticket type', method: 'POST', url: (w) => `/api/admin/v1/events/${w.eventId}/ticket-types`, body: ticketBody, expect: managers(201) },
  { name: 'PUT admin ticket type', method: 'PUT', url: (w) => `/api/admin/v1/events/${w.eventId}/ticket-types/${w.ticketTypeId}`, body: (w) => ({ ...ticketBody(w), code: 'matrix' }), expect: managers(200) },
  { name: 'GET admin members', method: 'GET', url: (w) => `/api/admin/v1/events/${w.eventId}/members`, expect: managers(200) },
  { name: 'POST admin invite', method: 'POST', url: (w) => `/api/admin/v1/events/${w.eventId}/members`, body: (w) => ({ email: `invitee-${w.unique()}@example.test`, ticket_type_id: w.ticketTypeId }), expect: managers(201) },
  { name: 'POST admin import', method: 'POST', url: (w) => `/api/admin/v1/events/${w.eventId}/members/import`, body: (w) => ({ csv: `email,ticket\nimported-${w.unique()}@example.test,matrix` }), expect: managers(202) },
  { name: 'GET admin import', method: 'GET', url: (w) => `/api/admin/v1/events/${w.eventId}/members/import/${w.importId}`, expect: managers(200) },
  {
    name: "GET admin import: another event's import id under this event (IDOR)",
    method: 'GET',
    url: (w) => `/api/admin/v1/events/${w.eventId}/members/import/${w.otherImportId}`,
    expect: everyone(403, { organiser: 404, platformStaff: 404 }),
  },
  {
    name: "GET admin import: this event's import id under an event one runs (IDOR)",
    method: 'GET',
    url: (w) => `/api/admin/v1/events/${w.otherEventId}/members/import/${w.importId}`,
    expect: everyone(403, { otherEventStaff: 404, platformStaff: 404 }),
  },
  { name: 'PUT admin member', method: 'PUT', url: (w) => `/api/admin/v1/events/${w.eventId}/members/${w.memberId}`, body: () => ({ role_ids: [1] }), expect: managers(200) },
  { name: 'PUT admin brandings', method: 'PUT', url: (w) => `/api/admin/v1/events/${w.eventId}/brandings`, body: () => ({ items: [] }), expect: managers(200) },
];

let t: TestApp;
let world: World;
const headers = {} as Record<Actor, Record<string, string>>;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const event = await createEvent(db);
  const other = await createEvent(db);
  const plain = await createTicketType(db, event.id, { code: 'matrix' });
  const full = await createTicketType(db, event.id, { code: 'all', features: ALL_FEATURES });
  const user = async (actor: Actor, setup: (id: number) => Promise<unknown>, flags: { isOrganizer?: boolean; isStaff?: boolean } = {}) => {
    const row = await createUser(db, flags);
    await setup(row.id);
    headers[actor] = await authHeader(db, t.config.secret, row.id);
    return row;
  };
  headers.guest = {};
  const attendee = await user('attendee', (id) => addMembership(db, event.id, id, { ticketTypeId: plain.id }));
  await user('attendeeAllFeatures', (id) => addMembership(db, event.id, id, { ticketTypeId: full.id }));
  await user('companyAdmin', (id) => addCompanyRole(db, id, ['admin']));
  await user('moderator', (id) => addMembership(db, event.id, id, { ticketTypeId: plain.id, roleIds: [2] }));
  await user('courseTeacher', (id) => addMembership(db, event.id, id, { roleIds: [5] }));
  await user('courseAdmin', (id) => addMembership(db, event.id, id, { roleIds: [4] }));
  await user('organiser', (id) => addMembership(db, event.id, id, { isOrganizer: true }), { isOrganizer: true });
  await user('otherEventStaff', (id) => addMembership(db, other.id, id, { isOrganizer: true }), { isOrganizer: true });
  await user('platformStaff', async () => {}, { isStaff: true });
  const [member] = await db.query.eventMembers.findMany({ where: (m, { eq, and }) => and(eq(m.eventId, event.id), eq(m.userId, attendee.id)) });
  const startImport = async (eventId: number, actor: Actor) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/v1/events/${eventId}/members/import`, headers: headers[actor], payload: { csv: 'email,ticket\nseed@example.test,matrix' } });
    return res.json<{ data: { id: number } }>().data.id;
  };
  const importId = await startImport(event.id, 'organiser');
  const otherImportId = await startImport(other.id, 'otherEventStaff');
  let counter = 0;
  world = { eventId: event.id, eventSlug: event.slug, memberId: member?.id ?? 0, ticketTypeId: plain.id, otherEventId: other.id, importId, otherImportId, unique: () => `${Date.now().toString(36)}${(counter += 1)}` };
});
afterAll(() => t.close());

describe('authorisation matrix', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const actual: Partial<Record<Actor, number>> = {};
      for (const actor of ACTORS) {
        const payload = c.body?.(world);
        const res = await t.app.inject({ method: c.method, url: await c.url(world), headers: headers[actor], ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
        actual[actor] = res.statusCode;
      }
      expect(actual).toEqual(c.expect);
    });
  }
});
