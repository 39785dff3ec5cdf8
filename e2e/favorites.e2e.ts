import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, seriousViolations } from './browser.ts';

const baseURL = inject('baseURL');
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1440, height: 900 };
const SLUG = 'lobby-summit';
let browser: Browser;

/** Calls the API as one of the demo accounts. */
async function apiAs(email: string, password: string) {
  const login = await fetch(`${baseURL}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  return (method: string, path: string) => fetch(`${baseURL}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-menu').waitFor();
}

let eventId = 0;
let speakerName = '';
/** A company of the event, when the companies area and its seed are there (null before they land). */
let company: { id: number; name: string } | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
  eventId = ((await (await fetch(`${baseURL}/api/v1/events/${SLUG}`)).json()) as { data: { id: number } }).data.id;
  const attendee = await apiAs('attendee@lobby.demo', 'Attendee-2026');
  const speaker = await apiAs('speaker@lobby.demo', 'Speaker-2026');
  const speakerMe = ((await (await speaker('GET', `/api/v1/${eventId}/members/me`)).json()) as { data: { id: number; user: { first_name: string; last_name: string } } }).data;
  const attendeeMe = ((await (await attendee('GET', `/api/v1/${eventId}/members/me`)).json()) as { data: { id: number } }).data;
  speakerName = `${speakerMe.user.first_name} ${speakerMe.user.last_name}`.trim();
  // Starred both ways: the speaker is a favorite of the attendee and one of their contacts.
  expect((await attendee('PUT', `/api/v1/${eventId}/favorites/users/${speakerMe.id}`)).status).toBe(200);
  expect((await speaker('PUT', `/api/v1/${eventId}/favorites/users/${attendeeMe.id}`)).status).toBe(200);
  const companies = await attendee('GET', `/api/v1/${eventId}/companies?per_page=1`);
  const first = companies.ok ? ((await companies.json()) as { data: { id: number; name: string }[] }).data[0] : undefined;
  if (first) company = first;
});
afterAll(() => browser.close());

describe('favorites, contacts and private notes', () => {
  it('shows starred people and companies, unstars a company, and writes, edits and deletes a private note (1440 px, axe)', async () => {
    const { context, page, errors } = await openPage(browser, baseURL, { viewport: DESKTOP });
    await signIn(page, 'attendee@lobby.demo', 'Attendee-2026');
    await page.goto(`/events/${SLUG}/favorites`);
    await page.waitForURL(`**/events/${SLUG}/favorites/users`);
    const people = page.getByTestId('favorites-users');
    await people.getByText(speakerName, { exact: true }).waitFor();
    expect(await page.getByTestId('nav-favorites').getAttribute('aria-current')).toBe('page');
    expect(await seriousViolations(page)).toEqual([]);

    // Star a company on its page, then find it under favorites.
    if (company) {
      await page.goto(`/events/${SLUG}/companies/${company.id}`);
      await page.getByTestId('company-page').waitFor();
      const star = page.getByRole('button', { name: `Add ${company.name} to favorites` });
      const saved = page.waitForResponse((res) => res.url().includes(`/favorites/companies/${company?.id}`) && res.request().method() === 'PUT');
      await star.click();
      expect((await saved).status()).toBe(200);
      await page.goto(`/events/${SLUG}/favorites/users`);
    }
    const tabs = page.getByRole('navigation', { name: 'Favorite lists' });
    await tabs.getByRole('link', { name: 'Companies' }).click();
    await page.waitForURL(`**/events/${SLUG}/favorites/companies`);
    if (company) {
      const list = page.getByTestId('favorites-companies');
      await list.getByText(company.name, { exact: true }).waitFor();
      await list.getByRole('button', { name: `Remove ${company.name} from favorites` }).click();
      await expect.poll(() => list.getByText(company?.name ?? '', { exact: true }).count()).toBe(0);
    } else {
      // Before the companies area lands there is no company to star: the empty state shows.
      await page.getByText('No favorite companies yet').waitFor();
    }
    expect(await seriousViolations(page)).toEqual([]);

    await tabs.getByRole('link', { name: 'People' }).click();
    await page.waitForURL(`**/events/${SLUG}/favorites/users`);
    const card = page.getByTestId('favorites-users').locator('li').filter({ hasText: speakerName });
    await card.getByTestId('notes-toggle').click();
    const panel = card.getByTestId('notes-panel');
    await panel.getByLabel('New note').fill('Talk about the publishing deal');
    await panel.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Note saved.').waitFor();
    await panel.getByTestId('note').getByText('Talk about the publishing deal').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await panel.getByRole('button', { name: 'Edit', exact: true }).click();
    await panel.getByLabel('Edit note').fill('Send the pitch deck on Monday');
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Note updated.').waitFor();
    await panel.getByText('Send the pitch deck on Monday').waitFor();

    await panel.getByRole('button', { name: 'Delete', exact: true }).click();
    await panel.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('Note deleted.').waitFor();
    await panel.getByText('No notes yet.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists contacts and downloads the CSV and vCard exports (1440 px, axe)', async () => {
    const { context, page, errors } = await openPage(browser, baseURL, { viewport: DESKTOP, acceptDownloads: true });
    await signIn(page, 'attendee@lobby.demo', 'Attendee-2026');
    await page.goto(`/events/${SLUG}/contacts`);
    await page.getByTestId('contacts-list').getByText(speakerName).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(csv.suggestedFilename()).toBe(`contacts-${SLUG}.csv`);
    const [vcf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-vcf').click()]);
    expect(vcf.suggestedFilename()).toBe(`contacts-${SLUG}.vcf`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works at 375 px: favorites and contacts are axe-clean, and unstarring a person removes the card at once', async () => {
    const { context, page, errors } = await openPage(browser, baseURL, { viewport: PHONE });
    await signIn(page, 'attendee@lobby.demo', 'Attendee-2026');
    await page.goto(`/events/${SLUG}/contacts`);
    await page.getByTestId('contacts-list').getByText(speakerName).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`/events/${SLUG}/favorites/users`);
    const people = page.getByTestId('favorites-users');
    await people.getByText(speakerName, { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await people.getByRole('button', { name: `Remove ${speakerName} from favorites` }).click();
    await expect.poll(() => people.getByText(speakerName, { exact: true }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('back-office dictionaries', () => {
  it('lets the organiser rename an item, save it for the event, and go back to the platform list (axe)', async () => {
    const { context, page, errors } = await openPage(browser, baseURL, { viewport: DESKTOP });
    await signIn(page, 'organizer@lobby.demo', 'Organizer-2026');
    await page.goto(`/admin/events/${eventId}/dictionaries`);
    await page.getByTestId('dictionaries-page').waitFor();
    await page.getByLabel('Dictionary').selectOption('company.size');
    await page.getByText('This event uses the platform list.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('English').first().fill('Solo developer');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Dictionary saved.').waitFor();
    await page.getByText('This event uses its own list.').waitFor();
    const sizes = ((await (await fetch(`${baseURL}/api/v1/dictionaries?event_id=${eventId}`)).json()) as { data: { name: string; items: { label: string }[] }[] }).data.find((d) => d.name === 'company.size');
    expect(sizes?.items[0]?.label).toBe('Solo developer');
    await page.getByRole('button', { name: 'Reset to platform list' }).click();
    await page.getByText('Back to the platform list.').waitFor();
    await page.getByText('This event uses the platform list.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
