import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openSignedIn, seriousViolations } from './browser.ts';
import { DESKTOP, PHONE, api, sidewaysOverflow, summit, useServer, type Summit } from './chat-support.ts';

// Issue 18, custom pushes: the organiser writes a message in the back office's "Push messages",
// sees how many people the chosen segment reaches, sends it by keyboard and finds it in the sent
// list; a link that is neither https nor a path of Lobby is refused under its field. Axe at 1440 and
// 375 px, and the page in Russian and Chinese.

const baseURL = inject('baseURL');
const stamp = Date.now().toString(36);
let browser: Browser;
let event: Summit;
const contexts: BrowserContext[] = [];

async function signedIn(viewport: { width: number; height: number }, language = 'en'): Promise<{ page: Page; errors: string[] }> {
  const opened = await openSignedIn(browser, baseURL, event.organiser, { viewport });
  await opened.context.addInitScript((lng) => window.localStorage.setItem('lobby.language', lng), language);
  contexts.push(opened.context);
  return opened;
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

describe('the push messages back office page in Chromium', () => {
  it('sends a message to checked-in business pass holders by keyboard and lists it', async () => {
    const { page, errors } = await signedIn(DESKTOP);
    await page.goto(`/admin/events/${event.eventId}/pushes`);
    await page.getByRole('link', { name: 'Push messages' }).waitFor();
    const form = page.getByTestId('push-form');
    await form.waitFor();
    // Everybody in the event by default; the segment narrows the count the server gives.
    await expect.poll(async () => (await page.getByTestId('push-reach').textContent()) ?? '').toMatch(/^Reaches \d+ people$/);
    const everybody = Number(/\d+/.exec((await page.getByTestId('push-reach').textContent()) ?? '')?.[0]);
    const expected = await api('POST', `/api/admin/v1/events/${event.eventId}/pushes/preview`, event.organiser, { segment: { ticket_type_ids: [event.businessTicket], checked_in: false } });
    const narrowed = (expected.json.data as { recipients: number }).recipients;
    expect(narrowed).toBeLessThan(everybody);
    expect(await seriousViolations(page)).toEqual([]);

    // A link of another kind is refused under its field.
    await form.getByLabel('Title').fill(`Doors open ${stamp}`);
    await form.getByLabel('Text').fill('The expo hall opens at nine.');
    await form.getByLabel('Link (optional)').fill('http://example.org/map');
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByText('The link must be an https address or a path of this site (starting with /).').waitFor();

    // By keyboard: the link, a ticket type, "not checked in", then Enter on Send.
    await form.getByLabel('Link (optional)').fill('/program');
    const business = (await api('GET', `/api/admin/v1/events/${event.eventId}`, event.organiser)).json.data as { ticket_types: { id: number; name: string }[] };
    const pass = business.ticket_types.find((type) => type.id === event.businessTicket);
    await form.getByLabel(pass?.name ?? '', { exact: true }).focus();
    await page.keyboard.press('Space');
    await form.getByLabel('Check-in at the venue').focus();
    await form.getByLabel('Check-in at the venue').selectOption('no');
    await expect.poll(async () => page.getByTestId('push-reach').textContent()).toBe(narrowed === 1 ? 'Reaches 1 person' : `Reaches ${narrowed} people`);
    await form.getByRole('button', { name: 'Send' }).focus();
    await page.keyboard.press('Enter');
    await form.getByText(narrowed === 1 ? 'Sent to 1 person.' : `Sent to ${narrowed} people.`).waitFor();
    const sent = page.getByTestId('push-history').getByRole('listitem').filter({ hasText: `Doors open ${stamp}` });
    await sent.waitFor();
    expect(await sent.textContent()).toContain(`${pass?.name} · Not checked in`);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('fits a phone and reads in Russian and Chinese', async () => {
    const phone = await signedIn(PHONE);
    await phone.page.goto(`/admin/events/${event.eventId}/pushes`);
    await phone.page.getByTestId('push-form').waitFor();
    await phone.page.getByRole('heading', { name: 'Sent messages' }).waitFor();
    expect(await sidewaysOverflow(phone.page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(phone.page)).toEqual([]);

    for (const [language, tab, send] of [
      ['ru', 'Push-сообщения', 'Отправить'],
      ['zh', '推送消息', '发送'],
    ] as const) {
      const { page, errors } = await signedIn(DESKTOP, language);
      await page.goto(`/admin/events/${event.eventId}/pushes`);
      await page.getByRole('link', { name: tab }).waitFor();
      await page.getByTestId('push-form').getByRole('button', { name: send }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    }
  });
});
