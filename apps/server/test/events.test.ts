import type { Event, EventGroups } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/schema/index.ts';
import { addMedia, addPoint, createEvent, pastDates, upcomingDates } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let current: Awaited<ReturnType<typeof createEvent>>;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  current = await createEvent(db, { slug: 'summit', name: 'Summit', tagline: 'Hybrid summit', isOnsite: true });
  await createEvent(db, { slug: 'old-one', name: 'Old one', ...pastDates() });
  await createEvent(db, { slug: 'older-one', name: 'Older one', dateFrom: new Date(Date.now() - 40 * 86_400_000), dateTo: new Date(Date.now() - 39 * 86_400_000) });
  await createEvent(db, { slug: 'next-one', name: 'Next one', ...upcomingDates() });
  await createEvent(db, { slug: 'hidden', name: 'Hidden', active: false });
  await addMedia(db, current.id, { category: 'logo', locale: 'en', url: '/logo-en.png' });
  await addMedia(db, current.id, { category: 'logo', locale: 'ru', url: '/logo-ru.png' });
  await addMedia(db, current.id, { category: 'background', locale: 'ru', url: '/bg-ru.png' });
  await addPoint(t.database.db, current.id, 'Zone A');
  await addPoint(t.database.db, current.id, 'Lounge');
});
afterAll(() => t.close());

const get = (url: string, lang?: string) => t.app.inject({ method: 'GET', url, headers: lang ? { 'accept-language': lang } : {} });
const slugs = (list: Event[]) => list.map((event) => event.slug);

describe('GET /api/v1/events', () => {
  it('groups active events as past (newest first), current and upcoming', async () => {
    const res = await get('/api/v1/events');
    expect(res.statusCode).toBe(200);
    const groups = res.json<{ data: EventGroups }>().data;
    expect(slugs(groups.current)).toEqual(['summit']);
    expect(slugs(groups.past)).toEqual(['old-one', 'older-one']);
    expect(slugs(groups.upcoming)).toEqual(['next-one']);
    expect(JSON.stringify(groups)).not.toContain('hidden');
  });

  it('filters by group and by name', async () => {
    const past = (await get('/api/v1/events?filter%5Bgroup%5D=past')).json<{ data: EventGroups }>().data;
    expect(slugs(past.past)).toEqual(['old-one', 'older-one']);
    expect(past.current).toEqual([]);
    const found = (await get(`/api/v1/events?filter%5Bquery%5D=${encodeURIComponent('older')}`)).json<{ data: EventGroups }>().data;
    expect(slugs([...found.past, ...found.current, ...found.upcoming])).toEqual(['older-one']);
    const byTagline = (await get('/api/v1/events?filter%5Bquery%5D=HYBRID')).json<{ data: EventGroups }>().data;
    expect(slugs(byTagline.current)).toEqual(['summit']);
  });

  it('answers 400 naming the field for malformed filters', async () => {
    const res = await get('/api/v1/events?filter%5Bgroup%5D=soon');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([{ field: 'query.filter[group]', message: 'This value is not valid.', key: 'invalid', params: {} }]);
    expect((await get(`/api/v1/events?filter%5Bquery%5D=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });
});

describe('GET /api/v1/events/{slug}', () => {
  it('returns every Event field, the tagline as title and points as name -> id', async () => {
    const res = await get('/api/v1/events/summit');
    expect(res.statusCode).toBe(200);
    const event = res.json<{ data: Event }>().data;
    expect(event).toMatchObject({ id: current.id, slug: 'summit', title: 'Hybrid summit', name: 'Summit', is_onsite: true, group: 'current', timezone: 'UTC' });
    expect(Object.keys(event.points)).toEqual(['Zone A', 'Lounge']);
    expect(Object.values(event.points).every((id) => id > 1)).toBe(true);
    expect(event.config.languages).toEqual(['en', 'ru', 'zh']);
  });

  it('picks logo and background in the request language with English as fallback', async () => {
    const ru = (await get('/api/v1/events/summit', 'ru')).json<{ data: Event }>().data;
    expect(ru.logo?.url).toBe('/logo-ru.png');
    expect(ru.background?.url).toBe('/bg-ru.png');
    const zh = (await get('/api/v1/events/summit', 'zh')).json<{ data: Event }>().data;
    expect(zh.logo?.url).toBe('/logo-en.png');
    expect(zh.background?.url).toBe('/bg-ru.png');
    expect(zh.media).toHaveLength(3);
  });

  it('finds an event by numeric id (public links /events/{id})', async () => {
    const res = await get(`/api/v1/events/${current.id}`);
    expect(res.json().data.slug).toBe('summit');
  });

  it('answers 404 in the error shape for unknown and inactive events', async () => {
    for (const slug of ['nope', 'hidden', '999999']) {
      const res = await get(`/api/v1/events/${slug}`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json().error.code).toBe('event.not_found');
    }
  });

  it('answers 400 for malformed slugs and ids, never 500', async () => {
    for (const slug of ['Bad_Slug', '-x', 'a--b', '%27%3B%20drop', '0', '12345678901', 'x'.repeat(65)]) {
      const res = await get(`/api/v1/events/${slug}`);
      expect(res.statusCode, slug).toBe(400);
      expect(res.json().error.details.fields[0].field).toBe('path.slug');
    }
  });

  it('moves an event between groups as its dates pass', async () => {
    await t.database.db.update(events).set(pastDates()).where(eq(events.slug, 'next-one'));
    const groups = (await get('/api/v1/events')).json<{ data: EventGroups }>().data;
    expect(slugs(groups.upcoming)).toEqual([]);
    expect(slugs(groups.past)).toContain('next-one');
  });
});
