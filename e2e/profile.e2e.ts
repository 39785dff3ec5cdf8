import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, seriousViolations } from './browser.ts';

const baseURL = inject('baseURL');
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1440, height: 900 };
const DAY = 24 * 60 * 60 * 1000;
let browser: Browser;
let slug: string;

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(new URL(path, baseURL), { method: init.method ?? 'GET', headers, ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }) });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An open-to-all event that asks for job, country and a photo, made by the demo organiser through the back-office API. */
async function createEventRequiringProfile(): Promise<string> {
  const { data: session } = await api<{ data: { access_token: string } }>('/api/v1/auth/login', { method: 'POST', body: { email: 'organizer@lobby.demo', password: 'Organizer-2026' } });
  const eventSlug = `profile-${Date.now().toString(36)}`;
  await api('/api/admin/v1/events', {
    method: 'POST',
    token: session.access_token,
    body: {
      slug: eventSlug,
      name: 'Profile Check Days',
      date_from: new Date(Date.now() - DAY).toISOString(),
      date_to: new Date(Date.now() + 5 * DAY).toISOString(),
      timezone: 'UTC',
      is_online: true,
      is_onsite: false,
      is_all_users: true,
      auto_reg: false,
      active: true,
      required_fields: [
        { type: 'job', required: true },
        { type: 'country', required: true },
        { type: 'avatar', required: true },
      ],
      points: [],
      config: { languages: ['en', 'ru', 'zh'], theme: { name: 'default', color: '#3b82f6' }, analytics: { yandexMetrika: null, googleTag: null }, wnmeet: { roomId: null } },
    },
  });
  return eventSlug;
}

/** A new person, registered through the local mailbox. */
async function registerNewPerson(page: Page, email: string) {
  await page.goto('/auth/register');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await page.getByTestId('register-form-sent').waitFor();
  await page.goto('/mailbox');
  await page.getByTestId('mailbox-list').getByRole('link').filter({ hasText: email }).first().click();
  await page.getByTestId('mailbox-message').getByRole('link', { name: /\/auth\/register\?token=/ }).click();
  await page.getByTestId('register-complete-form').waitFor();
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Password', { exact: true }).fill('compiler pioneer 1');
  await page.getByLabel('Repeat the password').fill('compiler pioneer 1');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await page.getByTestId('user-menu').waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  slug = await createEventRequiringProfile();
});
afterAll(() => browser.close());

describe('profile in Chromium', () => {
  it('sends a new attendee to profile-data, takes job, country and a cropped photo, then opens the event', async () => {
    const { context, page, errors } = await openPage(browser, baseURL, { viewport: DESKTOP });
    await registerNewPerson(page, `profile.${Date.now()}@example.test`);

    await page.goto(`/events/${slug}/members`);
    await page.waitForURL(`**/events/${slug}/profile-data?next=*`);
    const form = page.getByTestId('profile-data-form');
    await form.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);

    // Nothing filled: the required fields say so, and the page stays.
    await page.getByRole('button', { name: 'Continue' }).click();
    await form.getByText('This field is required.').first().waitFor();
    expect(new URL(page.url()).pathname).toBe(`/events/${slug}/profile-data`);

    await form.getByLabel('Job title').fill('Rear admiral');
    await form.getByLabel('Country').selectOption({ label: 'Germany' });
    const picture = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#2563eb' } }).png().toBuffer();
    await form.getByLabel('Photo').setInputFiles({ name: 'grace.png', mimeType: 'image/png', buffer: picture });
    const dialog = page.getByTestId('crop-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: '1:1' }).getAttribute('aria-pressed')).toBe('true');
    const uploaded = page.waitForResponse((res) => res.url().endsWith('/api/v1/users/me/media') && res.status() === 201);
    await page.getByTestId('crop-apply').click();
    const answer = (await (await uploaded).json()) as { data: { thumb_url: string } };
    expect(answer.data.thumb_url).toMatch(/^\/api\/v1\/files\//);
    await form.getByRole('img', { name: 'Current picture' }).waitFor();

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`**/events/${slug}/members`);
    await page.goto(`/events/${slug}`);
    await page.getByTestId('event-home').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('edits the main settings (axe clean at 1440 and 375 px) and shows the profile', async () => {
    const { context, page, errors } = await openPage(browser, baseURL, { viewport: DESKTOP });
    await registerNewPerson(page, `settings.${Date.now()}@example.test`);
    await page.goto('/profile/settings');
    await page.waitForURL('**/profile/settings/main');
    const form = page.getByTestId('profile-main-form');
    await form.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);

    await form.getByLabel('Job title').fill('Compiler writer');
    await form.getByLabel('Website or portfolio').fill('example.com/grace');
    await form.getByLabel('City').fill('Arlington');
    await page.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Saved.').waitFor();
    await expect.poll(() => form.getByLabel('Website or portfolio').inputValue()).toBe('https://example.com/grace');

    await page.goto('/profile');
    await page.getByTestId('profile-view').getByText('Compiler writer').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
