import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

const directives = (header: unknown): Map<string, string[]> =>
  new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  );

describe('/api/docs over plain http on a LAN host', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://some-host:3000' });
  });
  afterAll(() => t.close());

  it('sends no upgrade-insecure-requests for the page and its assets', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { host: 'some-host:3000' } });
    expect(page.statusCode).toBe(200);
    // The assets as the browser resolves them from the page's address.
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => new URL(m[1] ?? '', 'http://some-host:3000/api/docs').pathname);
    const paths = ['/api/docs', ...assets];
    expect(paths.length).toBeGreaterThan(2);
    for (const url of paths) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'some-host:3000' } });
      expect(res.statusCode, url).toBe(200);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.has('upgrade-insecure-requests'), url).toBe(false);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
    }
  });
});

describe('/api/docs behind https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://lobby.example.org' });
  });
  afterAll(() => t.close());

  it('keeps upgrade-insecure-requests', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(directives(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });
});

describe('the page CSP', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lobby-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><!--lobby-config--></head><body><script type="module" src="/assets/app.js"></script></body></html>');
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('allows scripts from itself and one fresh nonce per response, which the page carries, and no analytics host', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/events/some-event' });
      expect(res.statusCode).toBe(200);
      const scriptSrc = directives(res.headers['content-security-policy']).get('script-src') ?? [];
      expect(scriptSrc).toHaveLength(2);
      expect(scriptSrc[0]).toBe("'self'");
      const nonce = /^'nonce-([A-Za-z0-9+/=]{20,})'$/.exec(scriptSrc[1] ?? '')?.[1];
      expect(nonce).toBeDefined();
      expect(res.body).toContain(`<script type="application/json" id="lobby-config" nonce="${nonce}">`);
      seen.add(nonce ?? '');
    }
    expect(seen.size).toBe(2);
  });

  it('plays media from itself and the WN Meet hosts only (recordings), never any https host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/events/some-event' });
    const mediaSrc = directives(res.headers['content-security-policy']).get('media-src') ?? [];
    expect(mediaSrc).toEqual(["'self'", 'blob:', ...t.config.jitsiHosts.map((host) => `https://${host}`)]);
    expect(mediaSrc).not.toContain('https:');
  });
});
