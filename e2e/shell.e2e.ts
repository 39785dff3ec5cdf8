import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appTookOver, launchBrowser, openPage, seriousViolations } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

const baseURL = inject('baseURL');
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1440, height: 900 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-menu').waitFor();
}

const testIds = (page: Page, selector: string) => page.locator(selector).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.id ?? null);

describe('app shell at 1440 px', () => {
  it('shows the attendee home and people in the sidebar with aria-current, and no back office; axe passes on the list, home and people', async () => {
    const { context, page, errors } = await openPage(browser, baseURL, { viewport: DESKTOP });
    await signIn(page, 'attendee@lobby.demo', 'Attendee-2026');
    await page.goto('/events');
    await appTookOver(page);
    await page.getByTestId('event-card-lobby-summit').first().waitFor();
    // Outside an event: the top bar only.
    expect(await page.getByTestId('event-sidebar').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/events/lobby-summit');
    await page.getByTestId('event-home').waitFor();
    const sidebar = page.getByTestId('event-sidebar');
    expect(await sidebar.isVisible()).toBe(true);
    expect(await page.getByTestId('tab-bar').isVisible()).toBe(false);
    expect(await testIds(page, '[data-testid="event-sidebar"] a')).toEqual(['nav-home', 'nav-members', 'nav-meetings', 'nav-chats', 'nav-agenda', 'nav-calendar', 'nav-program', 'nav-speakers', 'nav-companies', 'nav-favorites', 'nav-contacts', 'nav-notifications', 'nav-lectures-archive', 'nav-news', 'nav-vacancies', 'nav-showcase', 'nav-expo', 'nav-wnmeet', 'nav-publishers', 'nav-media', 'nav-pages', 'nav-badge']);
    expect(await page.getByTestId('nav-home').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('nav-members').getAttribute('aria-current')).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('nav-members').click();
    await page.waitForURL('**/events/lobby-summit/members');
    await page.getByTestId('members-page').waitFor();
    expect(await page.getByTestId('nav-members').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('nav-home').getAttribute('aria-current')).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives the organiser the back office, and switches events from the top bar (Escape closes the switcher)', async () => {
    const { context, page } = await openPage(browser, baseURL, { viewport: DESKTOP });
    await signIn(page, 'organizer@lobby.demo', 'Organizer-2026');
    await page.goto('/events/lobby-summit');
    await page.getByTestId('event-home').waitFor();
    expect(await testIds(page, '[data-testid="event-sidebar"] a')).toEqual(['nav-home', 'nav-members', 'nav-meetings', 'nav-chats', 'nav-agenda', 'nav-calendar', 'nav-program', 'nav-speakers', 'nav-companies', 'nav-favorites', 'nav-contacts', 'nav-notifications', 'nav-lectures-archive', 'nav-news', 'nav-vacancies', 'nav-showcase', 'nav-voting', 'nav-expo', 'nav-wnmeet', 'nav-publishers', 'nav-media', 'nav-pages', 'nav-academy', 'nav-academy-admin', 'nav-volunteer', 'nav-badge', 'nav-back-office']);
    expect(await page.getByTestId('nav-back-office').getAttribute('href')).toMatch(/^\/admin\/events\/\d+$/);

    const switcher = page.getByTestId('event-switcher');
    expect(await switcher.getAttribute('aria-expanded')).toBe('false');
    await switcher.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('switch-to-indie-expo').waitFor();
    expect(await page.getByTestId('switch-to-lobby-summit').getAttribute('aria-current')).toBe('page');
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('event-switcher-list').count()).toBe(0);
    expect(await focusedTestId(page)).toBe('event-switcher');

    await switcher.click();
    await page.getByTestId('switch-to-indie-expo').click();
    await page.waitForURL('**/events/indie-expo');
    await page.getByTestId('event-home').waitFor();
    await expect.poll(() => switcher.innerText()).toContain('Indie');

    await page.getByTestId('nav-back-office').click();
    await page.waitForURL(/\/admin\/events\/\d+\/settings$/);
    await page.getByTestId('event-form').waitFor();
    expect(await page.getByTestId('event-sidebar').count()).toBe(0);
    await context.close();
  });

  it('skip link: the first Tab reaches it and Enter moves focus into main', async () => {
    const { context, page } = await openPage(browser, baseURL, { viewport: DESKTOP });
    await page.goto('/events/lobby-summit');
    await page.getByTestId('event-home').waitFor();
    await page.keyboard.press('Tab');
    expect(await focusedTestId(page)).toBe('skip-link');
    expect(await page.getByTestId('skip-link').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focusedTestId(page)).toBe('main');
    // The next Tab continues inside the page, past the top bar and the sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement) ?? false)).toBe(true);
    await context.close();
  });

  it('shows people with a lock to a guest and to the general pass, whose click meets the upgrade page', async () => {
    const guest = await openPage(browser, baseURL, { viewport: DESKTOP });
    await guest.page.goto('/events/lobby-summit');
    await guest.page.getByTestId('event-home').waitFor();
    expect(await guest.page.getByRole('navigation', { name: 'Event sections' }).getByRole('link', { name: 'People (locked)' }).count()).toBe(1);
    await guest.context.close();

    const student = await openPage(browser, baseURL, { viewport: DESKTOP });
    await signIn(student.page, 'student@lobby.demo', 'Student-2026');
    await student.page.goto('/events/lobby-summit');
    await student.page.getByTestId('event-home').waitFor();
    const people = student.page.getByRole('navigation', { name: 'Event sections' }).getByRole('link', { name: 'People (locked)' });
    expect(await people.count()).toBe(1);
    await people.click();
    await student.page.getByTestId('gate-upgrade').waitFor();
    await student.context.close();
  });

  it('in general mode a section path at the top level is not found', async () => {
    const { context, page } = await openPage(browser, baseURL, { viewport: DESKTOP });
    await page.goto('/members');
    await page.getByTestId('error-404').waitFor();
    await context.close();
  });
});

describe('app shell at 375 px', () => {
  it('shows the attendee a bottom tab bar (home, people, meetings, chats, and "more" for the calendar, companies, favorites, contacts and notifications); axe passes on the list, home and people', async () => {
    const { context, page, errors } = await openPage(browser, baseURL, { viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(page, 'attendee@lobby.demo', 'Attendee-2026');
    await page.goto('/events');
    await appTookOver(page);
    await page.getByTestId('event-card-lobby-summit').first().waitFor();
    expect(await page.getByTestId('tab-bar').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/events/lobby-summit');
    await page.getByTestId('event-home').waitFor();
    expect(await page.getByTestId('tab-bar').isVisible()).toBe(true);
    expect(await page.getByTestId('event-sidebar').isVisible()).toBe(false);
    expect(await testIds(page, '[data-testid="tab-bar"] a, [data-testid="tab-bar"] button')).toEqual(['tab-home', 'tab-members', 'tab-meetings', 'tab-chats', 'tab-more']);
    expect(await page.getByTestId('tab-home').getAttribute('aria-current')).toBe('page');
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('tab-members').click();
    await page.waitForURL('**/events/lobby-summit/members');
    await page.getByTestId('members-page').waitFor();
    expect(await page.getByTestId('tab-members').getAttribute('aria-current')).toBe('page');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives the organiser a "more" sheet that opens and closes by keyboard and holds the back office', async () => {
    const { context, page } = await openPage(browser, baseURL, { viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(page, 'organizer@lobby.demo', 'Organizer-2026');
    await page.goto('/events/lobby-summit');
    await page.getByTestId('event-home').waitFor();
    const more = page.getByTestId('tab-more');
    expect(await testIds(page, '[data-testid="tab-bar"] a, [data-testid="tab-bar"] button')).toEqual(['tab-home', 'tab-members', 'tab-meetings', 'tab-chats', 'tab-more']);
    expect(await page.getByTestId('more-sheet').isVisible()).toBe(false);

    await more.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'More' });
    await sheet.waitFor();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.querySelector('dialog')?.contains(document.activeElement) ?? false)).toBe(true);
    expect(await sheet.getByTestId('more-back-office').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    // The dialog hides itself on Escape; the tab learns it from the close event a frame later.
    await page.locator('[data-testid="tab-more"][aria-expanded="false"]').waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'tab-more');

    await more.click();
    await page.getByTestId('more-back-office').click();
    await page.waitForURL(/\/admin\/events\/\d+\/settings$/);
    await page.getByTestId('event-form').waitFor();
    expect(await page.getByTestId('tab-bar').count()).toBe(0);
    await context.close();
  });
});

describe('app shell in single-event mode', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ LOBBY_EVENT: 'lobby-summit' });
  });
  afterAll(() => server.stop());

  it('shows the sections at the top level and no event switcher', async () => {
    const { context, page } = await openPage(browser, server.url, { viewport: DESKTOP });
    await signIn(page, 'attendee@lobby.demo', 'Attendee-2026');
    await page.goto('/');
    await page.getByTestId('event-home').waitFor();
    expect(await page.getByTestId('nav-home').getAttribute('href')).toBe('/');
    expect(await page.getByTestId('nav-members').getAttribute('href')).toBe('/members');
    expect(await page.getByTestId('event-switcher').count()).toBe(0);
    await page.getByTestId('nav-members').click();
    await page.waitForURL(`${server.url}/members`);
    await page.getByTestId('members-page').waitFor();
    expect(await page.getByTestId('nav-members').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('nav-home').getAttribute('aria-current')).toBeNull();
    await context.close();
  });
});
