import { describe, expect, it } from 'vitest';
import { buildPath, buildQuery } from './route.ts';
import { routes } from './routes.ts';

describe('route table', () => {
  const all = Object.values(routes);

  it('has unique ids and unique method + path pairs', () => {
    expect(new Set(all.map((route) => route.id)).size).toBe(all.length);
    expect(new Set(all.map((route) => `${route.method} ${route.path}`)).size).toBe(all.length);
  });

  it('puts every call under /api and declares 4xx answers for all but system calls and public constants', () => {
    // A public constant (no sign-in, no input: the VAPID public key) has no 4xx answer to declare.
    const constant = (route: (typeof all)[number]) => !route.auth && !route.params && !route.query && !route.body;
    for (const route of all) {
      expect(route.path.startsWith('/api/'), route.id).toBe(true);
      if (!route.id.startsWith('system.') && !constant(route)) expect(route.errors.some((status) => status >= 400 && status < 500), route.id).toBe(true);
    }
  });

  it('declares every path placeholder as a parameter', () => {
    for (const route of all) {
      const placeholders = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(placeholders.sort(), route.id).toEqual(Object.keys(route.params?.shape ?? {}).sort());
    }
  });
});

describe('buildPath and buildQuery', () => {
  it('encodes path values, slashes included', () => {
    expect(buildPath('/api/v1/timezones/{id}', { id: 'Europe/Moscow' })).toBe('/api/v1/timezones/Europe%2FMoscow');
    expect(() => buildPath('/x/{id}', {})).toThrow(/Missing path parameter/);
  });

  it('repeats array keys and skips empty values', () => {
    expect(buildQuery({ 'filter[tags][]': [1, 2], 'filter[query]': 'a b', page: undefined, q: '' })).toBe('?filter%5Btags%5D%5B%5D=1&filter%5Btags%5D%5B%5D=2&filter%5Bquery%5D=a%20b');
    expect(buildQuery(undefined)).toBe('');
  });
});

describe('form messages', () => {
  it('describes failed checks as keys with parameters', async () => {
    const { ZRegisterForm, describeIssue, englishFormMessage } = await import('./index.ts');
    const result = ZRegisterForm.safeParse({ first_name: '', last_name: 'Lee1', password: 'short', password_confirmation: 'other' });
    expect(result.success).toBe(false);
    const described = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), describeIssue(issue)]));
    expect(described).toMatchObject({
      first_name: { key: 'required', params: {} },
      last_name: { key: 'invalid_characters', params: {} },
      password: { key: 'min_length', params: { min: 8 } },
    });
    expect(englishFormMessage({ key: 'min_length', params: { min: 8 } })).toBe('Must be at least 8 characters.');
    const mismatch = ZRegisterForm.safeParse({ first_name: 'Ann', last_name: 'Lee', password: 'long enough', password_confirmation: 'other' });
    expect(mismatch.error?.issues.map((issue) => [issue.path.join('.'), describeIssue(issue).key])).toEqual([['password_confirmation', 'must_match']]);
  });

  it('accepts names in Han, Latin and Cyrillic with single spaces, apostrophes and hyphens', async () => {
    const { ZName } = await import('./index.ts');
    for (const ok of ['', 'Анна', "O'Brien", 'Jean-Luc Picard', '王小明', 'Ли-', "d'"]) expect(ZName.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['Ann  Lee', 'R2D2', 'Ann_Lee', 'Ἀθηνᾶ', 'Ann.']) expect(ZName.safeParse(bad).success, bad).toBe(false);
  });
});
