import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openSignedIn, seriousViolations } from './browser.ts';
import { DESKTOP, PHONE, api, sidewaysOverflow, summit, useServer, type Summit } from './chat-support.ts';
import { freshPerson, type Person } from './meetings-support.ts';

// Issue 13, exhibitors: the organiser gives a company of the summit a sponsor tier and a stand in
// the back office; the expo hall (API) then lists it as a booth with that tier and stand. Axe on the
// page at 1440 and 375 px. The company is made through the API by one of its people.

const baseURL = inject('baseURL');
const stamp = Date.now().toString(36);
const COMPANY = `Stand Makers ${stamp}`;
const TIER = 3;
const STAND = `Hall C, stand ${stamp}`;
let browser: Browser;
let event: Summit;
let owner: Person;
let companyId: number;
const contexts: BrowserContext[] = [];

async function signedIn(token: string, timezone: string, viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const opened = await openSignedIn(browser, baseURL, token, { viewport, timezoneId: timezone });
  contexts.push(opened.context);
  return opened;
}

beforeAll(async () => {
  useServer(baseURL);
  browser = await launchBrowser();
  event = await summit();
  owner = await freshPerson(event.organiser, event.eventId, event.businessTicket, 'Sten', 'Stand', 'Europe/Oslo');
  const made = await api('POST', '/api/v1/companies', owner.token, { name: COMPANY, business: [1], event_id: event.eventId });
  expect(made.status, JSON.stringify(made.json.error ?? '')).toBe(201);
  companyId = (made.json.data as { id: number }).id;
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('the exhibitors back office page in Chromium', () => {
  it('the organiser gives a company a tier and a stand, and the expo hall shows its booth so', async () => {
    const { page, errors } = await signedIn(event.organiser, owner.timezone, DESKTOP);
    await page.goto(`/admin/events/${event.eventId}/exhibitors`);
    await page.getByTestId('exhibitors-search').fill(stamp);
    const row = page.locator(`[data-testid="exhibitor-row"][data-company="${companyId}"]`);
    await expect.poll(() => page.getByTestId('exhibitor-row').count()).toBe(1);
    await row.waitFor();
    expect(await row.getByTestId('exhibitor-name').textContent()).toBe(COMPANY);
    expect(await seriousViolations(page)).toEqual([]);

    // By keyboard: the tier, the stand, then Enter saves the row.
    await row.getByTestId('exhibitor-tier').focus();
    await row.getByTestId('exhibitor-tier').selectOption(String(TIER));
    await page.keyboard.press('Tab');
    await page.keyboard.type(STAND);
    await page.keyboard.press('Enter');
    await row.getByRole('status').getByText(/\S/).waitFor();
    expect(await row.getByTestId('exhibitor-tier').inputValue()).toBe(String(TIER));

    // The expo hall lists it as a booth with that tier and stand.
    const hall = await api('GET', `/api/expo/${event.eventId}/expo?filter%5Bquery%5D=${encodeURIComponent(stamp)}`, owner.token);
    expect(hall.status).toBe(200);
    const booths = hall.json.data as { id: number; sponsor_type: number | null; location: string | null }[];
    expect(booths).toEqual([expect.objectContaining({ id: companyId, sponsor_type: TIER, location: STAND })]);

    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
