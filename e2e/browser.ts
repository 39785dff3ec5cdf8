import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The fake camera's picture: 160x120 at 10 frames a second (a bar moving across grey), written
 * once per machine. Chromium's built-in fake camera sends 640x480 at 30 frames, and a group call
 * of four pages encodes and decodes twelve such streams: on two cores that starved everything
 * else in the run (axe took a minute a page). A small picture still decodes frames the tests count.
 */
function fakeCamera(): string {
  const file = join(tmpdir(), 'lobby-e2e-camera-160x120.y4m');
  if (existsSync(file)) return file;
  const [width, height, count] = [160, 120, 20];
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`)];
  for (let frame = 0; frame < count; frame += 1) {
    const luma = Buffer.alloc(width * height, 110);
    const left = Math.floor((frame * width) / count);
    for (let y = 0; y < height; y += 1) luma.fill(220, y * width + left, y * width + Math.min(width, left + 16));
    parts.push(Buffer.from('FRAME\n'), luma, Buffer.alloc((width / 2) * (height / 2) * 2, 128));
  }
  const temporary = `${file}.${process.pid}`;
  writeFileSync(temporary, Buffer.concat(parts));
  // Renamed into place, so a parallel run never reads half a file.
  renameSync(temporary, file);
  return file;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Calls (e2e/calls.e2e.ts): a generated camera picture and tone instead of real devices, allowed without a prompt.
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${fakeCamera()}`,
    ],
  });
}

/**
 * A fresh context (own storage) with the page's errors collected. Lobby's service worker is kept
 * out unless a spec lets it in (`serviceWorkers: 'allow'`, e2e/pwa.e2e.ts): calls it answers never
 * reach page.route(), which specs use to make the server fail or a chunk go missing.
 */
export async function openPage(browser: Browser, baseURL: string, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, serviceWorkers: 'block', ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * A page already signed in with this access token (the gateway-auth cookie the app writes): no
 * sign-in page to load. The caller closes its context.
 */
export async function openSignedIn(browser: Browser, baseURL: string, token: string, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await openPage(browser, baseURL, options);
  const value = encodeURIComponent(JSON.stringify({ access_token: token, expires_in: 900, expires_at: Date.now() + 900_000 }));
  await opened.context.addCookies([{ name: 'gateway-auth', value, url: baseURL }]);
  return opened;
}

/**
 * Serious and critical accessibility violations found by axe-core. Transitions that end (a toast
 * sliding in, a stacked toast fading behind the next) are waited out first: half-way through a fade
 * the colours axe reads are not the ones a person sees. Endless ones (spinners) are not waited for.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity), undefined, { timeout: 5000 })
    .catch(() => {});
  // A toast can arrive while axe reads the page (a new message on a slow machine) and is then read
  // half faded in; toasts are transient notices, so the toaster is left out.
  const result = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).exclude('[data-sonner-toaster]').analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * The app has rendered over the server's first paint of the events list (apps/web/src/app/first-paint.ts):
 * its links are the app's own, and nothing on the page is about to be replaced.
 */
export const appTookOver = (page: Page) => page.waitForFunction(() => document.querySelector('#root main') !== null && document.getElementById('root')?.dataset.firstPaint === undefined);
