// The analytics trust boundary: a tag container runs any script on the event's pages, so only
// platform staff and people staff trust (role AnalyticsManager -> event.analytics) set the ids.
import { MemberRole, type AdminEvent, type EventInput } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMembers, events } from '../src/db/schema/index.ts';
import { addMembership, authHeader, createUser, defaultEventConfig, eventInput } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let staff: Record<string, string>;
let organiser: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  staff = await authHeader(db, t.config.secret, (await createUser(db, { isStaff: true })).id);
  organiser = await authHeader(db, t.config.secret, (await createUser(db, { isOrganizer: true })).id);
});
afterAll(() => t.close());

let counter = 0;
const input = (analytics: EventInput['config']['analytics'] = { googleTag: null, yandexMetrika: null }, slug?: string): EventInput => {
  counter += 1;
  return eventInput({ slug: slug ?? `tagged-${counter}`, name: `Tagged ${counter}`, config: { ...defaultEventConfig, analytics } });
};

const send = (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, payload: unknown) => t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });

async function organisersEvent(): Promise<AdminEvent> {
  const res = await send('POST', '/api/admin/v1/events', organiser, input());
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: AdminEvent }>().data;
}

const storedAnalytics = async (id: number) => (await t.database.db.select({ config: events.config }).from(events).where(eq(events.id, id)))[0]?.config.analytics;

describe('who sets analytics ids', () => {
  it('refuses an organiser without event.analytics, on create and on edit, keeping stored ids', async () => {
    const created = await send('POST', '/api/admin/v1/events', organiser, input({ googleTag: 'GTM-ABCD123', yandexMetrika: null }));
    expect(created.statusCode).toBe(403);
    expect(created.json().error).toMatchObject({ code: 'auth.forbidden', details: { fields: [{ field: 'body.config.analytics.googleTag' }] } });

    const event = await organisersEvent();
    expect(event.abilities).toContain('event.manage');
    expect(event.abilities).not.toContain('event.analytics');
    // Staff put a tag in place; the organiser may neither change nor remove it...
    expect((await send('PUT', `/api/admin/v1/events/${event.id}`, staff, input({ googleTag: 'G-STAFF123', yandexMetrika: '4567890' }, event.slug))).statusCode).toBe(200);
    const changed = await send('PUT', `/api/admin/v1/events/${event.id}`, organiser, input({ googleTag: 'GTM-EVIL999', yandexMetrika: '4567890' }, event.slug));
    expect(changed.statusCode).toBe(403);
    const removed = await send('PUT', `/api/admin/v1/events/${event.id}`, organiser, input({ googleTag: 'G-STAFF123', yandexMetrika: null }, event.slug));
    expect(removed.statusCode).toBe(403);
    expect(removed.json().error.details.fields[0].field).toBe('body.config.analytics.yandexMetrika');
    expect(await storedAnalytics(event.id)).toEqual({ googleTag: 'G-STAFF123', yandexMetrika: '4567890' });
    // ...but saves the rest of the event when the ids come back unchanged.
    const renamed = await send('PUT', `/api/admin/v1/events/${event.id}`, organiser, { ...input({ googleTag: 'G-STAFF123', yandexMetrika: '4567890' }, event.slug), name: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe('Renamed');
  });

  it('lets staff set ids and trust an organiser with the AnalyticsManager role, which organisers cannot give', async () => {
    const event = await organisersEvent();
    const { db } = t.database;
    const [member] = await db.select().from(eventMembers).where(eq(eventMembers.eventId, event.id));
    if (!member) throw new Error('no organiser member');
    const url = `/api/admin/v1/events/${event.id}/members/${member.id}`;
    const selfTrust = await t.app.inject({ method: 'PUT', url, headers: organiser, payload: { role_ids: [1, MemberRole.AnalyticsManager] } });
    expect(selfTrust.statusCode).toBe(403);

    const trusted = await t.app.inject({ method: 'PUT', url, headers: staff, payload: { role_ids: [1, MemberRole.AnalyticsManager] } });
    expect(trusted.statusCode, trusted.body).toBe(200);
    const ok = await send('PUT', `/api/admin/v1/events/${event.id}`, organiser, input({ googleTag: 'G-TRUSTED1', yandexMetrika: null }, event.slug));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.abilities).toContain('event.analytics');
    // The trust is not a role in the event: the member's role stays Member.
    const me = await t.app.inject({ method: 'GET', url: `/api/v1/${event.id}/members/me`, headers: organiser });
    expect(me.json().data.role_id).toBe(MemberRole.Member);
    // Editing other roles keeps the trust: only staff take it away.
    const roles = await t.app.inject({ method: 'PUT', url, headers: organiser, payload: { role_ids: [1, MemberRole.Moderator] } });
    expect(roles.json().data.role_ids).toEqual([1, MemberRole.Moderator, MemberRole.AnalyticsManager]);
    const untrusted = await t.app.inject({ method: 'PUT', url, headers: staff, payload: { role_ids: [1] } });
    expect(untrusted.json().data.role_ids).toEqual([1]);
    expect((await send('PUT', `/api/admin/v1/events/${event.id}`, organiser, input({ googleTag: 'G-AGAIN123', yandexMetrika: null }, event.slug))).statusCode).toBe(403);
  });

  it('refuses ids that are not GTM, Google tag or Metrika ids, even from staff', async () => {
    for (const analytics of [{ googleTag: 'G-1"><script>', yandexMetrika: null }, { googleTag: 'gtm-abc123', yandexMetrika: null }, { googleTag: null, yandexMetrika: '12ab' }, { googleTag: 'UA-1234', yandexMetrika: null }]) {
      const res = await send('POST', '/api/admin/v1/events', staff, input(analytics));
      expect(res.statusCode, JSON.stringify(analytics)).toBe(400);
    }
    const res = await send('POST', '/api/admin/v1/events', staff, input({ googleTag: 'GTM-K9X2PQ7', yandexMetrika: '98765432' }));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('an organiser added as a plain member later still has no analytics right', async () => {
    const event = await organisersEvent();
    const other = await createUser(t.database.db);
    await addMembership(t.database.db, event.id, other.id, { isOrganizer: true, roleIds: [1] });
    const headers = await authHeader(t.database.db, t.config.secret, other.id);
    expect((await send('PUT', `/api/admin/v1/events/${event.id}`, headers, input({ googleTag: 'G-OTHER123', yandexMetrika: null }, event.slug))).statusCode).toBe(403);
  });
});
