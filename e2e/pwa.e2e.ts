// The installable app (issue 18): Chromium finds the manifest and the service worker (no
// installability errors); the agenda reads offline after one visit, with the offline banner, and a
// page never opened is the network-error page; web push from the switch in the settings to a
// meeting request's route; sign-out removes the push token first and forgets what was kept.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PushReceiver } from '../apps/server/test/support/push-receiver.ts';
import { TEST_CERT } from '../apps/server/test/support/tls-fixture.ts';
import { launchBrowser, openSignedIn, seriousViolations } from './browser.ts';
import { cachedPaths, cacheNames, controlled, deliverPush, fakePushManager } from './pwa-support.ts';
import { startServer, type RunningServer } from './server.ts';

const baseURL = inject('baseURL');
const SLUG = 'lobby-summit';
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1440, height: 900 };
let browser: Browser;
let token = '';
let eventId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  const login = await fetch(`${baseURL}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'attendee@lobby.demo', password: 'Attendee-2026' }) });
  token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  eventId = ((await (await fetch(`${baseURL}/api/v1/events/${SLUG}`)).json()) as { data: { id: number } }).data.id;
});
afterAll(() => browser.close());

/** The agenda's items as the page shows them, in order. */
const agendaItems = (page: Page) => page.getByTestId('agenda-item').allInnerTexts();

describe('the installable app', () => {
  it('has a manifest and a service worker Chromium accepts for installing', async () => {
    // Chromium does not install from an incognito profile, and every new context is one: a real profile here.
    const profile = mkdtempSync(join(tmpdir(), 'lobby-e2e-profile-'));
    const context: BrowserContext = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      baseURL,
      viewport: DESKTOP,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/events');
      await controlled(page);
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      const parsed = JSON.parse(manifest.data ?? '{}') as { name: string; display: string; theme_color: string; icons: { sizes: string; purpose: string }[] };
      expect(parsed).toMatchObject({ name: 'Lobby', display: 'standalone', theme_color: '#3b82f6' });
      expect(parsed.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
      // The app shell is precached: the page itself under "/", the entry script, the texts.
      const precache = (await cacheNames(page)).find((name) => name.startsWith('workbox-precache'));
      expect(precache).toBeDefined();
      const shell = await cachedPaths(page, precache ?? '');
      expect(shell.some((path) => path.startsWith('/?__WB_REVISION__=') || path === '/')).toBe(true);
      expect(shell.filter((path) => /^\/assets\/(en|ru|zh)-/.test(path))).toHaveLength(3);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it.each([
    ['1440 px', DESKTOP],
    ['375 px', PHONE],
  ])('reads the agenda offline after one visit, with the offline banner; a page never opened is the network-error page (%s, axe)', async (_name, viewport) => {
    const { context, page, errors } = await openSignedIn(browser, baseURL, token, { viewport, serviceWorkers: 'allow' });
    try {
      await page.goto(`/events/${SLUG}/agenda`);
      await page.getByTestId('agenda-page').waitFor();
      await controlled(page);
      // The calls of the first visit went out before the worker controlled the page: it loads them again through it.
      await expect.poll(async () => (await cachedPaths(page, 'lobby-api-agenda')).map((path) => path.split('?')[0]), { timeout: 30_000 }).toEqual(expect.arrayContaining([`/api/v1/${eventId}/meetings`, `/api/v1/${eventId}/program`]));
      const online = await agendaItems(page);
      expect(online.length).toBeGreaterThan(0);
      expect(online.some((text) => /meeting/i.test(text))).toBe(true);
      expect(online.some((text) => /lecture/i.test(text))).toBe(true);
      expect(await page.getByTestId('offline-banner').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);

      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('agenda-page').waitFor();
      await page.getByTestId('offline-banner').waitFor();
      expect(await agendaItems(page)).toEqual(online);
      expect(await page.getByRole('status').filter({ hasText: 'You are offline' }).count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);

      // Never opened: the companies (a page that does not read offline) and the chats (one that does, but was never kept).
      for (const path of ['companies', 'chats']) {
        await page.goto(`/events/${SLUG}/${path}`);
        await page.getByTestId('error-network').waitFor();
        await page.getByTestId('offline-banner').waitFor();
      }
      expect(await seriousViolations(page)).toEqual([]);

      // Back online: the page is live again and the banner goes.
      await context.setOffline(false);
      await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByTestId('chats-page').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reads the badge QR and the last opened chat offline', async () => {
    const { context, page, errors } = await openSignedIn(browser, baseURL, token, { viewport: DESKTOP, serviceWorkers: 'allow' });
    try {
      await page.goto(`/events/${SLUG}/badge`);
      await page.getByTestId('my-badge-page').waitFor();
      await controlled(page);
      await expect.poll(async () => (await cachedPaths(page, 'lobby-api-agenda')).includes(`/api/v1/${eventId}/badge/me`), { timeout: 30_000 }).toBe(true);
      // The QR code is drawn once its library has loaded.
      await page.getByTestId('my-badge').locator('svg').waitFor();
      const badge = await page.getByTestId('my-badge').innerHTML();
      await page.goto(`/events/${SLUG}/chats`);
      await page.getByTestId('chats-page').locator('aside a').first().click();
      await page.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
      const channel = new URL(page.url()).pathname.split('/').at(-1) ?? '';
      await expect.poll(async () => (await cachedPaths(page, 'lobby-api-chats')).some((path) => path.startsWith(`/api/v1/chat/channels/${channel}/messages`)), { timeout: 30_000 }).toBe(true);
      const messages = page.getByTestId('chat-message');
      await messages.first().waitFor();
      const shown = await messages.allInnerTexts();

      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('offline-banner').waitFor();
      await expect.poll(() => messages.allInnerTexts(), { timeout: 30_000 }).toEqual(shown);
      await page.goto(`/events/${SLUG}/badge`);
      await page.getByTestId('my-badge').locator('svg').waitFor();
      expect(await page.getByTestId('my-badge').innerHTML()).toBe(badge);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('forgets what was kept of the person when they sign out', async () => {
    const { context, page } = await openSignedIn(browser, baseURL, token, { viewport: DESKTOP, serviceWorkers: 'allow' });
    try {
      await page.goto(`/events/${SLUG}/agenda`);
      await page.getByTestId('agenda-page').waitFor();
      await controlled(page);
      await expect.poll(async () => (await cacheNames(page)).filter((name) => name.startsWith('lobby-api-')).length, { timeout: 30_000 }).toBeGreaterThan(0);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('sign-out').click();
      await page.waitForURL((url) => url.pathname === '/events');
      expect((await cacheNames(page)).filter((name) => name.startsWith('lobby-api-'))).toEqual([]);
      // The app shell and the build files stay: they are nobody's.
      expect((await cacheNames(page)).some((name) => name.startsWith('workbox-precache'))).toBe(true);
    } finally {
      await context.close();
    }
  });
});

/**
 * What is real here: the settings switch and the page's code (permission, PushManager.subscribe with
 * the server's VAPID key, the registration call), the server's dispatcher, its RFC 8291 encryption
 * and RFC 8292 VAPID over HTTPS to a push service, the service worker's push handling and the
 * page's banner with "Open". What stands in: Chromium's push service. PushManager answers with a
 * subscription of a local receiver (whose private key the test holds), the receiver decrypts what
 * the server sent, and the DevTools protocol hands that payload to the worker as a push.
 */
describe('web push', () => {
  const receiver = new PushReceiver();
  let server: RunningServer;
  let folder = '';
  const call = async (method: string, path: string, bearer: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: res.status, json: (await res.json()) as { data: unknown } };
  };
  const login = async (email: string, password: string) => ((await (await fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).json()) as { data: { access_token: string } }).data.access_token;

  beforeAll(async () => {
    await receiver.start();
    // The receiver's certificate is trusted by this server process only (its pushes go over real HTTPS).
    folder = mkdtempSync(join(tmpdir(), 'lobby-e2e-push-'));
    writeFileSync(join(folder, 'ca.pem'), TEST_CERT);
    server = await startServer({ NODE_EXTRA_CA_CERTS: join(folder, 'ca.pem') });
  });
  afterAll(async () => {
    await server.stop();
    await receiver.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it("subscribes from the settings, gets a meeting request as a push at the push service, opens its route; sign-out removes the token first", async () => {
    const attendee = await login('attendee@lobby.demo', 'Attendee-2026');
    const speaker = await login('speaker@lobby.demo', 'Speaker-2026');
    const event = (await call('GET', `/api/v1/events/${SLUG}`, attendee)).json.data as { id: number };
    const member = (await call('GET', `/api/v1/${event.id}/members/me`, attendee)).json.data as { id: number };
    const vapid = ((await call('GET', '/api/push/v1/vapid', attendee)).json.data as { public_key: string }).public_key;
    const subscription = receiver.subscribe();

    const { context, page, errors } = await openSignedIn(browser, server.url, attendee, { viewport: DESKTOP, permissions: ['notifications'], serviceWorkers: 'allow' });
    try {
      await fakePushManager(context, { endpoint: subscription.endpoint, keys: subscription.keys });
      await page.goto('/profile/settings/account');
      await controlled(page);
      const toggle = page.getByRole('switch', { name: 'Push notifications on this device' });
      expect(await toggle.isChecked()).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      const registered = page.waitForResponse((res) => res.url().endsWith('/api/push/v1/user') && res.request().method() === 'POST');
      await toggle.check();
      expect((await registered).status()).toBe(200);
      const sent = (await registered).request().postDataJSON() as { platform: string; token: string; keys: unknown; timezone: number };
      expect(sent).toMatchObject({ platform: 'web', token: subscription.endpoint, keys: subscription.keys });
      expect(typeof sent.timezone).toBe('number');
      // Subscribed with the server's own key, for notifications the person sees.
      expect(await page.evaluate(() => (window as unknown as { __pushAsked?: unknown }).__pushAsked)).toEqual({ key: vapid, userVisibleOnly: true });
      await page.reload();
      // The switch reads the browser's subscription once the service worker is ready: off until then.
      const reloaded = page.getByRole('switch', { name: 'Push notifications on this device' });
      await expect.poll(() => reloaded.isChecked(), { timeout: 30_000 }).toBe(true);

      // The speaker asks the attendee for a meeting; the server pushes it to the attendee's device.
      await page.goto(`/events/${SLUG}/agenda`);
      await page.getByTestId('agenda-page').waitFor();
      const slots = (await call('GET', `/api/v1/${event.id}/meetings/slots?member_id=${member.id}`, speaker)).json.data as { slots: { starts_at: string; state: string; past: boolean }[] };
      const free = slots.slots.find((slot) => slot.state === 'free' && !slot.past);
      expect(free).toBeDefined();
      const request = await call('POST', `/api/v1/${event.id}/meetings`, speaker, { member_id: member.id, starts_at: free?.starts_at, agenda: 'Push e2e' });
      expect(request.status).toBe(201);
      const meetingId = (request.json.data as { id: number }).id;
      await expect.poll(() => receiver.to(subscription).length, { timeout: 60_000, interval: 250 }).toBeGreaterThan(0);
      const [push] = receiver.to(subscription);
      expect(push?.error).toBeNull();
      expect(push?.vapid?.publicKey).toBe(vapid);
      expect(push?.vapid?.claims.aud).toBe(receiver.origin);
      const payload = push?.payload as { title: string; body: string; data: { type: string; meeting_id: number; event_slug: string } };
      expect(payload.data).toMatchObject({ type: 'new_meeting_request', meeting_id: meetingId, event_slug: SLUG });

      // The push service delivers it to the browser: the page in front shows it with "Open".
      await deliverPush(page, payload);
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: payload.title });
      await toast.waitFor();
      await toast.getByRole('button', { name: 'Open' }).click();
      await page.waitForURL((url) => url.pathname === `/events/${SLUG}/meetings/list/${meetingId}` && url.searchParams.get('isInvite') === 'true');
      await page.getByTestId('meeting-view').waitFor();

      // Sign-out: the push token goes first, then the session.
      const order: string[] = [];
      page.on('request', (req) => {
        if (req.url().endsWith('/api/push/v1/user') || req.url().endsWith('/api/v1/auth/logout')) order.push(`${req.method()} ${new URL(req.url()).pathname}`);
      });
      await page.getByTestId('user-menu').click();
      await page.getByTestId('sign-out').click();
      await page.waitForURL((url) => url.pathname === '/events');
      expect(order).toEqual(['DELETE /api/push/v1/user', 'POST /api/v1/auth/logout']);
      expect(await page.evaluate(() => localStorage.getItem('e2e.push-subscription'))).toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
