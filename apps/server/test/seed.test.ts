import { verify } from '@node-rs/argon2';
import type { EventGroups } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, eventCompanies, eventMembers, events, users } from '../src/db/schema/index.ts';
import { demoAccounts, seedDemo } from '../src/db/seed/demo.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOBBY_DEMO: '1' });
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('has a hub and a past, a current hybrid and an upcoming event', async () => {
    const groups = (await t.app.inject({ method: 'GET', url: '/api/v1/events' })).json<{ data: EventGroups }>().data;
    expect(groups.past.length).toBeGreaterThanOrEqual(1);
    expect(groups.upcoming.length).toBeGreaterThanOrEqual(1);
    const summit = groups.current.find((event) => event.slug === 'lobby-summit');
    expect(summit).toMatchObject({ is_online: true, is_onsite: true });
    expect(Object.keys(summit?.points ?? {}).length).toBeGreaterThanOrEqual(2);
    expect(groups.current.find((event) => event.slug === 'hub')?.is_all_users).toBe(true);
  });

  it('stores the demo accounts with argon2 hashes of the printed passwords', async () => {
    for (const account of demoAccounts) {
      const [row] = await t.database.db.select().from(users).where(eq(users.email, account.email));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verify(row?.passwordHash ?? '', account.password)).toBe(true);
    }
  });

  it('makes accounts members of their events with a ticket', async () => {
    const [summit] = await t.database.db.select().from(events).where(eq(events.slug, 'lobby-summit'));
    const members = await t.database.db.select().from(eventMembers).where(eq(eventMembers.eventId, summit?.id ?? 0));
    expect(members.length).toBeGreaterThanOrEqual(3);
    expect(members.every((member) => member.ticketTypeId !== null)).toBe(true);
  });

  it('fills the summit with a few hundred people and dozens of companies with logos and sponsor tiers', async () => {
    const [summit] = await t.database.db.select().from(events).where(eq(events.slug, 'lobby-summit'));
    const members = await t.database.db.select().from(eventMembers).where(eq(eventMembers.eventId, summit?.id ?? 0));
    expect(members.length).toBeGreaterThanOrEqual(250);
    const linked = await t.database.db.select({ tier: eventCompanies.sponsorType, logo: companies.logoKey }).from(eventCompanies).innerJoin(companies, eq(companies.id, eventCompanies.companyId)).where(eq(eventCompanies.eventId, summit?.id ?? 0));
    expect(linked.length).toBeGreaterThanOrEqual(30);
    expect(linked.every((row) => row.logo?.startsWith('/demo/logos/'))).toBe(true);
    expect(linked.filter((row) => row.tier !== null).length).toBeGreaterThanOrEqual(8);
  });

  it('gives the demo accounts complete profiles, so their events open without the fill-profile step', async () => {
    const [summit] = await t.database.db.select().from(events).where(eq(events.slug, 'lobby-summit'));
    for (const account of demoAccounts.filter((a) => a.roles['lobby-summit'])) {
      const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: account.email, password: account.password } });
      const token = login.json<{ data: { access_token: string } }>().data.access_token;
      const me = await t.app.inject({ method: 'GET', url: `/api/v1/${summit?.id}/members/me`, headers: { authorization: `Bearer ${token}` } });
      expect(me.json<{ data: { profile_missing: string[] } }>().data.profile_missing, account.email).toEqual([]);
    }
  });

  it('leaves a database that already has events alone', async () => {
    const before = await t.database.db.select().from(events);
    expect(await seedDemo(t.database.db)).toBe(false);
    expect(await t.database.db.select().from(events)).toHaveLength(before.length);
  });
});

describe('demo meetings', () => {
  it("gives the demo attendee meetings in every view, a schedule, and unread notifications", async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'attendee@lobby.demo', password: 'Attendee-2026' } });
    const headers = { authorization: `Bearer ${login.json().data.access_token}` };
    const [summit] = await t.database.db.select().from(events).where(eq(events.slug, 'lobby-summit'));
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/${summit?.id}/meetings`, headers });
    expect(list.statusCode).toBe(200);
    const counts = list.json().meta.counts as Record<string, number>;
    for (const view of ['waiting_for_me', 'waiting_for_other', 'accepted', 'declined_by_me', 'declined_by_other', 'canceled']) expect(counts[view], view).toBeGreaterThanOrEqual(1);
    const slots = (await t.app.inject({ method: 'GET', url: `/api/v1/${summit?.id}/meetings/slots`, headers })).json().data;
    expect(slots.slots.length).toBeGreaterThan(16);
    expect(slots.slots.some((slot: { state: string }) => slot.state === 'locked')).toBe(true);
    expect(slots.locations.length).toBe(5);
    const unread = (await t.app.inject({ method: 'GET', url: `/api/v1/notifications/unread?filter[event_id]=${summit?.id}`, headers })).json().data.count;
    expect(unread).toBeGreaterThanOrEqual(3);
  });
});

describe('demo chats', () => {
  it('gives the demo attendee chats of every kind with history, unread messages, and the organiser reports and a ban to moderate', async () => {
    const signIn = async (email: string, password: string) => ({ authorization: `Bearer ${(await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } })).json().data.access_token}` });
    const headers = await signIn('attendee@lobby.demo', 'Attendee-2026');
    const [summit] = await t.database.db.select().from(events).where(eq(events.slug, 'lobby-summit'));
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/chat/channels?filter[related_type]=event&filter[related_id]=${summit?.id}`, headers });
    expect(list.statusCode, list.body).toBe(200);
    const channels = list.json().data as { access: string; entity_type: string | null; last_seq: number; unread_messages: number; last_message: unknown }[];
    expect(channels.filter((c) => c.access === 'private' && c.entity_type === null).length).toBeGreaterThanOrEqual(4);
    for (const kind of ['company', 'promo_company']) expect(channels.some((c) => c.entity_type === kind), kind).toBe(true);
    expect(channels.some((c) => c.access === 'notifications')).toBe(true);
    expect(channels.every((c) => c.last_seq >= 1 && c.last_message !== null)).toBe(true);
    const unread = (await t.app.inject({ method: 'GET', url: `/api/v1/chat/channels/unreadmessages?filter[related_type]=event&filter[related_id]=${summit?.id}`, headers })).json().data;
    expect(unread.unread_messages).toBeGreaterThanOrEqual(3);
    const expo = (await t.app.inject({ method: 'GET', url: `/api/v1/${summit?.id}/chat/common?path=/expo`, headers })).json().data;
    expect(expo?.last_seq).toBeGreaterThanOrEqual(3);

    const organiser = await signIn('organizer@lobby.demo', 'Organizer-2026');
    const reports = await t.app.inject({ method: 'GET', url: `/api/v1/${summit?.id}/chat/reports`, headers: organiser });
    expect(reports.json().data.length, reports.body).toBeGreaterThanOrEqual(1);
    const bans = await t.app.inject({ method: 'GET', url: `/api/v1/${summit?.id}/chat/bans`, headers: organiser });
    expect(bans.json().data.length, bans.body).toBeGreaterThanOrEqual(1);
  });
});
