import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openSignedIn, seriousViolations } from './browser.ts';
import { DESKTOP, PHONE, api, sidewaysOverflow, summit, tokenOf, useServer, type Summit } from './chat-support.ts';

// Issue 14, the back office's pages tab: the organiser makes a frame page (an http address is
// refused with its message, an https one saved), publishes it, finds it in the list and deletes
// it; a new page of blocks opens the editor's address; a page's form submissions (sent through the
// API by an attendee) are listed and downloaded as CSV. Axe on the list at 1440 and 375 px.

const baseURL = inject('baseURL');
const stamp = Date.now().toString(36);
const ATTENDEE = { email: 'attendee@lobby.demo', password: 'Attendee-2026' };
let browser: Browser;
let event: Summit;
const contexts: BrowserContext[] = [];

interface AdminPage {
  id: number;
  slug: string;
  kind: string;
  title: string;
  published: boolean;
  frame_url: string | null;
}

async function organiserPage(viewport = DESKTOP): Promise<{ page: Page; errors: string[] }> {
  const opened = await openSignedIn(browser, baseURL, event.organiser, { viewport });
  contexts.push(opened.context);
  return opened;
}

const pagesOf = async (): Promise<AdminPage[]> => (await api('GET', `/api/admin/v1/events/${event.eventId}/pages`, event.organiser)).json.data as AdminPage[];
const pageBySlug = async (slug: string) => (await pagesOf()).find((page) => page.slug === slug);
const row = (page: Page, slug: string) => page.locator(`[data-testid="admin-page"][data-slug="${slug}"]`);

async function openCreate(page: Page) {
  await page.getByTestId('page-create').click();
  const dialog = page.getByTestId('page-create-dialog');
  await dialog.waitFor();
  return dialog;
}

beforeAll(async () => {
  useServer(baseURL);
  browser = await launchBrowser();
  event = await summit();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('the pages back office in Chromium', () => {
  it('makes a frame page, publishes it, lists it and deletes it; a new page of blocks opens the editor', async () => {
    const { page, errors } = await organiserPage();
    await page.goto(`/admin/events/${event.eventId}/pages`);
    // The demo's pages are listed: the about page and the evening one.
    await row(page, 'about').waitFor();
    expect(await row(page, 'partyspace').getByText('Partyspace', { exact: true }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // A frame page: the address comes from the title; the event's partyspace kind is off with its reason.
    let dialog = await openCreate(page);
    expect(await dialog.getByTestId('page-kind-partyspace').isDisabled()).toBe(true);
    await dialog.getByText('This event already has its partyspace page; an event has only one.').waitFor();
    await dialog.getByTestId('page-kind-frame').check();
    const title = `Tickets ${stamp}`;
    const slug = `tickets-${stamp}`;
    await dialog.getByTestId('page-title').fill(title);
    expect(await dialog.getByTestId('page-slug').inputValue()).toBe(slug);
    expect(await dialog.getByTestId('page-published').isChecked()).toBe(false);
    await dialog.getByTestId('page-frame-url').fill('http://tickets.example.com/summit');
    await dialog.getByTestId('page-save').click();
    await dialog.getByText('Enter an https address such as https://tickets.example.com/summit, without a user name or password.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('page-frame-url');
    // A taken address is shown on its field.
    await dialog.getByTestId('page-frame-url').fill('https://tickets.example.com/summit');
    await dialog.getByTestId('page-slug').fill('about');
    await dialog.getByTestId('page-save').click();
    await dialog.getByText('Another page of this event has this address.').waitFor();
    await dialog.getByTestId('page-slug').fill(slug);
    await dialog.getByTestId('page-save').click();
    await dialog.waitFor({ state: 'detached' });
    await row(page, slug).getByText('Draft').waitFor();
    expect(await row(page, slug).getByText(`/frame/${slug}`).count()).toBe(1);
    expect(await pageBySlug(slug)).toMatchObject({ kind: 'frame', title, published: false, frame_url: 'https://tickets.example.com/summit' });

    // Published from its row, then edited there.
    await row(page, slug).getByTestId('admin-page-published').check();
    await row(page, slug).getByText('Draft').waitFor({ state: 'detached' });
    await expect.poll(async () => (await pageBySlug(slug))?.published).toBe(true);
    await row(page, slug).getByTestId('admin-page-edit').click();
    await row(page, slug).getByTestId('page-frame-url').fill('https://tickets.example.com/evening');
    await row(page, slug).getByTestId('page-save').click();
    await row(page, slug).getByTestId('page-form').waitFor({ state: 'detached' });
    expect(await pageBySlug(slug)).toMatchObject({ published: true, frame_url: 'https://tickets.example.com/evening' });

    // Deleted after confirming.
    await row(page, slug).getByTestId('admin-page-delete').click();
    await page.getByTestId('page-delete-dialog').getByTestId('page-delete-confirm').click();
    await row(page, slug).waitFor({ state: 'detached' });
    expect(await pageBySlug(slug)).toBeUndefined();

    // A page of blocks opens in the editor once made.
    dialog = await openCreate(page);
    await dialog.getByTestId('page-title').fill(`Venue ${stamp}`);
    await dialog.getByTestId('page-save').click();
    await expect.poll(async () => (await pageBySlug(`venue-${stamp}`))?.kind).toBe('stub');
    const made = await pageBySlug(`venue-${stamp}`);
    expect(made).toMatchObject({ published: false });
    await page.waitForURL(new RegExp(`/admin/events/${event.eventId}/pages/${made?.id}/edit$`));

    // The list at 375 px.
    await page.goto(`/admin/events/${event.eventId}/pages`);
    await row(page, `venue-${stamp}`).waitFor();
    await page.setViewportSize(PHONE);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('lists a page’s form submissions and downloads them as CSV', async () => {
    const slug = `signup-${stamp}`;
    const content = {
      version: 1,
      blocks: [
        {
          id: 8,
          uuid: '6c4d0e2f-5a7b-4c9d-8e1f-2a3b4c5d6e7f',
          blockId: 'signup',
          hidden: false,
          editorData: { title: 'Evening sign-up', submitText: 'Send', fields: [{ id: 'guests', label: 'Guests', kind: 'text', required: true }, { id: 'vegan', label: 'Vegan menu', kind: 'checkbox' }] },
        },
      ],
    };
    const created = await api('POST', `/api/admin/v1/events/${event.eventId}/pages`, event.organiser, { slug, kind: 'stub', title: `Sign-up ${stamp}`, published: true, content });
    expect(created.status, JSON.stringify(created.json.error ?? '')).toBe(201);
    const pageId = (created.json.data as AdminPage).id;
    const attendee = await tokenOf(ATTENDEE.email, ATTENDEE.password);
    const sent = await api('POST', `/api/v1/${event.eventId}/pages/${slug}/forms/signup`, attendee, { values: { guests: `Two guests ${stamp}`, vegan: true } });
    expect(sent.status, JSON.stringify(sent.json.error ?? '')).toBe(201);

    const { page, errors } = await organiserPage();
    await page.goto(`/admin/events/${event.eventId}/pages`);
    await row(page, slug).getByTestId('admin-page-submissions').click();
    await page.waitForURL(new RegExp(`/admin/events/${event.eventId}/pages/${pageId}/submissions$`));
    const submission = page.getByTestId('submission-row');
    await submission.waitFor();
    expect(await submission.count()).toBe(1);
    const text = await submission.textContent();
    expect(text).toContain('Alex Turner');
    expect(text).toContain(`Guests:Two guests ${stamp}`);
    expect(text).toContain('Vegan menu:Yes');
    expect(await page.getByTestId('submissions-form').locator('option').allTextContents()).toEqual(['All forms', 'Evening sign-up']);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('submissions-download').click()]);
    const stream = await download.createReadStream();
    let csv = '';
    for await (const chunk of stream) csv += String(chunk);
    expect(csv).toContain(`Two guests ${stamp}`);
    expect(csv).toContain(ATTENDEE.email);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
