import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openSignedIn, seriousViolations } from './browser.ts';
import { DESKTOP, PHONE, SLUG, api, sidewaysOverflow, summit, tokenOf, useServer, type Summit } from './chat-support.ts';
import { freshPerson, type Person } from './meetings-support.ts';

// Issue 17, volunteers and badges, contact exchange and leads: the demo volunteer (Helper role)
// finds a fresh attendee at the badge desk and prints their badge; on print media at A6 the badge
// fills the page and nothing of the app shows (the screenshot is kept under the OS temp folder);
// the badge's QR value typed into the check-in field checks the attendee in and the organiser's
// count goes up. Two attendees exchange contacts by QR on My badge and see each other in
// /contacts; an exhibitor scans a visitor at the booth and the lead shows in the company's list.
// Axe at 1440 and 375 px on each page.

const baseURL = inject('baseURL');
const stamp = Date.now().toString(36);
/** The stamp in letters: names take letters only (product.md section 5, the name rule). */
const tag = stamp.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x');
/** A6 at the CSS 96 px per inch: 105 x 148 mm. */
const A6 = { width: Math.round((105 / 25.4) * 96), height: Math.round((148 / 25.4) * 96) };
const ARTIFACTS = join(tmpdir(), 'lobby-e2e-artifacts');
let browser: Browser;
let event: Summit;
let volunteer: string;
const contexts: BrowserContext[] = [];

async function signedIn(token: string, viewport = DESKTOP): Promise<{ page: Page; errors: string[] }> {
  const opened = await openSignedIn(browser, baseURL, token, { viewport, timezoneId: 'Europe/Berlin' });
  contexts.push(opened.context);
  return opened;
}

/** Axe at desktop width, then at 375 px with nothing wider than the screen. */
async function accessibleAtBothWidths(page: Page): Promise<void> {
  await page.setViewportSize(DESKTOP);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize(PHONE);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);
}

const checkedIn = async (): Promise<number> => ((await api('GET', `/api/admin/v1/events/${event.eventId}/check-ins`, event.organiser)).json.data as { checked_in: number }).checked_in;
const qrOf = async (person: Person): Promise<string> => ((await api('GET', `/api/v1/${event.eventId}/badge/me`, person.token)).json.data as { qr: string }).qr;

beforeAll(async () => {
  useServer(baseURL);
  browser = await launchBrowser();
  event = await summit();
  volunteer = await tokenOf('volunteer@lobby.demo', 'Volunteer-2026');
  mkdirSync(ARTIFACTS, { recursive: true });
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('the badge desk, check-in, contact exchange and leads in Chromium', () => {
  it('a volunteer prints an attendee’s badge (A6 on paper, no app chrome) and checks them in by its QR', async () => {
    const guest = await freshPerson(event.organiser, event.eventId, event.businessTicket, 'Beatrix', `Badge${tag}`, 'Europe/Berlin');
    const { page, errors } = await signedIn(volunteer);
    await page.goto(`/events/${SLUG}/volunteer`);
    await page.getByTestId('badge-desk').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/events/${SLUG}/volunteer/badges`);
    await page.getByTestId('desk-search').fill(`badge${tag}`);
    const row = page.locator(`[data-testid="attendee"][data-user="${guest.userId}"]`);
    await row.waitFor();
    await expect.poll(() => page.getByTestId('attendee').count()).toBe(1);
    expect(await row.getByTestId('attendee-checked-in').getAttribute('data-state')).toBe('out');
    expect(await row.getByTestId('ticket-pill').getAttribute('data-kind')).toBe('business');
    await accessibleAtBothWidths(page);

    await row.getByTestId('print-badge').click();
    const preview = page.getByTestId('print-badge-page').getByTestId('badge');
    await preview.getByTestId('badge-qr').waitFor();
    expect(await preview.getByTestId('badge-name').textContent()).toBe('Beatrix');
    const qr = (await preview.getByTestId('badge-qr').getAttribute('data-qr')) ?? '';
    expect(qr).toMatch(/^LB1\.\d+\.[A-Za-z0-9_-]{22}$/);
    expect(await seriousViolations(page)).toEqual([]);

    // On paper: one A6 page holding the badge alone.
    await page.setViewportSize(A6);
    await page.emulateMedia({ media: 'print' });
    const printed = page.locator('.lb-print-root .lb-badge');
    await printed.getByTestId('badge-qr').waitFor();
    const box = await printed.boundingBox();
    expect(box).not.toBeNull();
    expect(Math.abs((box?.x ?? 99) - 0)).toBeLessThanOrEqual(1);
    expect(Math.abs((box?.y ?? 99) - 0)).toBeLessThanOrEqual(1);
    expect(Math.abs((box?.width ?? 0) - A6.width)).toBeLessThanOrEqual(2);
    expect(Math.abs((box?.height ?? 0) - A6.height)).toBeLessThanOrEqual(2);
    expect(await page.getByTestId('user-menu').isVisible()).toBe(false);
    expect(await page.getByTestId('print-button').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(A6.height + 1);
    const shot = await page.screenshot();
    writeFileSync(join(ARTIFACTS, `badge-a6-${stamp}.png`), shot);
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(DESKTOP);

    // The door: the QR value typed (as a scanner gun would) checks the attendee in.
    const before = await checkedIn();
    await page.goto(`/events/${SLUG}/volunteer/badges`);
    await page.getByTestId('check-in-form').getByTestId('scan-code').fill(qr);
    await page.keyboard.press('Enter');
    const result = page.getByTestId('check-in-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('Beatrix');
    expect(await checkedIn()).toBe(before + 1);
    await page.getByTestId('desk-search').fill(`badge${tag}`);
    await expect.poll(() => row.getByTestId('attendee-checked-in').getAttribute('data-state')).toBe('in');

    // The organiser's count on the attendees page.
    const organiser = await signedIn(event.organiser);
    await organiser.page.goto(`/admin/events/${event.eventId}/attendees`);
    const total = organiser.page.getByTestId('check-in-total');
    await total.waitFor();
    expect(Number(await total.getAttribute('data-checked'))).toBe(before + 1);
    await accessibleAtBothWidths(organiser.page);
    expect([...errors, ...organiser.errors]).toEqual([]);
  });

  it('two attendees exchange contacts by QR and see each other in /contacts', async () => {
    const ana = await freshPerson(event.organiser, event.eventId, event.businessTicket, 'Anouk', `Swap${tag}`, 'Europe/Berlin');
    const ben = await freshPerson(event.organiser, event.eventId, event.businessTicket, 'Bram', `Swap${tag}`, 'Europe/Berlin');
    const { page, errors } = await signedIn(ana.token);
    await page.goto(`/events/${SLUG}/badge`);
    await page.getByTestId('my-badge').getByTestId('badge-qr').waitFor();
    expect(await page.getByTestId('my-badge').getByTestId('badge-qr').getAttribute('data-qr')).toBe(await qrOf(ana));
    await accessibleAtBothWidths(page);

    await page.getByTestId('exchange-form').getByTestId('scan-code').fill(await qrOf(ben));
    await page.getByTestId('exchange-form').getByTestId('scan-submit').click();
    const done = page.getByTestId('exchange-result');
    await done.waitFor();
    expect(await done.textContent()).toContain(`You and Bram Swap${tag} are now contacts`);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/events/${SLUG}/contacts`);
    await page.getByTestId('contacts-list').getByText(`Bram Swap${tag}`).waitFor();
    const other = await signedIn(ben.token);
    await other.page.goto(`/events/${SLUG}/contacts`);
    await other.page.getByTestId('contacts-list').getByText(`Anouk Swap${tag}`).waitFor();
    expect([...errors, ...other.errors]).toEqual([]);
  });

  it('an exhibitor scans a visitor at the booth and the lead shows in the company’s list', async () => {
    const exhibitor = await freshPerson(event.organiser, event.eventId, event.businessTicket, 'Edda', `Booth${tag}`, 'Europe/Berlin');
    const visitor = await freshPerson(event.organiser, event.eventId, event.businessTicket, 'Viktor', `Visit${tag}`, 'Europe/Berlin');
    const made = await api('POST', '/api/v1/companies', exhibitor.token, { name: `Booth Works ${stamp}`, business: [1], event_id: event.eventId });
    expect(made.status, JSON.stringify(made.json.error ?? '')).toBe(201);
    const companyId = (made.json.data as { id: number }).id;

    const { page, errors } = await signedIn(exhibitor.token);
    await page.goto(`/events/${SLUG}/badge`);
    await page.getByTestId('booth-link').filter({ hasText: `Booth Works ${stamp}` }).click();
    await page.getByTestId('leads-page').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/events/${SLUG}/companies/${companyId}/leads`);
    const form = page.getByTestId('capture-form');
    await form.getByTestId('scan-code').fill(await qrOf(visitor));
    await page.getByTestId('capture-note').fill('Wants the demo build');
    await page.getByTestId('capture-rating').selectOption('4');
    await form.getByTestId('scan-submit').click();
    await page.getByTestId('capture-result').waitFor();
    const lead = page.locator(`[data-testid="lead"][data-user="${visitor.userId}"]`);
    await lead.waitFor();
    expect(await lead.getByTestId('lead-name').textContent()).toBe(`Viktor Visit${tag}`);
    expect(await lead.getByTestId('lead-note').textContent()).toBe('Wants the demo build');
    expect(await lead.getByTestId('lead-rating').getAttribute('data-value')).toBe('4');
    expect(await page.getByTestId('leads-export').isEnabled()).toBe(true);
    await accessibleAtBothWidths(page);

    // The company's page leads its people to the booth's leads too.
    await page.goto(`/events/${SLUG}/companies/${companyId}`);
    await page.getByTestId('booth-leads-link').click();
    await lead.waitFor();

    // The visitor sees the company on their badge page.
    const seen = await signedIn(visitor.token);
    await seen.page.goto(`/events/${SLUG}/badge`);
    await seen.page.getByTestId('captured-by').getByText(`Booth Works ${stamp}`).waitFor();
    expect([...errors, ...seen.errors]).toEqual([]);
  });
});
