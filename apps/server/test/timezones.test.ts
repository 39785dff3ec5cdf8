import type { Timezone } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, lang?: string) => t.app.inject({ method: 'GET', url, headers: lang ? { 'accept-language': lang } : {} });

describe('GET /api/v1/timezones', () => {
  it('lists every zone sorted by offset, UTC included', async () => {
    const res = await get('/api/v1/timezones');
    expect(res.statusCode).toBe(200);
    const zones = res.json<{ data: Timezone[] }>().data;
    expect(zones.length).toBeGreaterThan(300);
    expect(zones.some((zone) => zone.id === 'UTC')).toBe(true);
    const offsets = zones.map((zone) => zone.offset_minutes);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });

  it('finds a zone by its English, Russian or Chinese name', async () => {
    for (const query of ['moscow', 'Москва', '莫斯科']) {
      const zones = (await get(`/api/v1/timezones?query=${encodeURIComponent(query)}`)).json<{ data: Timezone[] }>().data;
      expect(zones.map((zone) => zone.id), query).toContain('Europe/Moscow');
    }
  });

  it('labels names and offsets in the language of Accept-Language', async () => {
    const pick = async (lang: string) => (await get('/api/v1/timezones?query=Europe/Moscow', lang)).json<{ data: Timezone[] }>().data.find((z) => z.id === 'Europe/Moscow');
    const ru = await pick('ru-RU,ru;q=0.9');
    const zh = await pick('zh-CN');
    const en = await pick('en');
    expect(ru?.name).toMatch(/Москва/);
    expect(zh?.name).toMatch(/莫斯科/);
    expect(en?.name).toMatch(/Moscow/);
    expect(en?.offset).toBe('+03:00');
    expect(en?.label).toBe(`(UTC+03:00) ${en?.name} — Moscow`);
  });

  it('names cities in the language asked for (CLDR exemplar cities), and finds zones by them', async () => {
    const zone = async (id: string, lang: string) => (await get(`/api/v1/timezones/${encodeURIComponent(id)}`, lang)).json<{ data: Timezone }>().data;
    const moscowRu = await zone('Europe/Moscow', 'ru');
    expect(moscowRu.city).toBe('Москва');
    expect(moscowRu.label).toContain('Москва');
    expect(moscowRu.label).not.toContain('Moscow');
    const shanghaiZh = await zone('Asia/Shanghai', 'zh');
    expect(shanghaiZh.city).toBe('上海');
    expect(shanghaiZh.label).toContain('上海');
    expect((await zone('Asia/Shanghai', 'ru')).label).toContain('Шанхай');
    expect((await zone('Asia/Shanghai', 'en')).city).toBe('Shanghai');
    for (const query of ['Шанхай', '上海']) {
      const zones = (await get(`/api/v1/timezones?query=${encodeURIComponent(query)}`)).json<{ data: Timezone[] }>().data;
      expect(zones.map((z) => z.id), query).toContain('Asia/Shanghai');
    }
  });

  it('searches by UTC offset', async () => {
    const zones = (await get('/api/v1/timezones?query=UTC%2B05:30')).json<{ data: Timezone[] }>().data;
    expect(zones.length).toBeGreaterThan(0);
    expect(zones.every((zone) => zone.offset === '+05:30')).toBe(true);
  });

  it('treats LIKE wildcards as plain text', async () => {
    const zones = (await get('/api/v1/timezones?query=%25%25')).json<{ data: Timezone[] }>().data;
    expect(zones).toEqual([]);
  });

  it('answers 400 in the error shape for a query over 100 characters', async () => {
    const res = await get(`/api/v1/timezones?query=${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation.failed', details: { fields: [{ field: 'query.query' }] } });
  });
});

describe('GET /api/v1/timezones/{id}', () => {
  it('returns one zone by its URL-encoded id', async () => {
    const res = await get('/api/v1/timezones/Europe%2FMoscow', 'zh');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: 'Europe/Moscow', offset: '+03:00', offset_minutes: 180 });
  });

  it('accepts an alias the runtime knows', async () => {
    const res = await get('/api/v1/timezones/Asia%2FKolkata');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.offset).toBe('+05:30');
  });

  it('answers 404 with the spec message for an unknown id', async () => {
    const res = await get('/api/v1/timezones/Mars%2FOlympus');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'timezone.unknown', message: 'Error! Unknown timezone: "Mars/Olympus"', details: { id: 'Mars/Olympus' } } });
  });

  it('answers 400 for a malformed id, never 500', async () => {
    for (const id of ['%00', '..%2F..%2Fetc', 'a%20b', '%F0%9F%98%80', 'x'.repeat(65)]) {
      const res = await get(`/api/v1/timezones/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().error.code).toBe('validation.failed');
      expect(res.json().error.details.fields[0].field).toBe('path.id');
    }
  });
});
