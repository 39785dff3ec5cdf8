import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, authHeader, createEvent, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface AdminDictionary {
  name: string;
  items: { value: number | string; labels: Record<string, string> }[];
  custom: boolean;
  editable: boolean;
  updated_at: string | null;
}

async function organiser() {
  const { db } = t.database;
  const event = await createEvent(db);
  const user = await createUser(db, { isOrganizer: true });
  await addMembership(db, event.id, user.id, { isOrganizer: true });
  return { event, headers: await authHeader(db, t.config.secret, user.id) };
}

const items = [
  { value: 1, labels: { en: 'Indie games', ru: 'Инди-игры', zh: '独立游戏' } },
  { value: 42, labels: { en: 'Board games', ru: 'Настольные игры', zh: '桌游' } },
];

describe('back-office dictionaries', () => {
  it('lists every dictionary with labels in all languages, replaces one, serves it to the event, and resets it', async () => {
    const { event, headers } = await organiser();
    const base = `/api/admin/v1/events/${event.id}/dictionaries`;
    const list = await t.app.inject({ method: 'GET', url: base, headers });
    expect(list.statusCode).toBe(200);
    const tag = list.json<{ data: AdminDictionary[] }>().data.find((d) => d.name === 'company.tag');
    expect(tag).toMatchObject({ custom: false, editable: true, updated_at: null });
    expect(tag?.items[0]?.labels).toEqual({ en: 'Indie', ru: 'Инди', zh: '独立' });
    expect(list.json<{ data: AdminDictionary[] }>().data.find((d) => d.name === 'regions')?.editable).toBe(false);

    const set = await t.app.inject({ method: 'PUT', url: `${base}/company.tag`, headers, payload: { items } });
    expect(set.statusCode).toBe(200);
    expect(set.json<{ data: AdminDictionary }>().data).toMatchObject({ name: 'company.tag', custom: true, items });

    // The event's public dictionaries follow, in the reader's language; other events keep the platform list.
    const pub = await t.app.inject({ method: 'GET', url: `/api/v1/dictionaries?event_id=${event.id}`, headers: { 'accept-language': 'ru' } });
    expect(pub.json<{ data: { name: string; items: unknown[] }[] }>().data.find((d) => d.name === 'company.tag')?.items).toEqual([
      { value: 1, label: 'Инди-игры' },
      { value: 42, label: 'Настольные игры' },
    ]);
    const other = await createEvent(t.database.db);
    const otherTags = (await t.app.inject({ method: 'GET', url: `/api/v1/dictionaries?event_id=${other.id}` })).json<{ data: { name: string; items: unknown[] }[] }>().data.find((d) => d.name === 'company.tag');
    expect(otherTags?.items).toHaveLength(10);

    const reset = await t.app.inject({ method: 'DELETE', url: `${base}/company.tag`, headers });
    expect(reset.statusCode).toBe(200);
    expect(reset.json<{ data: AdminDictionary }>().data).toMatchObject({ custom: false, updated_at: null });
    expect(reset.json<{ data: AdminDictionary }>().data.items).toHaveLength(10);
  });

  it('refuses duplicate values with 400 and fixed dictionaries with 422', async () => {
    const { event, headers } = await organiser();
    const base = `/api/admin/v1/events/${event.id}/dictionaries`;
    const dup = await t.app.inject({ method: 'PUT', url: `${base}/user.can_offer`, headers, payload: { items: [items[0], { ...items[1], value: 1 }] } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.details.fields[0].field).toBe('items.1.value');
    for (const name of ['regions', 'sponsor.levels', 'publisher.genres', 'meeting.locations']) {
      const res = await t.app.inject({ method: 'PUT', url: `${base}/${name}`, headers, payload: { items } });
      expect(res.statusCode, name).toBe(422);
      expect(res.json().error.code).toBe('dictionary.fixed');
    }
  });

  it('answers 400 for bad names and items, never 500', async () => {
    const { event, headers } = await organiser();
    const base = `/api/admin/v1/events/${event.id}/dictionaries`;
    for (const [url, payload] of [
      [`${base}/no.such`, { items }],
      [`${base}/company.tag`, { items: [] }],
      [`${base}/company.tag`, { items: [{ value: 1, labels: { en: 'x', ru: 'x' } }] }],
      [`${base}/company.tag`, { items: [{ value: -1, labels: { en: 'x', ru: 'x', zh: 'x' } }] }],
      [`${base}/company.tag`, { items: [{ value: 1.5, labels: { en: 'x', ru: 'x', zh: 'x' } }] }],
      [`${base}/company.tag`, { items: [{ value: 1, labels: { en: ' ', ru: 'x', zh: 'x' } }] }],
      [`${base}/company.tag`, { items: Array.from({ length: 201 }, (_, i) => ({ value: i, labels: { en: 'x', ru: 'x', zh: 'x' } })) }],
    ] as const) {
      const res = await t.app.inject({ method: 'PUT', url, headers, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
  });

  it('is for the organisers of the event and platform staff only', async () => {
    const { db } = t.database;
    const { event } = await organiser();
    const base = `/api/admin/v1/events/${event.id}/dictionaries`;
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
    const attendee = await createUser(db);
    await addMembership(db, event.id, attendee.id);
    const asAttendee = await authHeader(db, t.config.secret, attendee.id);
    expect((await t.app.inject({ method: 'GET', url: base, headers: asAttendee })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `${base}/company.tag`, headers: asAttendee, payload: { items } })).statusCode).toBe(403);
    // An organiser of another event cannot touch this one.
    const { headers: otherOrganiser } = await organiser();
    expect((await t.app.inject({ method: 'DELETE', url: `${base}/company.tag`, headers: otherOrganiser })).statusCode).toBe(403);
    const staff = await createUser(db, { isStaff: true });
    const asStaff = await authHeader(db, t.config.secret, staff.id);
    expect((await t.app.inject({ method: 'PUT', url: `${base}/company.tag`, headers: asStaff, payload: { items } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/v1/events/2147483647/dictionaries`, headers: asStaff })).statusCode).toBe(404);
  });
});
