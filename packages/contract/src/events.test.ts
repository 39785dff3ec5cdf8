import { describe, expect, it } from 'vitest';
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
