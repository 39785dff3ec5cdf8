import { describe, expect, it } from 'vitest';
import { buildCatalog, cityIn, cityOf, formatOffset, offsetMinutes, parseOffsetQuery } from './catalog.ts';

describe('timezone catalogue', () => {
  it('names every zone in three languages, UTC included', () => {
    const catalog = buildCatalog();
    const moscow = catalog.find((entry) => entry.id === 'Europe/Moscow');
    expect(moscow).toMatchObject({ city: 'Moscow', nameEn: 'Moscow Standard Time' });
    expect(moscow?.nameRu).toMatch(/Москва/);
    expect(moscow?.nameZh).toMatch(/莫斯科/);
    expect(catalog.find((entry) => entry.id === 'UTC')?.nameEn).toBe('UTC');
    expect(new Set(catalog.map((entry) => entry.id)).size).toBe(catalog.length);
  });

  it('takes localised cities from CLDR, falling back to the English city', () => {
    expect(cityIn('Europe/Moscow', 'ru')).toBe('Москва');
    expect(cityIn('Asia/Shanghai', 'zh')).toBe('上海');
    expect(cityIn('America/Argentina/Salta', 'ru')).toBe('Сальта');
    expect(cityIn('UTC', 'ru')).toBe('UTC');
    expect(buildCatalog().find((entry) => entry.id === 'Asia/Shanghai')?.search).toContain('шанхай');
  });

  it('derives the city from the id', () => {
    expect(cityOf('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(cityOf('UTC')).toBe('UTC');
  });

  it('computes offsets with daylight saving', () => {
    expect(offsetMinutes('Europe/Berlin', Date.UTC(2026, 0, 15))).toBe(60);
    expect(offsetMinutes('Europe/Berlin', Date.UTC(2026, 6, 15) + 1)).toBe(120);
    expect(offsetMinutes('Asia/Kathmandu')).toBe(345);
  });

  it('formats and parses offsets', () => {
    expect(formatOffset(180)).toBe('+03:00');
    expect(formatOffset(-330)).toBe('-05:30');
    expect(formatOffset(0)).toBe('+00:00');
    expect(parseOffsetQuery('+3')).toBe(180);
    expect(parseOffsetQuery('UTC-05:30')).toBe(-330);
    expect(parseOffsetQuery('gmt+0545')).toBe(345);
    expect(parseOffsetQuery('moscow')).toBeNull();
    expect(parseOffsetQuery('+15')).toBeNull();
    expect(parseOffsetQuery('+3:75')).toBeNull();
  });
});
