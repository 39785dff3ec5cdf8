import { describe, expect, it } from 'vitest';
import { GOOGLE_TAG_PATTERN, YANDEX_METRIKA_PATTERN } from './constants.ts';
import { ZEventRef, ZEventSlug } from './events.ts';

describe('event slugs and references', () => {
  it.each(['hub', 'lobby-summit', 'dev2026', '2026-expo'])('accepts the slug %s', (slug) => {
    expect(ZEventSlug.safeParse(slug).success).toBe(true);
    expect(ZEventRef.safeParse(slug).success).toBe(true);
  });

  it.each(['', 'Hub', 'a--b', '-a', 'a-', 'a_b', '2026', 'x'.repeat(65)])('refuses the slug %j', (slug) => {
    expect(ZEventSlug.safeParse(slug).success).toBe(false);
  });

  it('reads digits as an id, not a slug', () => {
    expect(ZEventRef.safeParse('42').success).toBe(true);
    expect(ZEventRef.safeParse('0').success).toBe(false);
    expect(ZEventRef.safeParse('1234567890').success).toBe(false);
  });
});

describe('analytics ids', () => {
  it.each(['G-ABC123', 'G-1A2B3C4D5E', 'GT-K9X2PQ7', 'AW-123456789', 'DC-1234567', 'GTM-K9X2PQ7'])('accepts the Google id %s', (id) => {
    expect(GOOGLE_TAG_PATTERN.test(id)).toBe(true);
  });

  it.each(['', 'g-abc123', 'GTM-', 'UA-1234-1', 'G-ABC"><script>', 'G-ABC123&x=1', 'GTM-ABC 123', `G-${'A'.repeat(17)}`])('refuses the Google id %j', (id) => {
    expect(GOOGLE_TAG_PATTERN.test(id)).toBe(false);
  });

  it('accepts Metrika counter numbers only', () => {
    expect(YANDEX_METRIKA_PATTERN.test('98765432')).toBe(true);
    for (const id of ['0123', '12a4', '123', '1'.repeat(13)]) expect(YANDEX_METRIKA_PATTERN.test(id), id).toBe(false);
  });
});
