import { routes } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { API_CACHE_GROUPS } from './cache-rules.ts';
import { KEPT_QUERIES, loadedAssets } from './register.ts';

const kept = new Set(API_CACHE_GROUPS.flatMap((group) => group.paths));

describe('the first time the worker controls the page', () => {
  it('loads again exactly the queries of the calls it keeps (a chat thread follows its live events instead)', () => {
    const byId = new Map(Object.values(routes).map((route) => [route.id, route]));
    for (const id of KEPT_QUERIES) {
      const route = byId.get(id);
      expect(route?.method, id).toBe('GET');
      expect(kept.has(route?.path ?? ''), id).toBe(true);
    }
    const keptIds = Object.values(routes)
      .filter((route) => route.method === 'GET' && kept.has(route.path))
      .map((route) => route.id);
    expect(keptIds.filter((id) => !KEPT_QUERIES.has(id))).toEqual(['chat.messages.list']);
  });

  it('hands over the build files the page loaded, not the API or other sites', () => {
    const origin = 'https://lobby.example.org';
    const entries = [
      { name: `${origin}/assets/AgendaPage-abc.js` },
      { name: `${origin}/assets/en-xyz.js` },
      { name: `${origin}/assets/en-xyz.js` },
      { name: `${origin}/api/v1/users/me` },
      { name: 'https://cdn.example.com/assets/x.js' },
      { name: 'not an address' },
    ];
    expect(loadedAssets(entries, origin)).toEqual(['/assets/AgendaPage-abc.js', '/assets/en-xyz.js']);
  });
});
