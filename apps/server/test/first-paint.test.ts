// The events list's first paint in index.html (general mode, guests): apps/server/src/modules/events/first-paint.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { AUTH_STORAGE_KEY, FIRST_PAINT_TEXT_KEYS, FIRST_PAINT_TEXTS_FILE, LANGUAGES } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownTimezone, loadFirstPaintTexts, readCookies } from '../src/modules/events/first-paint.ts';
import { createEvent, pastDates, upcomingDates } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

const INDEX = '<!doctype html><html lang="en"><head><!--lobby-config--><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/framework-1.js"></head><body><div id="root"></div></body></html>';
/** Texts that say their language and key, with the placeholders the real ones have. */
function textsFile(): string {
  const texts: Record<string, Record<string, string>> = {};
  for (const language of LANGUAGES) {
    texts[language] = Object.fromEntries(FIRST_PAINT_TEXT_KEYS.map((key) => [key, `${language}:${key}`]));
    texts[language]['events.no_results_text'] = `${language}: nothing for “{{query}}”`;
    texts[language]['footer.text'] = `Lobby {{version}} ${language}`;
  }
  return JSON.stringify(texts);
}

const rootOf = (body: string): string => /<div id="root"[^>]*>([\s\S]*?)<\/div><script type="application\/json" id="lobby-first-data"/.exec(body)?.[1] ?? '';
const dataOf = (body: string): unknown => JSON.parse(/<script type="application\/json" id="lobby-first-data" nonce="[^"]+">(.*?)<\/script>/.exec(body)?.[1] ?? 'null');

let t: TestApp;
let web: string;

beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'lobby-web-'));
  writeFileSync(join(web, 'index.html'), INDEX);
  writeFileSync(join(web, FIRST_PAINT_TEXTS_FILE), textsFile());
  t = await createTestApp({ WEB_DIST: web });
  const { db } = t.database;
  await createEvent(db, { slug: 'now-on', name: 'Now On', isOnsite: true, isOnline: true });
  await createEvent(db, { slug: 'soon', name: 'Soon <img src=x onerror=alert(1)>', ...upcomingDates() });
  await createEvent(db, { slug: 'gone', name: 'Gone', ...pastDates() });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

describe('events list first paint', () => {
  it('renders the list into #root for a guest, with its answer for the app and the scripts after the page', async () => {
    for (const url of ['/', '/events']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'sec-fetch-mode': 'navigate' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<div id="root" data-first-paint="${url}">`);
      const root = rootOf(res.body);
      expect(root).toContain('en:events.title');
      expect(root).toContain('data-testid="events-group-current"');
      expect(root).toContain('data-testid="events-group-upcoming"');
      expect(root).toContain('data-testid="events-group-past"');
      // Groups in the web's order, the first card's picture first in line.
      expect(root.indexOf('event-card-now-on')).toBeLessThan(root.indexOf('event-card-soon'));
      expect(root.indexOf('event-card-soon')).toBeLessThan(root.indexOf('event-card-gone'));
      expect(root).toContain('en:events.format.hybrid');
      expect(root).toContain('Lobby 0.1.0 en');
      expect(root).toContain('href="/auth/login?redirect=%2Fevents"');
      const data = dataOf(res.body) as { path: string; language: string; query: string; answer: { data: { current: { slug: string }[] } } };
      expect(data.path).toBe(url);
      expect(data.language).toBe('en');
      expect(data.answer.data.current.map((event) => event.slug)).toEqual(['now-on']);
      // The data block carries the response's nonce, as the configuration block does.
      const nonce = /id="lobby-config" nonce="([^"]+)"/.exec(res.body)?.[1];
      expect(res.body).toContain(`id="lobby-first-data" nonce="${nonce}"`);
      expect(res.body).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">');
      expect(res.body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin');
    }
  });

  it('goes out gzipped to browsers that accept it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/events', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/cookie, accept-encoding/);
    expect(gunzipSync(res.rawPayload).toString('utf8')).toContain('data-first-paint="/events"');
  });

  it('escapes what organisers wrote, in the markup and in the data block', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/events' });
    expect(rootOf(res.body)).toContain('Soon &lt;img src=x onerror=alert(1)&gt;');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('Soon \\u003cimg src=x onerror=alert(1)>');
  });

  it('searches as the address says, and says when nothing matches', async () => {
    const found = await t.app.inject({ method: 'GET', url: '/events?q=%20gone%20' });
    expect(rootOf(found.body)).toContain('event-card-gone');
    expect(rootOf(found.body)).not.toContain('event-card-now-on');
    expect(rootOf(found.body)).toContain('value="gone"');
    expect(rootOf(found.body)).toContain('href="/auth/login?redirect=%2Fevents%3Fq%3Dgone"');
    const none = await t.app.inject({ method: 'GET', url: '/events?q=%22%3E%3Cb%3Ezzz' });
    expect(rootOf(none.body)).toContain('en: nothing for “&quot;&gt;&lt;b&gt;zzz”');
    expect(rootOf(none.body)).toContain('value="&quot;&gt;&lt;b&gt;zzz"');
  });

  it('speaks the language the app chose last time (its cookie), when the deployment offers it', async () => {
    const ru = await t.app.inject({ method: 'GET', url: '/events', headers: { cookie: 'lobby.language=ru; lobby.tz=Asia/Tokyo' } });
    expect(ru.body).toContain('<html lang="ru">');
    expect(rootOf(ru.body)).toContain('ru:events.title');
    expect(rootOf(ru.body)).toContain('<option value="ru" selected>');
    const unknown = await t.app.inject({ method: 'GET', url: '/events', headers: { cookie: 'lobby.language=__proto__; lobby.tz=../../etc' } });
    expect(rootOf(unknown.body)).toContain('en:events.title');
  });

  it('is left out for a signed-in person, another page, a fetch that is not a navigation, and bad search text', async () => {
    const cases: [string, Record<string, string>][] = [
      ['/events', { cookie: `${AUTH_STORAGE_KEY}=%7B%7D` }],
      ['/events/now-on', {}],
      ['/profile', {}],
      ['/', { 'sec-fetch-mode': 'cors' }],
      ['/events?q=a%00b', {}],
    ];
    for (const [url, headers] of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('lobby-first-data');
    }
  });
});

describe('first paint elsewhere', () => {
  it('is not made in single-event mode, nor without the built texts', async () => {
    const single = await createTestApp({ WEB_DIST: web, LOBBY_EVENT: 'summit' });
    const bare = mkdtempSync(join(tmpdir(), 'lobby-web-'));
    writeFileSync(join(bare, 'index.html'), INDEX);
    const untexted = await createTestApp({ WEB_DIST: bare });
    try {
      expect((await single.app.inject({ method: 'GET', url: '/' })).body).toContain('<div id="root"></div>');
      expect((await untexted.app.inject({ method: 'GET', url: '/events' })).body).toContain('<div id="root"></div>');
    } finally {
      await single.close();
      await untexted.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

describe('first paint helpers', () => {
  it.each([
    ['Europe/Nicosia', 'Europe/Nicosia'],
    ['UTC', 'UTC'],
    ['Etc/GMT+3', 'Etc/GMT+3'],
    ['No/Such_Zone', undefined],
    ['../../etc/passwd', undefined],
    ['Europe/Nicosia<script>', undefined],
    ['A'.repeat(65), undefined],
    [undefined, undefined],
  ])('knownTimezone(%s)', (value, expected) => {
    expect(knownTimezone(value)).toBe(expected);
  });

  it('reads cookies into a map, first one wins, bad encodings skipped', () => {
    const cookies = readCookies('a=1; __proto__=x; a=2; b=%E4%B8%AD; c=%E4; =nameless; d');
    expect([...cookies]).toEqual([
      ['a', '1'],
      ['__proto__', 'x'],
      ['b', '中'],
    ]);
    expect(readCookies(undefined).size).toBe(0);
    expect(readCookies('x=1;'.repeat(3000)).size).toBe(0);
  });

  it('needs every text in every language', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lobby-web-'));
    try {
      writeFileSync(join(dir, FIRST_PAINT_TEXTS_FILE), textsFile());
      expect(loadFirstPaintTexts(dir)?.get('zh')?.get('events.title')).toBe('zh:events.title');
      const partial = JSON.parse(textsFile()) as Record<string, Record<string, unknown>>;
      delete partial.zh?.['events.live'];
      writeFileSync(join(dir, FIRST_PAINT_TEXTS_FILE), JSON.stringify(partial));
      expect(loadFirstPaintTexts(dir)).toBeUndefined();
      writeFileSync(join(dir, FIRST_PAINT_TEXTS_FILE), '{not json');
      expect(loadFirstPaintTexts(dir)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
