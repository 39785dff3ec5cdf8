// The events list's first paint (docs/decisions.md, "First paint"): the server's markup is the
// app's, class for class, so the page does not change when the app takes over; nothing typed on
// it before that is lost; it is readable and axe-clean before any script has run.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, seriousViolations } from './browser.ts';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/**
 * The shell's header, the main content and the footer as markup, without what differs by
 * construction: generated ids and the references to them, React Router's data-discover, and
 * the selected option (an attribute on the server, a property in React).
 */
function normalisedPage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = ['header', 'main', 'footer'].map((selector) => document.querySelector(selector)?.cloneNode(true) as Element | undefined);
    return parts
      .map((part) => {
        if (!part) return '(missing)';
        for (const element of [part, ...part.querySelectorAll('*')]) {
          for (const name of ['id', 'for', 'aria-labelledby', 'data-discover', 'selected']) element.removeAttribute(name);
        }
        return part.outerHTML;
      })
      .join('\n');
  });
}

/** Holds the app's framework chunk until released: what shows meanwhile is the server's first paint alone. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/framework-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The app has rendered over the first paint: its own search box (not the server's fp-search) and no first-paint mark on #root. */
const appHasRendered = (page: Page) =>
  page.waitForFunction(() => document.querySelector('main input[type="search"]')?.id.startsWith('fp-') === false && document.getElementById('root')?.dataset.firstPaint === undefined);

describe('events list first paint', () => {
  for (const width of [375, 1440]) {
    it(`is the app's own markup at ${width} px: the server's page and the app's page are the same`, async () => {
      // One page load: the server's markup while the app's scripts are held back, then the app's,
      // rendered from the same answer (other specs may add events to the server meanwhile).
      const { context, page, errors } = await openPage(browser, baseURL, { viewport: { width, height: 900 }, timezoneId: 'UTC' });
      await context.addCookies([{ name: 'lobby.tz', value: 'UTC', url: baseURL }]);
      const release = await holdTheApp(page);
      await page.goto('/events', { waitUntil: 'commit' });
      await page.locator('footer').waitFor({ state: 'attached' });
      const server = await normalisedPage(page);
      expect(server).toContain('data-testid="event-card-lobby-summit"');
      release();
      await appHasRendered(page);
      expect(await normalisedPage(page)).toBe(server);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('shows the list before any script has run, axe-clean, and the app takes over without a start-up spinner', async () => {
    const { context, page, errors } = await openPage(browser, baseURL, { viewport: { width: 375, height: 800 } });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { spinners: string[] }).spinners = seen;
      new MutationObserver(() => {
        // A spinner says something ("Loading"); the offline banner's live region (PwaLayer, loaded
        // lazily) is a role="status" too, and stays empty while the browser is online.
        if ([...document.querySelectorAll('#root [role="status"]')].some((status) => status.textContent?.trim())) seen.push('spinner');
      }).observe(document, { childList: true, subtree: true });
    });
    const release = await holdTheApp(page);
    // Not until "load": that waits for the held scripts.
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Events');
    // Other specs add events to the same server: the demo's are there, whatever else is.
    expect(await page.getByTestId('events-group-current').getByTestId('event-card-lobby-summit').count()).toBe(1);
    expect(await page.locator('#root').getAttribute('data-first-paint')).toBe('/');
    expect(await seriousViolations(page)).toEqual([]);
    release();
    await page.waitForURL('**/events');
    await appHasRendered(page);
    expect(await page.getByTestId('events-group-current').getByTestId('event-card-lobby-summit').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { spinners: string[] }).spinners)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a search typed before the app took over, with the focus, and then searches', async () => {
    const { context, page, errors } = await openPage(browser, baseURL);
    const release = await holdTheApp(page);
    await page.goto('/events', { waitUntil: 'commit' });
    await page.getByRole('searchbox', { name: 'Search events' }).fill('indie');
    release();
    await appHasRendered(page);
    await page.waitForURL('**/events?q=indie');
    await expect.poll(() => page.getByRole('main').getByRole('link').count()).toBe(1);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('indie');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is painted in the language the app chose on the earlier visit', async () => {
    const { context, page } = await openPage(browser, baseURL);
    await page.goto('/events');
    await appHasRendered(page);
    await page.getByTestId('language-switch').selectOption('ru');
    await page.getByRole('heading', { level: 1, name: 'Мероприятия' }).waitFor();
    const release = await holdTheApp(page);
    await page.goto('/events', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Before the app runs: the server's markup, in Russian.
    expect(await page.locator('#root').getAttribute('data-first-paint')).toBe('/events');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Мероприятия');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    release();
    await context.close();
  });

  it("remembers the browser's timezone from the events list, not from a page without dates", async () => {
    const { context, page } = await openPage(browser, baseURL, { timezoneId: 'Asia/Tokyo' });
    const timezone = async () => (await context.cookies()).find((cookie) => cookie.name === 'lobby.tz')?.value;
    await page.goto('/auth/login');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The language is written at start; a page without dates leaves the timezone alone.
    await page.waitForFunction(() => document.cookie.includes('lobby.language='));
    expect(await timezone()).toBeUndefined();
    await page.goto('/events');
    await appHasRendered(page);
    await page.waitForFunction(() => document.cookie.includes('lobby.tz='));
    expect(await timezone()).toBe(encodeURIComponent('Asia/Tokyo'));
    await context.close();
  });
});
