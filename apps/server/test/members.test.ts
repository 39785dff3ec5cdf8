import type { EventGroups, EventMember } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketTypes } from '../src/db/schema/index.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser, pastDates } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = async (eventId: number, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/v1/${eventId}/members/me`, headers });
const register = (slug: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/v1/events/${slug}/register`, headers, ...(payload ? { payload } : {}) });

describe('GET /api/v1/{eventId}/members/me', () => {
  it('answers ticket, roles, flags, abilities and which sections an upgrade would open', async () => {
    const { db } = t.database;
    const event = await createEvent(db, { isOnsite: true });
    const visitor = await createTicketType(db, event.id, { code: 'visitor', features: ['watch_lecture'] });
    await createTicketType(db, event.id, { code: 'business', kind: 'business', name: 'Business pass', features: ['unlimited_chats', 'unlimited_meetings', 'offline', 'watch_lecture'], upgradeUrl: 'https://example.org/buy' });
    const user = await createUser(db);
    await addMembership(db, event.id, user.id, { ticketTypeId: visitor.id, roleIds: [1, 8] });
    const res = await me(event.id, await authHeader(db, t.config.secret, user.id));
    expect(res.statusCode).toBe(200);
    const member = res.json<{ data: EventMember }>().data;
    expect(member).toMatchObject({
      event_id: event.id,
      user_id: user.id,
      role_id: 8,
      role_ids: [1, 8],
      is_speaker: true,
      is_business: false,
      can_chat: true,
      can_meeting: false,
      can_offline_meeting: false,
      can_vote: false,
      can_upgrade: true,
      ticket: { id: visitor.id, features: ['watch_lecture'] },
      upgrade: { name: 'Business pass', upgrade_url: 'https://example.org/buy' },
    });
    expect(member.abilities).toEqual(expect.arrayContaining(['event.view', 'lectures.watch', 'chat.send', 'members.view']));
    expect(member.sections).toMatchObject({ lectures: 'ok', members: 'ok', meetings: 'upgrade', voting: 'unavailable', program: 'ok' });
  });

  it('answers 401 for a guest, 404 for someone who is not a member', async () => {
    const event = await createEvent(t.database.db);
    expect((await me(event.id, {})).statusCode).toBe(401);
    const stranger = await createUser(t.database.db);
    const res = await me(event.id, await authHeader(t.database.db, t.config.secret, stranger.id));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('member.not_found');
  });

  it('enrols everyone in an open-to-all event on first visit, with its free pass', async () => {
    const { db } = t.database;
    const hub = await createEvent(db, { isAllUsers: true });
    const pass = await createTicketType(db, hub.id, { kind: 'general', selfService: true, features: ['limited_chats'] });
    const user = await createUser(db);
    const res = await me(hub.id, await authHeader(db, t.config.secret, user.id));
    expect(res.statusCode).toBe(200);
    const member = res.json<{ data: EventMember }>().data;
    expect(member.ticket_type?.id).toBe(pass.id);
    // The general ticket type is kept out of forbidden-on-general sections.
    expect(member.sections.members).toBe('unavailable');
  });
});

describe('POST /api/v1/events/{slug}/register', () => {
  it('joins an automatic-registration event with its default free pass, once', async () => {
    const { db } = t.database;
    const event = await createEvent(db, { autoReg: true });
    const free = await createTicketType(db, event.id, { selfService: true, features: ['watch_lecture'] });
    const user = await createUser(db);
    const headers = await authHeader(db, t.config.secret, user.id);
    const first = await register(event.slug, headers);
    expect(first.statusCode).toBe(201);
    expect(first.json().data.ticket_type.id).toBe(free.id);
    expect((await register(event.slug, headers)).statusCode).toBe(201);
    const [type] = await db.select().from(ticketTypes).where(eq(ticketTypes.id, free.id));
    expect(type?.issued).toBe(1);
  });

  it('refuses self-registration where the organisers issue tickets, and past events', async () => {
    const { db } = t.database;
    const closed = await createEvent(db);
    const user = await createUser(db);
    const headers = await authHeader(db, t.config.secret, user.id);
    const res = await register(closed.slug, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('event.registration_closed');
    const over = await createEvent(db, { autoReg: true, ...pastDates() });
    expect((await register(over.slug, headers)).json().error.code).toBe('event.over');
    expect((await register(closed.slug, {})).statusCode).toBe(401);
    expect((await register('no-such-event', headers)).statusCode).toBe(404);
  });

  it('hands out a free pass with a quota to exactly as many people as the quota, under concurrency', async () => {
    const { db } = t.database;
    const event = await createEvent(db);
    const pass = await createTicketType(db, event.id, { kind: 'service_provider', selfService: true, quota: 3, features: ['limited_chats'] });
    const closedType = await createTicketType(db, event.id, { kind: 'business' });
    const people = await Promise.all(Array.from({ length: 10 }, () => createUser(db)));
    const headers = await Promise.all(people.map((person) => authHeader(db, t.config.secret, person.id)));
    const results = await Promise.all(headers.map((h) => register(event.slug, h, { ticket_type_id: pass.id })));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect(results.find((r) => r.statusCode === 409)?.json().error.code).toBe('event.passes_exhausted');
    const [type] = await db.select().from(ticketTypes).where(eq(ticketTypes.id, pass.id));
    expect(type?.issued).toBe(3);
    // Someone the race left without a pass (which three win changes from run to run).
    const loser = headers[results.findIndex((r) => r.statusCode === 409)] ?? {};
    const other = await register(event.slug, loser, { ticket_type_id: closedType.id });
    expect(other.statusCode).toBe(403);
    const passes = await t.app.inject({ method: 'GET', url: `/api/v1/events/${event.slug}/passes` });
    expect(passes.json().data).toEqual([{ id: pass.id, name: pass.name, kind: 'service_provider', features: ['limited_chats'], remaining: 0 }]);
  });
});

describe('events for a signed-in person', () => {
  it('adds "my" events (memberships and open-to-all) to the list; guests get no "my"', async () => {
    const { db } = t.database;
    const mine = await createEvent(db, { name: 'Mine' });
    const open = await createEvent(db, { name: 'Open', isAllUsers: true });
    const notMine = await createEvent(db, { name: 'Not mine' });
    const user = await createUser(db);
    await addMembership(db, mine.id, user.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/events', headers: await authHeader(db, t.config.secret, user.id) });
    const groups = res.json<{ data: EventGroups }>().data;
    const slugs = groups.my?.map((e) => e.slug) ?? [];
    expect(slugs).toEqual(expect.arrayContaining([mine.slug, open.slug]));
    expect(slugs).not.toContain(notMine.slug);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/events' })).json().data.my).toBeUndefined();
  });
});

describe('GET /api/v1/events/{eventId}/brandings', () => {
  it('groups banners by place', async () => {
    const { db } = t.database;
    const event = await createEvent(db);
    const organiser = await createUser(db, { isOrganizer: true });
    await addMembership(db, event.id, organiser.id, { isOrganizer: true });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/v1/events/${event.id}/brandings`,
      headers: await authHeader(db, t.config.secret, organiser.id),
      payload: { items: [{ place: 'home_top', image_url: '/a.svg', title: 'A' }, { place: 'footer', image_url: 'https://cdn.example.org/b.png', link_url: 'https://example.org' }, { place: 'home_top', image_url: '/c.svg' }] },
    });
    expect(put.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/events/${event.id}/brandings` });
    expect(res.json().data.map((g: { place: string; banners: unknown[] }) => [g.place, g.banners.length])).toEqual([
      ['home_top', 2],
      ['footer', 1],
    ]);
    expect(res.json().data[0].banners[0]).toMatchObject({ place_id: 'home_top', title: 'A', image_url: '/a.svg' });
    const unsafe = await t.app.inject({ method: 'PUT', url: `/api/admin/v1/events/${event.id}/brandings`, headers: await authHeader(db, t.config.secret, organiser.id), payload: { items: [{ place: 'home_top', image_url: 'javascript:alert(1)' }] } });
    expect(unsafe.statusCode).toBe(400);
  });
});

describe('GET /api/v1/{eventId}/members (people directory)', () => {
  it('lists people for tickets with networking, and says why it is closed to others', async () => {
    const { db } = t.database;
    const event = await createEvent(db);
    const visitor = await createTicketType(db, event.id, { features: ['watch_lecture'] });
    const networking = await createTicketType(db, event.id, { features: ['limited_meetings'] });
    await createTicketType(db, event.id, { kind: 'business', features: ['unlimited_meetings'] });
    const ann = await createUser(db, { firstName: 'Ann', lastName: 'Archer', job: 'Producer' });
    const bob = await createUser(db, { firstName: 'Bob', lastName: 'Baker', job: 'Investor' });
    await addMembership(db, event.id, ann.id, { ticketTypeId: networking.id, roleIds: [1, 8] });
    await addMembership(db, event.id, bob.id, { ticketTypeId: visitor.id });
    const url = `/api/v1/${event.id}/members`;
    const open = await t.app.inject({ method: 'GET', url: `${url}?sort=name`, headers: await authHeader(db, t.config.secret, ann.id) });
    expect(open.statusCode).toBe(200);
    expect(open.json().data.map((m: { user: { first_name: string } }) => m.user.first_name)).toEqual(['Ann', 'Bob']);
    expect(open.json().data[0]).toMatchObject({ is_speaker: true, user: { job: 'Producer' } });
    const found = await t.app.inject({ method: 'GET', url: `${url}?filter%5Bquery%5D=invest`, headers: await authHeader(db, t.config.secret, ann.id) });
    expect(found.json().data.map((m: { user: { first_name: string } }) => m.user.first_name)).toEqual(['Bob']);
    const closed = await t.app.inject({ method: 'GET', url, headers: await authHeader(db, t.config.secret, bob.id) });
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error).toMatchObject({ code: 'section.locked', details: { section: 'members', access: 'upgrade' } });
  });
});
