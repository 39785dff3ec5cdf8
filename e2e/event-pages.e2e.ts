// Event pages in Chromium: analytics under the nonce CSP, the event's own default language, the
// language of the list after leaving an event, and self-hosted theme fonts.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { appTookOver, launchBrowser, openPage } from './browser.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());
beforeEach(async () => {
  ({ context, page, errors } = await openPage(browser, baseURL));
});
afterEach(async () => {
  await context.close();
});

/** An in-app navigation, as a link would make it, without depending on the shell's links. */
const navigateInApp = (path: string) =>
  page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);

async function api(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; json: { data?: Record<string, unknown> } }> {
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const res = await fetch(`${baseURL}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, json: (await res.json()) as { data?: Record<string, unknown> } };
}

async function tokenOf(email: string, password: string): Promise<string> {
  const res = await api('POST', '/api/v1/auth/login', undefined, { email, password });
  expect(res.status).toBe(200);
  const session = res.json.data as { access_token?: string; token?: { access_token?: string } };
  const token = session.access_token ?? session.token?.access_token;
  if (!token) throw new Error(`no access token in ${JSON.stringify(res.json)}`);
  return token;
}

describe('analytics tags', () => {
  it('only staff set them; the tag loads with the page nonce and is removed on leaving the event', async () => {
    const slug = `e2e-tags-${Date.now().toString(36)}`;
    const input = (googleTag: string | null) => ({
      slug,
      name: 'E2E Tagged Meetup',
      date_from: '2031-05-01T07:00:00.000Z',
      date_to: '2031-05-02T16:00:00.000Z',
      timezone: 'UTC',
      is_online: true,
      is_onsite: false,
      is_all_users: false,
      auto_reg: false,
      active: true,
      required_fields: [],
      points: [],
      config: { languages: ['en'], theme: { name: 'default', color: '#0ea5e9' }, analytics: { googleTag, yandexMetrika: null }, wnmeet: { roomId: null } },
    });
    const organiser = await tokenOf('organizer@lobby.demo', 'Organizer-2026');
    expect((await api('POST', '/api/admin/v1/events', organiser, input('G-E2EEVIL1'))).status).toBe(403);
    const staff = await tokenOf('admin@lobby.demo', 'Admin-2026');
    const created = await api('POST', '/api/admin/v1/events', staff, input('G-E2ETAG12'));
    expect(created.status).toBe(201);

    // No request may reach Google from the test; the tag answers from here.
    const tagRequests: string[] = [];
    await context.route('https://www.googletagmanager.com/**', async (route) => {
      tagRequests.push(route.request().url());
      await route.fulfill({ contentType: 'application/javascript', body: 'window.__lobbyTagRan = true;' });
    });
    const response = await page.goto(`/events/${slug}`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce, csp).toBeTruthy();
    expect(csp).not.toContain('googletagmanager');
    await page.getByTestId('event-home').waitFor();

    const tag = page.locator('script[src="https://www.googletagmanager.com/gtag/js?id=G-E2ETAG12"]');
    await expect.poll(() => tag.count()).toBe(1);
    expect(await tag.evaluate((node: HTMLScriptElement) => node.nonce)).toBe(nonce);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __lobbyTagRan?: boolean }).__lobbyTagRan)).toBe(true);

    await navigateInApp('/events');
    await page.getByTestId('events-group-current').waitFor();
    expect(await page.locator('script[src*="googletagmanager.com"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>)['ga-disable-G-E2ETAG12'])).toBe(true);
    expect(tagRequests).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

describe('event languages', () => {
  it('opens an event in the first of its own languages: indie-expo [zh, en] in Chinese', async () => {
    await page.goto('/events/indie-expo');
    await page.getByTestId('event-home').waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh');
    expect(await page.getByTestId('language-switch').inputValue()).toBe('zh');
  });

  it('keeps the saved language when the event offers it', async () => {
    await page.goto('/events');
    await appTookOver(page);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('language-switch').selectOption('en')]);
    await page.goto('/events/indie-expo');
    await page.getByTestId('event-home').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  it('fetches the events list in the language shown after leaving an event', async () => {
    const listLanguages: string[] = [];
    await page.route(/\/api\/v1\/events(\?.*)?$/, async (route) => {
      listLanguages.push(route.request().headers()['accept-language'] ?? '');
      await route.continue();
    });
    await page.goto('/events/indie-expo');
    await page.getByTestId('event-home').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh');

    await navigateInApp('/events');
    await page.getByTestId('events-group-current').waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Events');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(listLanguages).toEqual(['en']);
  });
});

describe('theme fonts', () => {
  it('loads the event font (weights 300 to 900) from Lobby itself and applies it', async () => {
    const origin = new URL(baseURL).origin;
    const fontRequests: Request[] = [];
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontRequests.push(request);
      if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) foreign.push(request.url());
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto('/events/lobby-summit');
    await page.getByTestId('event-home').waitFor();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^'?"?Inter/);
    const loaded = await page.evaluate(async () => {
      const weights = [300, 400, 500, 600, 700, 800, 900];
      await Promise.all(weights.map((weight) => document.fonts.load(`${weight} 1em Inter`)));
      return weights.filter((weight) => document.fonts.check(`${weight} 1em Inter`));
    });
    expect(loaded).toEqual([300, 400, 500, 600, 700, 800, 900]);
    // document.fonts.check is also true before a face is declared at all: wait for the files themselves.
    await expect.poll(() => fontRequests.length).toBeGreaterThan(0);
    for (const request of fontRequests) expect(request.url()).toMatch(new RegExp(`^${origin}/assets/inter-.*\\.woff2$`));
    expect(foreign).toEqual([]);
    expect(warnings.filter((text) => text.includes('font'))).toEqual([]);
  });

  it('starts the font with the event, so a page that arrives after it is laid out in it from its first frame', async () => {
    // What the page looked like when the event's layout first entered the document (before its first paint).
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="event-layout"]')) return;
        observer.disconnect();
        const inter = [...document.fonts].filter((face) => face.family.replace(/["']/g, '') === 'Inter' && face.status === 'loaded');
        (window as unknown as { firstFrame: unknown }).firstFrame = {
          font: document.documentElement.style.getPropertyValue('--font-sans'),
          weights: [...new Set(inter.map((face) => Number(face.weight)))].sort((a, b) => a - b),
        };
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    // The layout's code is held back until the event's font has loaded (10 s at most): the font
    // must start with the event's answer, not wait for the layout to ask for it.
    const interLoaded = () => page.evaluate(() => [...document.fonts].filter((face) => face.family.replace(/["']/g, '') === 'Inter' && face.status === 'loaded').length);
    await page.route(/\/assets\/EventLayout-[^/]*\.js$/, async (route) => {
      for (let waited = 0; waited < 10_000 && (await interLoaded().catch(() => 0)) < 4; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
      await route.continue();
    });
    await page.goto('/events/lobby-summit');
    await page.getByTestId('event-home').waitFor();
    const first = await page.evaluate(() => (window as unknown as { firstFrame: { font: string; weights: number[] } }).firstFrame);
    expect(first.font).toMatch(/^'Inter'/);
    // The weights the pages set text in, loaded together rather than one relayout each.
    expect(first.weights).toEqual(expect.arrayContaining([400, 500, 600, 700]));
  });

  it('warns, and keeps the default font, only when the font fails to load', async () => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.route(/\/assets\/inter-[^/]*\.(css|woff2?)$/, (route) => route.abort('failed'));
    await page.goto('/events/lobby-summit');
    await page.getByTestId('event-home').waitFor();
    await expect.poll(() => warnings.some((text) => text.includes('font "Inter" could not be loaded'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--font-sans'))).toBe('');
  });
});

describe('banners', () => {
  it("shows the event's banners at the top and in the side column of its home, as sponsored links", async () => {
    await page.goto('/events/lobby-summit');
    const top = page.getByTestId('banners-home_top');
    await top.getByRole('img', { name: 'Nebula Games — gold sponsor' }).waitFor();
    expect(await top.getByRole('link').getAttribute('href')).toBe('https://example.org/sponsor/nebula');
    expect(await top.getByRole('link').getAttribute('rel')).toBe('noopener noreferrer sponsored');
    const side = page.getByTestId('banners-home_sidebar');
    await side.getByRole('img', { name: 'Pixel Forge — partner' }).waitFor();
    expect(await side.getByRole('link').getAttribute('href')).toBe('https://example.org/partner/pixel');
    // The description beside them is rendered as Markdown ("Three days in **Limassol** ...").
    await page.getByTestId('event-home').locator('strong', { hasText: 'Limassol' }).waitFor();
    expect(errors).toEqual([]);
  });
});
