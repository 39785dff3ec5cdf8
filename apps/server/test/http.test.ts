import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { routes } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip } from '../src/http/compress.ts';
import { fastifyPath } from '../src/http/route.ts';
import { Realtime } from '../src/realtime/server.ts';
import { openRedis } from '../src/redis.ts';
import { redisAvailable, requireRedis, testRedisUrl } from './support/redis.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let web: string;

beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'lobby-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><html><head><!--lobby-config--></head><body><div id="root"></div></body></html>');
  writeFileSync(join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // As the web build writes them (apps/web/build/precompress.ts): compressed copies beside the asset.
  writeFileSync(join(web, 'assets', 'big-abc123.js'), 'console.log("big");\n'.repeat(200));
  writeFileSync(join(web, 'assets', 'big-abc123.js.br'), brotliCompressSync('console.log("big");\n'.repeat(200)));
  writeFileSync(join(web, 'assets', 'big-abc123.js.gz'), gzipSync('console.log("big");\n'.repeat(200)));
  t = await createTestApp({ WEB_DIST: web, LOBBY_EVENT: 'summit', PUBLIC_URL: 'https://lobby.example.org' });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

describe('single page app', () => {
  it('serves index.html for any page path with the injected configuration', async () => {
    for (const url of ['/', '/events', '/events/summit/program', '/no/such/page?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const match = /<script type="application\/json" id="lobby-config" nonce="[^"]+">(.*?)<\/script>/.exec(res.body);
      expect(JSON.parse(match?.[1] ?? 'null')).toEqual({ slug: 'summit', languages: ['en', 'ru', 'zh'], public_url: 'https://lobby.example.org', version: '0.1.0', google_sign_in: false, mailbox: 'off' });
    }
  });

  it('sends a CSP without inline scripts and the other helmet headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/events' });
    const csp = String(res.headers['content-security-policy']);
    // Scripts from Lobby itself and this response's nonce only: no analytics host (csp.test.ts).
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+';/);
    expect(csp).not.toContain('googletagmanager');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the build\'s compressed copies to browsers that accept them, and never by their own names', async () => {
    const original = 'console.log("big");\n'.repeat(200);
    const br = await t.app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(original.length / 4);
    const gz = await t.app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(original);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(original);
    expect((await t.app.inject({ method: 'GET', url: '/assets/big-abc123.js.br' })).statusCode).toBe(404);
  });

  it('serves hashed assets as immutable and answers missing files with 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    // The assets' folder route never reaches outside it, nor into a folder listing.
    for (const url of ['/assets/../index.html', '/assets/%2e%2e/index.html', '/assets/..%2findex.html', '/assets/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('<div id="root">');
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
    }
    // Files outside assets/ have their own routes, cached for minutes rather than for good.
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=300');
    const raw = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(raw.body).not.toContain('<!--lobby-config-->');
  });

  it('answers unknown API paths with 404 in the error shape, not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'route.not_found', message: 'No such address: GET /api/v1/nothing-here' } });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/events' })).json().error.code).toBe('route.not_found');
  });

  it('does not answer cross-origin requests with CORS headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/events', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('API compression', () => {
  it('gzips JSON answers of 1 kB and more for clients that accept it, and only then', async () => {
    const url = '/api/v1/dictionaries';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const zipped = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip, deflate' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());

    const refused = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip;q=0, br' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('reads Accept-Encoding', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('deflate, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('*, gzip;q=0')).toBe(false);
    expect(acceptsGzip('br, identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('health and OpenAPI', () => {
  it('reports database, version and mode', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up', redis: 'off', version: '0.1.0', mode: t.database.kind === 'pglite' ? 'embedded' : 'postgres' });
  });

  it('lists every contract route in /api/docs/json and serves the browsable page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toBe('3.1.0');
    for (const route of Object.values(routes)) {
      expect(doc.paths[route.path]?.[route.method.toLowerCase()], `${route.method} ${route.path}`).toBeDefined();
    }
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/api/'))).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('turns contract paths into Fastify paths', () => {
    expect(fastifyPath('/api/v1/timezones/{id}')).toBe('/api/v1/timezones/:id');
  });
});

describe('health when the database is gone', () => {
  it('answers 503 with the report', async () => {
    const own = await createTestApp();
    await own.database.close();
    const res = await own.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: 'down' });
    expect(res.headers['retry-after']).toBe('5');
    await own.close();
  });
});


describe('health with Redis', () => {
  it.runIf(redisAvailable)('reports Redis up when REDIS_URL answers', async () => {
    requireRedis();
    const up = await createTestApp({ REDIS_URL: testRedisUrl });
    try {
      expect((await up.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'ok', redis: 'up' });
    } finally {
      await up.close();
    }
  });

  it('reports degraded (still 200) when Redis does not answer', async () => {
    const down = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'degraded', redis: 'down', database: 'up' });
    } finally {
      await down.close();
    }
  });

  it('closes while Redis is away without an unhandled rejection', async () => {
    // The Socket.IO adapter's subscribe calls wait in ioredis's queue; closing rejected them
    // unhandled ("Connection is closed"), about one close in three.
    const seen: unknown[] = [];
    const listener = (reason: unknown) => seen.push(reason);
    process.on('unhandledRejection', listener);
    try {
      for (const wait of [0, 20, 50, 100, 150]) {
        const redis = openRedis('redis://127.0.0.1:1');
        const realtime = new Realtime(createServer(), t.database.db, 'x'.repeat(32), t.app.log, redis);
        await new Promise((resolve) => setTimeout(resolve, wait));
        await realtime.close();
        redis.client.disconnect();
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(seen.map(String)).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});

describe('eventhub redirect', () => {
  it('sends links from mails and the native shell to their page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/eventhub/index.html?event=lobby-summit&action=meeting&entity=42' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/events/lobby-summit/meetings/list/42');
    expect((await t.app.inject({ method: 'GET', url: '/eventhub/index.html?redirect=https://evil.example' })).headers.location).toBe('/');
  });

  it.each([
    // Non-ASCII and control characters in the redirect answered 500 (a Location header must be ASCII).
    ['redirect=/%E4%B8%AD', '/%E4%B8%AD'],
    ['redirect=/%01', '/'],
    ['redirect=/%09/evil.example', '/'],
    ['redirect=/%5Cevil.example', '/'],
    ['redirect=%2F%2Fevil.example', '/'],
    // Undecodable percent-encoding stays literal text, so its % signs are encoded.
    ['redirect=/%ED%A0%80', '/%25ED%25A0%2580'],
    // Inherited property names answered 500 or built wrong paths.
    ['event=x&action=__proto__', '/events/x'],
    ['event=x&action=hasOwnProperty', '/events/x'],
    ['event=x&action=constructor&entity=1', '/events/x'],
    ['event=x&action=toString', '/events/x'],
    ['__proto__=1&constructor=2', '/'],
    // Repeated parameters arrive as arrays.
    ['redirect=/a&redirect=/b', '/a'],
    ['event=x&event=y&action=chat&action=chats&entity=7', '/events/x/chats/7'],
  ])('?%s -> %s', async (query, location) => {
    const res = await t.app.inject({ method: 'GET', url: `/eventhub/index.html?${query}` });
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe(location);
  });
});

describe('errors Fastify raises itself answer in the error shape', () => {
  const shape = (res: { json: () => unknown }) => res.json() as { error: { code: string; message: string; details?: unknown } };

  it('400 for a path with broken percent-encoding', async () => {
    for (const url of ['/api/v1/events/%E4', '/api/v1/%zz/members', '/%']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(shape(res)).toEqual({ error: { code: 'request.bad_url', message: 'The address is not valid: it has a broken percent-encoding.' } });
    }
  });

  it('414 for a path parameter longer than the router takes', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/events/${'a'.repeat(250)}` });
    expect(res.statusCode).toBe(414);
    expect(shape(res)).toEqual({ error: { code: 'request.uri_too_long', message: 'A part of the address is too long.' } });
  });

  it('413, 415 and 400 for bodies the parser refuses', async () => {
    const login = (payload: string, contentType: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload, headers: { 'content-type': contentType } });
    const tooLarge = await login(`"${'x'.repeat(1024 * 1024 + 10)}"`, 'application/json');
    expect(tooLarge.statusCode).toBe(413);
    expect(shape(tooLarge)).toEqual({ error: { code: 'payload.too_large', message: 'The request body is too large.' } });
    const xml = await login('<login/>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(shape(xml)).toEqual({ error: { code: 'payload.unsupported_type', message: 'This content type is not accepted here; send JSON (application/json).' } });
    const broken = await login('{"email":', 'application/json');
    expect(broken.statusCode).toBe(400);
    expect(shape(broken)).toEqual({ error: { code: 'validation.failed', message: 'The body is not valid JSON.' } });
    const empty = await login('', 'application/json');
    expect(empty.statusCode).toBe(400);
    expect(shape(empty).error.code).toBe('validation.failed');
  });

  it('404 in the error shape for an unknown API route with any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/v1/no/such/route' });
      expect(res.statusCode).toBe(404);
      expect(shape(res).error).toMatchObject({ code: 'route.not_found', message: `No such address: ${method} /api/v1/no/such/route` });
    }
  });
});
