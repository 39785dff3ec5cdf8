import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZQueryIds } from './common.ts';
import { COUNTRIES, countryByCode, countryName, regionOfCountry } from './countries.ts';
import { DICTIONARY_DEFAULTS, isEditableDictionary, sponsorRank } from './dictionary-defaults.ts';
import { missingProfileFields, ZProfileInput } from './profile.ts';
import { describeIssue, youtubeId, ZSelectedIds, ZWebsite, ZYoutubeLink } from './validation.ts';

const keyOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : describeIssue(result.error.issues[0]!).key;
};

describe('website rule', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['www.example.com/studio', 'https://www.example.com/studio'],
    ['http://games.example.org/path?x=1', 'http://games.example.org/path?x=1'],
    ['студия.рф', 'https://студия.рф'],
    ['', null],
  ])('accepts %s as %s', (input, stored) => expect(ZWebsite.parse(input)).toBe(stored));

  it.each(['not a site', 'ftp://example.com', 'example', 'javascript:alert(1)', 'https://exa mple.com'])('refuses %s with "Incorrect URL"', (input) => expect(keyOf(ZWebsite, input)).toBe('invalid_url'));
});

describe('YouTube link rule', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/shorts/abcdefghijk?feature=share', 'abcdefghijk'],
    ['https://www.youtube.com/embed/A1b2C3d4E5f', 'A1b2C3d4E5f'],
  ])('reads the 11-character id of %s', (link, id) => expect(youtubeId(link)).toBe(id));

  it.each(['https://www.youtube.com/watch?v=short', 'https://vimeo.com/123456', 'https://youtu.be/dQw4w9WgXcQQ'])('refuses %s', (link) => expect(keyOf(ZYoutubeLink, link)).toBe('invalid_youtube'));
  it('allows empty', () => expect(keyOf(ZYoutubeLink, '')).toBe('ok'));
});

describe('selections', () => {
  it('names the limit when too many options are chosen', () => {
    const result = ZSelectedIds(5).safeParse([1, 2, 3, 4, 5, 6]);
    expect(result.success || describeIssue(result.error.issues[0]!)).toEqual({ key: 'max_selected', params: { limit: 5 } });
  });
  it('asks for at least one value where a company needs one', () => expect(keyOf(ZSelectedIds(5, { atLeastOne: true }), [])).toBe('at_least_one'));
  it('reads ids from a comma list, repeated keys or bracket arrays, and refuses words', () => {
    expect(ZQueryIds().parse('1,2')).toEqual([1, 2]);
    expect(ZQueryIds().parse(['3', '4,5'])).toEqual([3, 4, 5]);
    expect(ZQueryIds().safeParse('1,abc').success).toBe(false);
    expect(ZQueryIds(2).safeParse('1,2,3').success).toBe(false);
  });
});

describe('profile fields', () => {
  it('applies the name rule to first and last names', () => {
    expect(keyOf(ZProfileInput, { first_name: 'Anna-Maria' })).toBe('ok');
    expect(keyOf(ZProfileInput, { first_name: 'Иван  Петров' })).toBe('invalid_characters');
    expect(keyOf(ZProfileInput, { last_name: 'Smith2' })).toBe('invalid_characters');
  });
  it('stores a portfolio without a scheme with https:// and a Telegram name without @', () => {
    expect(ZProfileInput.parse({ portfolio: 'artstation.com/me', contacts: { telegram: '@lobby_user' } })).toMatchObject({ portfolio: 'https://artstation.com/me', contacts: { telegram: 'lobby_user' } });
  });
});

describe('profile completeness (product.md section 5)', () => {
  const empty = { first_name: 'Ann', last_name: '', email: 'ann@example.org', job: null, company_id: null, geo: null, city: null, avatar_url: null };
  const required = [
    { type: 'job', required: true },
    { type: 'company', required: true },
    { type: 'avatar', required: false },
  ] as const;
  it('B2B: both names and every required field', () => expect(missingProfileFields(empty, required, 'b2b')).toEqual(['last_name', 'job', 'company']));
  it('B2B: complete when they are filled', () => expect(missingProfileFields({ ...empty, last_name: 'Lee', job: 'Artist', company_id: 3 }, required, 'b2b')).toEqual([]));
  it('B2C: first name and e-mail only', () => {
    expect(missingProfileFields(empty, required, 'b2c')).toEqual([]);
    expect(missingProfileFields({ ...empty, first_name: ' ' }, required, 'b2c')).toEqual(['first_name']);
  });
});

describe('catalogs', () => {
  it('has every country once, in one of the eight regions, with names in three languages', () => {
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    expect(regionOfCountry(countryByCode('DE')?.id)).toBe('EU');
    expect(regionOfCountry(countryByCode('KZ')?.id)).toBe('EEU');
    expect(regionOfCountry(countryByCode('BR')?.id)).toBe('SCA');
    expect(countryName(countryByCode('DE')?.id, 'ru')).toBe('Германия');
    expect(countryName(countryByCode('DE')?.id, 'zh')).toBe('德国');
  });
  it('labels every dictionary item in ru, en and zh, with unique values', () => {
    for (const [name, items] of Object.entries(DICTIONARY_DEFAULTS)) {
      expect(new Set(items.map((i) => i.value)).size, name).toBe(items.length);
      for (const item of items) for (const label of Object.values(item.labels)) expect(label.trim(), name).not.toBe('');
    }
    expect(DICTIONARY_DEFAULTS['lecture.category']).toHaveLength(16);
    expect(DICTIONARY_DEFAULTS['publisher.genres'].map((i) => i.value)).toEqual(['hypercasual', 'casual', 'midcore', 'hardcore']);
  });
  it('keeps the spec-fixed lists out of the back office', () => {
    expect(isEditableDictionary('company.tag')).toBe(true);
    expect(isEditableDictionary('regions')).toBe(false);
    expect(isEditableDictionary('__proto__')).toBe(false);
  });
  it('ranks general sponsors first and plain exhibitors last', () => {
    expect(sponsorRank(6)).toBeLessThan(sponsorRank(3));
    expect(sponsorRank(0)).toBeLessThan(sponsorRank(null));
  });
});
