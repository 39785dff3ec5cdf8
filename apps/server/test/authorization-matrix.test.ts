import { buildPath, routes } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { companyUsers, media } from '../src/db/schema/index.ts';
import { addCompanyRole, addMembership, ALL_FEATURES, authHeader, createEvent, createTicketType, createUser, eventInput } from './factories.ts';
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
  /** An event none of the actors belongs to, and a member and ticket type of it (IDOR attempts). */
  otherEventId: number;
  otherMemberId: number;
  otherTicketTypeId: number;
  /** A CSV import of the event, and one of the other event (IDOR attempts). */
  importId: number;
  otherImportId: number;
  unique: () => string;
  /** A fresh ticket type of the event, for calls that delete one. */
  newTicketType: () => Promise<number>;
  /** A fresh member of the event, for calls that remove one. */
  newMember: () => Promise<number>;
}

type RouteName = keyof typeof routes;

interface Case {
  /** The contract route this row checks: method and path come from it. */
  route: RouteName;
  /** Several rows may check one route; the label tells them apart. */
  label?: string;
  params?: (w: World) => Record<string, string | number> | Promise<Record<string, string | number>>;
  query?: string;
  body?: (w: World) => unknown;
  /** The call ends the session it is made with: each actor makes it with a session of its own. */
  freshSession?: boolean;
  expect: Record<Actor, number>;
}

const everyone = (status: number, overrides: Partial<Record<Actor, number>> = {}): Record<Actor, number> => ({ ...Object.fromEntries(ACTORS.map((a) => [a, status])), guest: 401, ...overrides }) as Record<Actor, number>;
const managers = (success: number) => everyone(403, { organiser: success, platformStaff: success });
/** The event's members may call it; people outside the event (and platform staff, who are not members) get 404. */
const members = (success: number, overrides: Partial<Record<Actor, number>> = {}) => everyone(success, { companyAdmin: 404, otherEventStaff: 404, platformStaff: 404, ...overrides });

const eventBody = (w: World) => eventInput({ slug: `m-${w.unique()}`, name: 'Matrix event', date_from: '2031-01-01T09:00:00.000Z', date_to: '2031-01-02T18:00:00.000Z' });
const ticketBody = (w: World) => ({ code: `c-${w.unique()}`, name: 'Matrix ticket', kind: 'standard', features: [], self_service: false });
const event = (w: World) => ({ id: w.eventId });

const cases: Case[] = [
  { route: 'getMe', expect: everyone(200) },
  { route: 'updateMe', body: () => ({ language: 'en' }), expect: everyone(200) },
  { route: 'changePassword', body: () => ({ current_password: '', password: 'matrix password 1', password_confirmation: 'matrix password 1' }), expect: everyone(200) },
  { route: 'logoutOthers', expect: everyone(200) },
  { route: 'logout', freshSession: true, expect: everyone(200) },
  { route: 'getMyMembership', params: (w) => ({ eventId: w.eventId }), expect: members(200) },
  { route: 'getMyMembership', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(404, { otherEventStaff: 200 }) },
  // The people directory is gated by the ticket: a plain ticket, course staff without a ticket and
  // people outside the event get the locked section (403); platform staff see every directory.
  { route: 'listMembers', params: (w) => ({ eventId: w.eventId }), expect: everyone(403, { attendeeAllFeatures: 200, moderator: 200, organiser: 200, platformStaff: 200 }) },
  { route: 'listMembers', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(403, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'registerForEvent', label: 'by invitation', params: (w) => ({ slug: w.eventSlug }), expect: everyone(201, { companyAdmin: 403, otherEventStaff: 403, platformStaff: 403 }) },
  { route: 'adminListEvents', expect: everyone(200) },
  { route: 'adminCreateEvent', body: eventBody, expect: everyone(403, { organiser: 201, otherEventStaff: 201, platformStaff: 201 }) },
  { route: 'adminGetEvent', params: event, expect: managers(200) },
  { route: 'adminUpdateEvent', params: event, body: (w) => ({ ...eventBody(w), slug: w.eventSlug }), expect: managers(200) },
  { route: 'adminCreateTicketType', params: event, body: ticketBody, expect: managers(201) },
  { route: 'adminUpdateTicketType', params: (w) => ({ id: w.eventId, ticketTypeId: w.ticketTypeId }), body: (w) => ({ ...ticketBody(w), code: 'matrix' }), expect: managers(200) },
  { route: 'adminUpdateTicketType', label: 'ticket type of another event', params: (w) => ({ id: w.eventId, ticketTypeId: w.otherTicketTypeId }), body: (w) => ticketBody(w), expect: managers(404) },
  { route: 'adminDeleteTicketType', params: async (w) => ({ id: w.eventId, ticketTypeId: await w.newTicketType() }), expect: managers(200) },
  { route: 'adminDeleteTicketType', label: 'ticket type of another event', params: (w) => ({ id: w.eventId, ticketTypeId: w.otherTicketTypeId }), expect: managers(404) },
  { route: 'adminListMembers', params: event, expect: managers(200) },
  { route: 'adminInviteMember', params: event, body: (w) => ({ email: `invitee-${w.unique()}@example.test`, ticket_type_id: w.ticketTypeId }), expect: managers(201) },
  { route: 'adminImportMembers', params: event, body: (w) => ({ csv: `email,ticket\nimported-${w.unique()}@example.test,matrix` }), expect: managers(202) },
  { route: 'adminGetImport', params: (w) => ({ id: w.eventId, importId: w.importId }), expect: managers(200) },
  { route: 'adminGetImport', label: "another event's import under this event", params: (w) => ({ id: w.eventId, importId: w.otherImportId }), expect: everyone(403, { organiser: 404, platformStaff: 404 }) },
  { route: 'adminGetImport', label: "this event's import under an event one runs", params: (w) => ({ id: w.otherEventId, importId: w.importId }), expect: everyone(403, { otherEventStaff: 404, platformStaff: 404 }) },
  { route: 'adminUpdateMember', params: (w) => ({ id: w.eventId, memberId: w.memberId }), body: () => ({ role_ids: [1] }), expect: managers(200) },
  { route: 'adminUpdateMember', label: 'member of another event', params: (w) => ({ id: w.eventId, memberId: w.otherMemberId }), body: () => ({ role_ids: [1] }), expect: managers(404) },
  { route: 'adminRemoveMember', params: async (w) => ({ id: w.eventId, memberId: await w.newMember() }), expect: managers(200) },
  { route: 'adminRemoveMember', label: 'member of another event', params: (w) => ({ id: w.eventId, memberId: w.otherMemberId }), expect: managers(404) },
  { route: 'adminSetBrandings', params: event, body: () => ({ items: [] }), expect: managers(200) },
  // Uploads: the matrix sends no multipart body, so 415 ("send multipart/form-data") means the
  // actor got past authorisation; files.test.ts covers the uploads themselves.
  { route: 'uploadMyMedia', expect: everyone(415) },
  { route: 'uploadEventMedia', params: (w) => ({ eventId: w.eventId }), expect: everyone(403, { courseAdmin: 415, organiser: 415, platformStaff: 415 }) },
  { route: 'uploadEventMedia', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(403, { otherEventStaff: 415, platformStaff: 415 }) },
  { route: 'updateMyMembership', params: (w) => ({ eventId: w.eventId }), body: () => ({ job: 'Matrix' }), expect: members(200) },
  { route: 'updateMyMembership', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), body: () => ({ job: 'Matrix' }), expect: everyone(404, { otherEventStaff: 200 }) },
  { route: 'uploadCompanyMedia', params: async () => ({ id: await adminCompanyId() }), expect: everyone(403, { companyAdmin: 415, platformStaff: 415 }) },
  { route: 'deleteCompanyMedia', params: async () => ({ id: await adminCompanyId(), mediaId: await companyMediaId(await adminCompanyId()) }), expect: everyone(403, { companyAdmin: 200, platformStaff: 200 }) },
  {
    route: 'deleteCompanyMedia',
    label: "another company's picture",
    params: async () => ({ id: await adminCompanyId(), mediaId: await companyMediaId((await addCompanyRole(t.database.db, userIds.attendee ?? 0, ['admin'])).id) }),
    expect: everyone(403, { companyAdmin: 404, platformStaff: 404 }),
  },
];

/**
 * Routes anyone may call, each with the reason; their own suites test what they answer. A route
 * that is in neither list fails the run, so no new call ships without its row.
 */
const publicRoutes: Partial<Record<RouteName, string>> = {
  getHealth: 'load balancers probe it',
  listTimezones: 'reference data for forms',
  getTimezone: 'reference data for forms',
  listEvents: 'the public events list',
  getEvent: 'public event pages (inactive events are hidden from everyone but their managers)',
  register: 'sign-up',
  completeRegistration: 'sign-up, with the mailed one-time token',
  login: 'sign-in',
  requestMagicLink: 'sign-in',
  consumeMagicLink: 'sign-in, with the mailed one-time token',
  requestMagicCode: 'sign-in',
  verifyMagicCode: 'sign-in, with the mailed code',
  requestRecovery: 'password recovery',
  resetPassword: 'password recovery, with the mailed one-time token',
  refreshSession: 'the HttpOnly refresh cookie is the credential',
  startGoogleSignIn: 'sign-in',
  finishGoogleSignIn: 'sign-in, with the provider state',
  exchangeGoogleTicket: 'sign-in, with the one-time ticket',
  listMailbox: 'demo only; who may read it depends on the listening address (mailbox.test.ts)',
  getMail: 'demo only; who may read it depends on the listening address (mailbox.test.ts)',
  listPasses: 'the free passes of a public event page',
  listBrandings: 'banners of a public event page',
  getFile: 'the signed address is the credential (files.test.ts)',
};

let t: TestApp;
let world: World;
const headers = {} as Record<Actor, Record<string, string>>;
const userIds = {} as Partial<Record<Actor, number>>;

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
    userIds[actor] = row.id;
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
  const memberOf = async (eventId: number, userId: number) => {
    const [row] = await db.query.eventMembers.findMany({ where: (m, { eq, and }) => and(eq(m.eventId, eventId), eq(m.userId, userId)) });
    if (!row) throw new Error('no member row');
    return row.id;
  };
  const stranger = await createUser(db);
  const otherTicket = await createTicketType(db, other.id, { code: 'other' });
  await addMembership(db, other.id, stranger.id, { ticketTypeId: otherTicket.id });
  const startImport = async (eventId: number, actor: Actor) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/v1/events/${eventId}/members/import`, headers: headers[actor], payload: { csv: 'email,ticket\nseed@example.test,matrix' } });
    return res.json<{ data: { id: number } }>().data.id;
  };
  let counter = 0;
  const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;
  world = {
    eventId: event.id,
    eventSlug: event.slug,
    memberId: await memberOf(event.id, attendee.id),
    ticketTypeId: plain.id,
    otherEventId: other.id,
    otherMemberId: await memberOf(other.id, stranger.id),
    otherTicketTypeId: otherTicket.id,
    importId: await startImport(event.id, 'organiser'),
    otherImportId: await startImport(other.id, 'otherEventStaff'),
    unique,
    newTicketType: async () => (await createTicketType(db, event.id, { code: `del-${unique()}` })).id,
    newMember: async () => {
      const person = await createUser(db);
      await addMembership(db, event.id, person.id, { ticketTypeId: plain.id });
      return memberOf(event.id, person.id);
    },
  };
});
afterAll(() => t.close());

/** The company the companyAdmin actor runs, and a fresh picture of a company (deleted by some rows). */
const adminCompanyId = async (): Promise<number> => {
  const [row] = await t.database.db.select({ id: companyUsers.companyId }).from(companyUsers).where(eq(companyUsers.userId, userIds.companyAdmin ?? 0));
  if (!row) throw new Error('no company of the company admin');
  return row.id;
};
const companyMediaId = async (companyId: number): Promise<number> => {
  const [row] = await t.database.db.insert(media).values({ ownerType: 'company', ownerId: companyId, category: 'hero', url: 'matrix.png', mimeType: 'image/png' }).returning();
  if (!row) throw new Error('no media row');
  return row.id;
};

describe('authorisation matrix', () => {
  it('has a row for every route of the contract', () => {
    const checked = new Set(cases.map((c) => c.route));
    const missing = (Object.keys(routes) as RouteName[]).filter((name) => !checked.has(name) && !(name in publicRoutes));
    expect(missing, 'routes without a row in the authorisation matrix').toEqual([]);
  });

  it('lists as public only routes that need no sign-in', () => {
    const protectedButListed = (Object.keys(publicRoutes) as RouteName[]).filter((name) => routes[name].auth);
    expect(protectedButListed).toEqual([]);
  });

  for (const c of cases) {
    const def = routes[c.route];
    it(`${def.method} ${def.path}${c.label ? ` (${c.label})` : ''}`, async () => {
      const actual: Partial<Record<Actor, number>> = {};
      for (const actor of ACTORS) {
        const payload = c.body?.(world);
        const url = buildPath(def.path, await c.params?.(world)) + (c.query ?? '');
        const id = userIds[actor];
        const auth = c.freshSession && id !== undefined ? await authHeader(t.database.db, t.config.secret, id) : headers[actor];
        const res = await t.app.inject({ method: def.method, url, headers: auth, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
        actual[actor] = res.statusCode;
      }
      expect(actual).toEqual(c.expect);
    });
  }
});
