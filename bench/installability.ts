// Chromium's own installability check (what Lighthouse's PWA audit asked before Lighthouse 12
// removed that category): the web app manifest, its icons and a service worker controlling the
// page. An empty list means Chromium would offer to install Lobby.
import { chromium } from 'playwright-core';

export async function installabilityErrors(base: string): Promise<string[]> {
  // A persistent profile: Chromium never offers to install from an incognito one.
  const context = await chromium.launchPersistentContext('', { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${base}/events`);
    // A function, not a string: Lobby's Content Security Policy refuses the eval a string predicate
    // needs. Typed by hand: the bench is compiled without the DOM's types.
    await page.waitForFunction(() => (globalThis as unknown as { navigator: { serviceWorker: { controller: unknown } } }).navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    return installabilityErrors.map((error) => [error.errorId, ...error.errorArguments.map((arg) => `${arg.name}=${arg.value}`)].join(' '));
  } finally {
    await context.close();
  }
}
