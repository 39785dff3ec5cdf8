import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, seriousViolations } from './browser.ts';

const baseURL = inject('baseURL');
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

/**
 * Resolves once the server acknowledged the page's subscription to an event's channel (the
 * "event:subscribe" emit answered {"ok":true}): from then on config-changed reaches the page.
 * Call before the navigation that subscribes.
 */
function eventSubscribed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      const acks = new Set<string>();
      socket.on('framesent', ({ payload }) => {
        const id = /^42(\d+)\["event:subscribe"/.exec(String(payload))?.[1];
        if (id) acks.add(id);
      });
      socket.on('framereceived', ({ payload }) => {
        const answer = /^43(\d+)\[(.*)\]$/s.exec(String(payload));
        if (answer?.[1] && acks.has(answer[1]) && answer[2]?.includes('"ok":true')) resolve();
      });
    });
  });
}

async function addTicketType(page: Page, values: { name: string; code: string; kind: string; features: string[]; upgradeUrl?: string }) {
  await page.getByTestId('add-ticket-type').click();
  const form = page.getByTestId('ticket-form');
  await form.getByLabel('Name', { exact: true }).fill(values.name);
  await form.getByLabel('Code').fill(values.code);
  await form.getByLabel('Kind').selectOption(values.kind);
  for (const feature of values.features) await form.getByLabel(feature, { exact: true }).check();
  if (values.upgradeUrl) await form.getByLabel('Where to buy').fill(values.upgradeUrl);
  await form.getByRole('button', { name: 'Add a ticket type' }).click();
  await page.getByTestId('ticket-types').getByRole('listitem').filter({ hasText: `${values.name} (${values.code})` }).waitFor();
}

describe('organiser back office in Chromium', () => {
  const slug = `e2e-expo-${Date.now().toString(36)}`;

  it('creates an event with two ticket types, imports 3 attendees; the cheaper ticket meets "upgrade ticket required"', async () => {
    const { context, page } = await openPage(browser, baseURL);
    await signIn(page, 'organizer@lobby.demo', 'Organizer-2026');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-admin').click();
    await page.getByTestId('create-event').click();

    const form = page.getByTestId('event-form');
    await form.getByLabel('Name', { exact: true }).fill('E2E Expo');
    await form.getByLabel('Address', { exact: true }).first().fill(slug);
    await form.getByLabel('Tagline (shown as the title)').fill('Where the test attendees meet');
    await form.getByLabel('On site').check();
    await form.getByLabel('Meeting points').fill('Hall A\nHall B');
    await form.getByRole('button', { name: 'Create the event' }).click();
    await page.waitForURL('**/tickets');

    await addTicketType(page, { name: 'Visitor', code: 'visitor', kind: 'standard', features: ['Lectures'] });
    await addTicketType(page, { name: 'Business', code: 'business', kind: 'business', features: ['Meetings (unlimited)', 'Chats (unlimited)', 'Lectures'], upgradeUrl: 'https://example.org/buy-business' });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Attendees' }).click();
    const csv = ['email,first_name,last_name,ticket,roles', `vera.${slug}@example.test,Vera,Visitor,visitor,1`, `vlad.${slug}@example.test,Vlad,Visitor,Visitor,`, `bella.${slug}@example.test,Bella,Business,business,1|8`].join('\n');
    await page.getByTestId('import-file').setInputFiles({ name: 'attendees.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const report = page.getByTestId('import-report');
    await report.waitFor();
    expect(await report.innerText()).toContain('Rows: 3. Added: 3, updated: 0, new accounts: 3, failed: 0.');
    await page.getByTestId('attendees').getByText(`bella.${slug}@example.test`).waitFor();
    expect(await page.getByTestId('attendee').count()).toBe(4);
    await context.close();

    // Vera follows the link from her ticket mail and opens a section her ticket lacks.
    const visitor = await openPage(browser, baseURL);
    // Invitation mails leave the job queue at a bounded rate, a moment after the report: reload until Vera's is there.
    const veraMail = visitor.page.getByTestId('mailbox-list').getByRole('link').filter({ hasText: `vera.${slug}@example.test` });
    await expect
      .poll(async () => {
        await visitor.page.goto('/mailbox');
        await visitor.page.getByRole('heading', { level: 1 }).waitFor();
        return veraMail.count();
      }, { timeout: 20_000, interval: 1000 })
      .toBeGreaterThan(0);
    await veraMail.first().click();
    await visitor.page.getByTestId('mailbox-message').getByRole('link', { name: /\/auth\/magic\// }).click();
    await visitor.page.waitForURL(`**/events/${slug}`);
    expect(await visitor.page.getByTestId('my-ticket').innerText()).toBe('Visitor');
    await visitor.page.getByTestId('nav-members').click();
    await visitor.page.getByTestId('gate-upgrade').waitFor();
    expect(await visitor.page.getByRole('heading', { level: 1 }).innerText()).toBe('Upgrade ticket required');
    expect(await visitor.page.getByRole('link', { name: 'Get the Business' }).getAttribute('href')).toBe('https://example.org/buy-business');
    await visitor.context.close();
  });

  it('a change of the event reaches an open page at once (config-changed)', async () => {
    const attendee = await openPage(browser, baseURL);
    await signIn(attendee.page, 'attendee@lobby.demo', 'Attendee-2026');
    const subscribed = eventSubscribed(attendee.page);
    await attendee.page.goto('/events/lobby-summit');
    await attendee.page.getByTestId('event-home').waitFor();
    expect(await attendee.page.evaluate(() => document.documentElement.style.getPropertyValue('--brand'))).toBe('#8b5cf6');
    expect(await attendee.page.locator('script[src*="googletagmanager.com"], script[src*="mc.yandex.ru"]').count()).toBe(0);
    // The page has joined the event channel (the server acknowledged it).
    await subscribed;

    const organiser = await openPage(browser, baseURL);
    await signIn(organiser.page, 'organizer@lobby.demo', 'Organizer-2026');
    await organiser.page.goto('/admin');
    await organiser.page.getByRole('link', { name: /Lobby Summit/ }).click();
    const form = organiser.page.getByTestId('event-form');
    await form.waitFor();
    await form.getByLabel('Brand colour').fill('#0ea5e9');
    await form.getByRole('button', { name: 'Save' }).click();
    await organiser.page.getByText('Saved.').waitFor();

    await expect.poll(() => attendee.page.evaluate(() => document.documentElement.style.getPropertyValue('--brand')), { timeout: 10_000 }).toBe('#0ea5e9');
    await organiser.context.close();
    await attendee.context.close();
  });

  it('saving an event unchanged keeps its optional fields (company asked, not required)', async () => {
    const requiredFields = async () => ((await (await fetch(`${baseURL}/api/v1/events/indie-expo`)).json()) as { data: { required_fields: unknown[] } }).data.required_fields;
    const before = await requiredFields();
    expect(before).toContainEqual({ type: 'company', required: false });

    const { context, page } = await openPage(browser, baseURL);
    await signIn(page, 'organizer@lobby.demo', 'Organizer-2026');
    await page.goto('/admin');
    await page.getByRole('link', { name: /Indie Games Expo/ }).click();
    const form = page.getByTestId('event-form');
    await form.waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await context.close();

    expect(await requiredFields()).toEqual(before);
  });

  it('a person without organiser rights is kept out of the back office', async () => {
    const { context, page } = await openPage(browser, baseURL);
    await signIn(page, 'speaker@lobby.demo', 'Speaker-2026');
    await page.goto('/admin/events/3/settings');
    await page.getByTestId('error-403').waitFor();
    await context.close();
  });
});
