import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, seriousViolations } from './browser.ts';

const baseURL = inject('baseURL');
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1440, height: 900 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function api(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; json: { data?: Record<string, unknown> } }> {
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const res = await fetch(`${baseURL}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, json: (await res.json()) as { data?: Record<string, unknown> } };
}

async function tokenOf(email: string, password: string): Promise<string> {
  const res = await api('POST', '/api/v1/auth/login', undefined, { email, password });
  expect(res.status).toBe(200);
  const token = (res.json.data as { access_token?: string }).access_token;
  if (!token) throw new Error('no access token');
  return token;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-menu').waitFor();
}

// Country ids of the contract's list: 10 is Germany (Europe), 62 the United States (North America).
const GERMANY = 10;
const USA = 62;

describe('people directory', () => {
  beforeAll(async () => {
    // Two people with profiles: the speaker offers investment from Europe, the organiser publishing from North America.
    const speaker = await tokenOf('speaker@lobby.demo', 'Speaker-2026');
    expect((await api('PATCH', '/api/v1/users/me', speaker, { offer_ids: [1], looking_ids: [2], geo: GERMANY, bio: 'I design **systems**.' })).status).toBe(200);
    const organiser = await tokenOf('organizer@lobby.demo', 'Organizer-2026');
    expect((await api('PATCH', '/api/v1/users/me', organiser, { offer_ids: [2], geo: USA })).status).toBe(200);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`finds a member by offer and region and opens their page at ${viewport.width} px; axe passes on both`, async () => {
      const { context, page, errors } = await openPage(browser, baseURL, { viewport });
      await signIn(page, 'attendee@lobby.demo', 'Attendee-2026');
      await page.goto('/events/lobby-summit/members');
      await page.getByTestId('members-list').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByLabel('Offers').selectOption({ label: 'Investment' });
      await page.getByLabel('Region').selectOption({ label: 'Europe' });
      // The filters replace the query string in place (no new document): poll the address.
      await expect.poll(() => page.url()).toMatch(/offer=1/);
      await expect.poll(() => page.url()).toMatch(/geo=EU/);
      // The demo has more Europeans offering investment: the name narrows it to one.
      await page.getByLabel('Search people').fill('Wei');
      await expect.poll(() => page.url()).toMatch(/q=Wei/);
      const card = page.getByTestId('member-card').filter({ hasText: 'Wei Zhang' });
      await card.waitFor();
      await expect.poll(() => page.getByTestId('member-card').filter({ hasText: 'Olga Orlova' }).count()).toBe(0);
      expect(await card.innerText()).toContain('Speaker');
      expect(await card.getByTestId('favorite-star').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);

      // Filters live in the address: a reload keeps them.
      await page.reload();
      await page.getByTestId('member-card').filter({ hasText: 'Wei Zhang' }).waitFor();
      expect(await page.getByLabel('Region').inputValue()).toBe('EU');

      await page.getByTestId('member-card').filter({ hasText: 'Wei Zhang' }).getByRole('link', { name: 'Wei Zhang' }).click();
      await expect.poll(() => page.url()).toMatch(/\/events\/lobby-summit\/members\/\d+$/);
      await page.getByTestId('member-page').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Wei Zhang');
      const text = await page.getByTestId('member-page').innerText();
      expect(text).toContain('Investment');
      expect(text).toContain('A publisher');
      // The Markdown renderer loads beside the page (plain text until then).
      await page.getByTestId('member-page').locator('strong', { hasText: 'systems' }).waitFor();
      expect(await page.getByTestId('member-page').locator('strong', { hasText: 'systems' }).count()).toBe(1);
      expect(await page.getByTestId('notes-panel').count()).toBe(1);
      // The speaker does not share e-mail or phone.
      expect(text).not.toContain('speaker@lobby.demo');
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('reaches the page by keyboard from the directory', async () => {
    const { context, page } = await openPage(browser, baseURL, { viewport: DESKTOP });
    await signIn(page, 'attendee@lobby.demo', 'Attendee-2026');
    await page.goto('/events/lobby-summit/members?q=Wei');
    const link = page.getByTestId('member-card').filter({ hasText: 'Wei Zhang' }).getByRole('link', { name: 'Wei Zhang' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('member-page').waitFor();
    await context.close();
  });
});
