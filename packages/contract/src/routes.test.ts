import { describe, expect, it } from 'vitest';
import { buildPath, buildQuery } from './route.ts';
import { routes } from './routes.ts';

describe('route table', () => {
  const all = Object.values(routes);

  it('has unique ids and unique method + path pairs', () => {
    expect(new Set(all.map((route) => route.id)).size).toBe(all.length);
    expect(new Set(all.map((route) => `${route.method} ${route.path}`)).size).toBe(all.length);
  });

  it('puts every call under /api and declares 4xx answers for all but system calls', () => {
    for (const route of all) {
      expect(route.path.startsWith('/api/'), route.id).toBe(true);
      if (!route.id.startsWith('system.')) expect(route.errors.some((status) => status >= 400 && status < 500), route.id).toBe(true);
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
