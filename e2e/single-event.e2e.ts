import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ LOBBY_EVENT: 'lobby-summit' }), launchBrowser()]);
});
afterAll(async () => {
  await browser.close();
  await server.stop();
});

describe('single-event mode (LOBBY_EVENT=lobby-summit)', () => {
  it('opens the configured event at home and hides the list of events', async () => {
    const { context, page } = await openPage(browser, server.url);
    await page.goto('/');
    await page.getByTestId('event-home').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Hybrid summit of game studios and publishers');
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link').count()).toBe(0);
    await page.goto('/events');
    await page.waitForURL(`${server.url}/`);
    await page.getByTestId('event-home').waitFor();
    await context.close();
  });
});
