import { routes, type RouteDef } from '@lobby/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOBBY_DEMO: '1' });
});
afterAll(() => t.close());

const keysOf = (schema: RouteDef['params'] | RouteDef['query']): string[] => (schema ? Object.keys(schema.shape) : []);

/** Any text, including control characters, unicode, percent signs and very long values. */
const hostile = fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom('', '%', '%00', '../..', "'; drop table events;--", 'null', '[]', '{}', '9'.repeat(40), '-1'));

describe('every route under hostile input', () => {
  for (const route of Object.values(routes) as RouteDef[]) {
    it(`${route.method} ${route.path} never answers 5xx and always uses the error shape`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(hostile, { minLength: 4, maxLength: 4 }), fc.array(hostile, { minLength: 4, maxLength: 4 }), async (pathValues, queryValues) => {
          const params = keysOf(route.params);
          const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValues[params.indexOf(name)] ?? ''));
          const query = keysOf(route.query)
            .map((key, index) => `${encodeURIComponent(key)}=${encodeURIComponent(queryValues[index] ?? '')}`)
            .join('&');
          const res = await t.app.inject({ method: route.method, url: query ? `${path}?${query}` : path });
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (res.statusCode >= 400) expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
        }),
        { numRuns: 60 },
      );
    });
  }
});
