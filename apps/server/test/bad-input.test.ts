import { routes, type RouteDef } from '@lobby/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOBBY_DEMO: '1' });
});
afterAll(() => t.close());

const keysOf = (schema: RouteDef['params'] | RouteDef['query'] | RouteDef['body']): string[] =>
  schema && 'shape' in schema && schema.shape && typeof schema.shape === 'object' ? Object.keys(schema.shape) : [];

/** Any text, including control characters, unicode, percent signs and very long values. */
const hostile = fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom('', '%', '%00', '../..', "'; drop table events;--", 'null', '[]', '{}', '9'.repeat(40), '-1'));

describe('every route under hostile input', () => {
  for (const route of Object.values(routes) as RouteDef[]) {
    it(`${route.method} ${route.path} never answers 5xx and always uses the error shape`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostile, { minLength: 4, maxLength: 4 }),
          fc.array(hostile, { minLength: 4, maxLength: 4 }),
          fc.oneof(fc.array(fc.oneof(hostile, fc.jsonValue()), { minLength: 6, maxLength: 6 }), fc.constant(null)),
          async (pathValues, queryValues, bodyValues) => {
          const params = keysOf(route.params);
          const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValues[params.indexOf(name)] ?? ''));
          const query = keysOf(route.query)
            .map((key, index) => `${encodeURIComponent(key)}=${encodeURIComponent(queryValues[index] ?? '')}`)
            .join('&');
          const payload = route.body && bodyValues ? Object.fromEntries(keysOf(route.body).map((key, index) => [key, bodyValues[index]])) : undefined;
          const res = await t.app.inject({ method: route.method, url: query ? `${path}?${query}` : path, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (res.statusCode >= 400) expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
          },
        ),
        { numRuns: 60 },
      );
    });
  }
});

describe('text the database cannot store', () => {
  it('answers 400 naming the field for a NUL character in a query or body', async () => {
    const query = await t.app.inject({ method: 'GET', url: '/api/v1/timezones?query=%00' });
    expect(query.statusCode).toBe(400);
    expect(query.json().error.details.fields[0]).toMatchObject({ field: 'query.query', key: 'invalid_characters' });
    const body = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'a@example.test', password: 'x\u0000y' } });
    expect(body.statusCode).toBe(400);
    expect(body.json().error.details.fields[0].field).toBe('body.password');
  });
});
