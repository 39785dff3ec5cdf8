import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { appTookOver, launchBrowser, openPage, seriousViolations } from './browser.ts';

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

describe('events list', () => {
  it('shows current, upcoming and past events and passes axe', async () => {
    await page.goto('/');
    await page.waitForURL('**/events');
    await appTookOver(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Events');
    for (const group of ['current', 'upcoming', 'past']) await page.getByTestId(`events-group-${group}`).waitFor();
    expect(await page.getByTestId('events-group-current').getByRole('link').count()).toBe(2);
    expect(await page.getByTestId('events-group-past').textContent()).toContain('Spring Games Forum');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('searches by name through the URL', async () => {
    await page.goto('/events');
    await appTookOver(page);
    await page.getByRole('searchbox', { name: 'Search events' }).fill('indie');
    await page.waitForURL('**/events?q=indie');
    await expect.poll(() => page.getByRole('main').getByRole('link').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search events' }).fill('zzzz-nothing');
    await page.getByText('Nothing found').waitFor();
  });

  it('opens an event home with its meeting points and theme', async () => {
    await page.goto('/events');
    await appTookOver(page);
    await page.getByTestId('event-card-lobby-summit').click();
    await page.waitForURL('**/events/lobby-summit');
    await page.getByTestId('event-home').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Hybrid summit of game studios and publishers');
    expect(await page.getByTestId('meeting-points').textContent()).toContain('Meeting zone A');
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--brand'))).toBe('#8b5cf6');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows the spinner while a route loads', async () => {
    await page.goto('/events');
    await appTookOver(page);
    await page.getByTestId('events-group-current').waitFor();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/events/lobby-summit', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('event-card-lobby-summit').click();
    await page.getByTestId('route-spinner').waitFor();
    release();
    await page.getByTestId('event-home').waitFor();
    expect(await page.getByTestId('route-spinner').count()).toBe(0);
  });
});

describe('languages', () => {
  it('switches to zh (reload, Accept-Language zh) and back to en', async () => {
    const languages: string[] = [];
    await page.route('**/api/v1/events**', async (route) => {
      languages.push(route.request().headers()['accept-language'] ?? '');
      await route.continue();
    });
    await page.goto('/events');
    await appTookOver(page);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('language-switch').selectOption('zh')]);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('活动');
    expect(await page.getByTestId('events-group-current').textContent()).toContain('正在进行');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh');
    // Both lists came with the page (the server's first paint, e2e/first-paint.e2e.ts); a search asks in Chinese.
    await appTookOver(page);
    await page.getByRole('searchbox').fill('indie');
    await expect.poll(() => page.getByRole('main').getByRole('link').count()).toBe(1);
    expect(languages.length).toBeGreaterThan(0);
    expect(new Set(languages)).toEqual(new Set(['zh']));

    await Promise.all([page.waitForEvent('load'), page.getByTestId('language-switch').selectOption('en')]);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Events');
  });

  it('shows Russian texts', async () => {
    await page.goto('/events');
    await appTookOver(page);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('language-switch').selectOption('ru')]);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Мероприятия');
  });
});

describe('error pages', () => {
  it('shows 404 for an unknown route and for an unknown event', async () => {
    await page.goto('/no/such/page');
    await page.getByTestId('error-404').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await page.goto('/events/no-such-event');
    await page.getByTestId('error-404').waitFor();
    await page.getByRole('banner').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows the network-error page when offline, and its button re-navigates', async () => {
    await page.goto('/events');
    // The app's own links, not the first paint's plain ones (which the browser itself would follow).
    await appTookOver(page);
    await context.setOffline(true);
    await page.getByTestId('event-card-lobby-summit').click();
    await page.getByTestId('error-network').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('No internet connection');
    expect(page.url()).toContain('/events/lobby-summit');
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('event-home').waitFor();
    expect(page.url()).toContain('/events/lobby-summit');
  });

  it('falls back to English on a server error while loading the event', async () => {
    await page.goto('/events');
    await appTookOver(page);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('language-switch').selectOption('ru')]);
    await page.getByTestId('events-group-current').waitFor();
    await page.route('**/api/v1/events/lobby-summit', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"boom"}}' }));
    await page.getByTestId('event-card-lobby-summit').click();
    await page.getByTestId('error-500').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Something went wrong');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  it('reloads the page once when a route module fails to load', async () => {
    let failures = 0;
    await page.route(/\/assets\/EventHomePage-.*\.js$/, async (route) => {
      if (failures === 0) {
        failures += 1;
        await route.abort('failed');
      } else await route.continue();
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/events');
    await appTookOver(page);
    await page.getByTestId('events-group-current').waitFor();
    await page.getByTestId('event-card-lobby-summit').click();
    await page.getByTestId('event-home').waitFor();
    expect(failures).toBe(1);
    expect(loads).toBe(2);
    expect(await page.evaluate(() => sessionStorage.getItem('lobby.module-reloads'))).toBeNull();
  });

  it('does not reload in a loop when a module keeps failing', async () => {
    await page.route(/\/assets\/EventHomePage-.*\.js$/, (route) => route.abort('failed'));
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/events/lobby-summit');
    await page.getByTestId('error-unknown').waitFor();
    expect(loads).toBe(2);
  });
});

describe('responsive layout', () => {
  for (const width of [375, 1440]) {
    it(`has no horizontal overflow at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/events', '/events/lobby-summit', '/nope']) {
        await page.goto(path);
        await page.getByRole('main').locator('h1').waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
      }
    });
  }

  it('lays cards in columns on desktop and in one column on phones', async () => {
    const columns = async () => {
      await page.goto('/events');
      // Measured on the app's cards: the first paint's are replaced meanwhile (a detached card has no box).
      await appTookOver(page);
      const cards = page.getByTestId('events-group-current').getByRole('listitem');
      await cards.first().waitFor();
      const boxes = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
      return boxes[0]?.y === boxes[1]?.y ? 'row' : 'stack';
    };
    expect(await columns()).toBe('row');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await columns()).toBe('stack');
  });
});

describe('API documentation', () => {
  it('renders the browsable OpenAPI page under the CSP', async () => {
    await page.goto('/api/docs');
    await page.getByText('Lobby API').first().waitFor();
    await page.getByText('/api/v1/timezones/{id}').first().waitFor();
    expect(errors).toEqual([]);
  });
});
