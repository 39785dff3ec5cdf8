import { routes } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { API_CACHE_GROUPS, apiCacheGroupOf, isAppNavigation, PERSONAL_CACHE_PREFIX, templatePattern } from './cache-rules.ts';

const allRoutes = Object.values(routes);
/** A route's path with sample values in its parameters. */
const sample = (path: string) => path.replace(/\{[^}]+\}/g, '7');
const kept = new Set(API_CACHE_GROUPS.flatMap((group) => group.paths));

describe('what the service worker keeps for offline reading', () => {
  it('names GET routes of the contract only', () => {
    for (const path of kept) {
      const route = allRoutes.find((candidate) => candidate.path === path && candidate.method === 'GET');
      expect(route, path).toBeDefined();
    }
  });

  it('keeps every listed route in its group, personal caches under one prefix', () => {
    for (const group of API_CACHE_GROUPS) {
      expect(group.cache.startsWith(PERSONAL_CACHE_PREFIX)).toBe(true);
      for (const path of group.paths) expect(apiCacheGroupOf(sample(path))?.cache).toBe(group.cache);
    }
  });

  it('keeps no other call of the contract (no other person data, nothing that changes things)', () => {
    const others = allRoutes.filter((route) => !(route.method === 'GET' && kept.has(route.path)));
    expect(others.length).toBeGreaterThan(100);
    for (const route of others) {
      const path = sample(route.path);
      // A path that is also one of the kept ones (another route with the same shape) is that one.
      if ([...kept].some((template) => templatePattern(template).test(path))) continue;
      expect(apiCacheGroupOf(path), `${route.method} ${route.path}`).toBeNull();
    }
  });

  it('matches whole segments only', () => {
    expect(apiCacheGroupOf('/api/v1/events/summit')?.cache).toBe('lobby-api-shell');
    expect(apiCacheGroupOf('/api/v1/events/summit/passes')).toBeNull();
    expect(apiCacheGroupOf('/api/v1/events')).toBeNull();
    expect(apiCacheGroupOf('/api/v1/7/meetings/12')).toBeNull();
    expect(apiCacheGroupOf('/api/v1/chat/channels/user/5')).toBeNull();
    expect(apiCacheGroupOf('/api/v1/7/program.ics')).toBeNull();
    expect(apiCacheGroupOf('/api/v1/7/program/shared')).toBeNull();
  });

  it('answers page addresses with the shell, never the API, files or the mail redirect', () => {
    expect(isAppNavigation('/')).toBe(true);
    expect(isAppNavigation('/events/summit/agenda')).toBe(true);
    expect(isAppNavigation('/events/v1.2/news')).toBe(true);
    expect(isAppNavigation('/api/v1/users/me')).toBe(false);
    expect(isAppNavigation('/api')).toBe(false);
    expect(isAppNavigation('/eventhub/index.html')).toBe(false);
    expect(isAppNavigation('/demo/hub-logo.svg')).toBe(false);
    expect(isAppNavigation('/sw.js')).toBe(false);
  });
});
