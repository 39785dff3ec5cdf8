import { verify } from '@node-rs/argon2';
import type { EventGroups } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMembers, events, users } from '../src/db/schema/index.ts';
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

  it('leaves a database that already has events alone', async () => {
    const before = await t.database.db.select().from(events);
    expect(await seedDemo(t.database.db)).toBe(false);
    expect(await t.database.db.select().from(events)).toHaveLength(before.length);
  });
});
