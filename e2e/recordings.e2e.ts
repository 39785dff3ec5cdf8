import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openSignedIn, seriousViolations } from './browser.ts';
import { DESKTOP, PHONE, SLUG, api, snapshotWeb, tokenOf, useServer } from './chat-support.ts';
import { startServer, type RunningServer } from './server.ts';

// Issue 16, stream recordings: the demo teacher (course admin of the summit's academy) records
// about ten seconds from Chromium's fake camera on the academy admin's stream records page, stops,
// sees it processing and then saved in the list, and plays it back: frames are decoded and the
// duration the file states (written by the server) reads about ten seconds.

const TEACHER = { email: 'teacher@lobby.demo', password: 'Teacher-2026' };
const NAME = 'E2E: ten seconds of camera';

let browser: Browser;
let server: RunningServer;
let webCopy = '';
let teacher: string;

beforeAll(async () => {
  webCopy = await snapshotWeb();
  server = await startServer({ WEB_DIST: webCopy });
  useServer(server.url);
  browser = await launchBrowser();
  teacher = await tokenOf(TEACHER.email, TEACHER.password);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (webCopy) rmSync(webCopy, { recursive: true, force: true });
});

async function toast(page: Page, text: string | RegExp) {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

async function axeAt(page: Page, sizes: { width: number; height: number }[]) {
  for (const size of sizes) {
    await page.setViewportSize(size);
    expect({ size, violations: await seriousViolations(page) }).toEqual({ size, violations: [] });
  }
  await page.setViewportSize(DESKTOP);
}

const seconds = (text: string | null) => {
  const [minutes = '0', rest = '0'] = (text ?? '').replace(/[^\d:]/g, '').split(':');
  return Number(minutes) * 60 + Number(rest);
};

describe('stream recordings', () => {
  it('records ten seconds from the camera, stops, is processed and saved in the list, and plays back', async () => {
    const { context, page, errors } = await openSignedIn(browser, server.url, teacher);
    try {
      await page.goto(`/events/${SLUG}/academy-admin/stream-records`);
      await page.getByTestId('academy-stream-records').waitFor();
      await page.getByTestId('stream-records-list').waitFor();
      await page.getByTestId('record-button').click();
      await page.getByTestId('recorder-dialog').waitFor();
      await axeAt(page, [DESKTOP, PHONE]);
      await page.getByTestId('recorder-name').fill(NAME);
      await page.getByTestId('recorder-source-camera').check();
      await page.getByTestId('recorder-start').click();

      const panel = page.getByTestId('recorder-panel');
      await panel.and(page.locator('[data-state="recording"]')).waitFor();
      expect(await page.getByTestId('recorder-status').textContent()).toContain('Recording');
      await axeAt(page, [PHONE, DESKTOP]);
      // Stopped once the panel says nine seconds, checked often: rAF polling lags on a busy machine.
      await page.waitForFunction((least) => {
        const [minutes = '0', rest = '0'] = (document.querySelector('[data-testid="recorder-elapsed"]')?.textContent ?? '').replace(/[^\d:]/g, '').split(':');
        return Number(minutes) * 60 + Number(rest) >= least;
      }, 9, { timeout: 30_000, polling: 100 });
      await page.getByTestId('recorder-stop').click();

      await toast(page, 'Saved. It is being processed and appears in the list shortly.');
      await panel.and(page.locator('[data-state="processing"]')).waitFor();
      const card = page.getByTestId('stream-record').filter({ hasText: NAME });
      await card.waitFor({ timeout: 60_000 });
      await panel.waitFor({ state: 'detached' });
      const stated = seconds(await card.getByTestId('stream-record-duration').textContent());
      expect(stated).toBeGreaterThanOrEqual(5);
      expect(stated).toBeLessThanOrEqual(15);

      // The server's view: saved, with its poster and duration, in the event's room.
      const me = (await api('GET', `/api/v1/events/${SLUG}`, teacher)).json.data as { id: number; slug: string; config: { wnmeet: { roomId: string | null } } };
      const room = me.config.wnmeet.roomId?.trim() || me.slug;
      const listed = ((await api('GET', `/api/v1/${me.id}/rooms/${room}/videos?broadcast=jitsi`, teacher)).json.data as { name: string; link: string; preview: string | null; duration_seconds: number | null }[]).find((video) => video.name === NAME);
      expect(listed?.link).toMatch(/\/api\/v1\/recordings\/[A-Za-z0-9_-]{24}\/video\.webm$/);
      expect(listed?.preview).toMatch(/\/poster\.jpg$/);

      // Played back in the page's own player: frames decoded, and the length the file states.
      const video = card.getByTestId('recording-video');
      await video.scrollIntoViewIfNeeded();
      await page.waitForFunction((link) => [...document.querySelectorAll('video')].some((v) => v.currentSrc === link), listed?.link ?? '', { timeout: 20_000 });
      expect(await video.getAttribute('poster')).toBe(listed?.preview);
      await video.evaluate(async (element: HTMLVideoElement) => {
        element.muted = true;
        await element.play();
      });
      await video.evaluate(
        (element: HTMLVideoElement) =>
          new Promise<void>((resolve, reject) => {
            const started = performance.now();
            const check = () => {
              if (element.getVideoPlaybackQuality().totalVideoFrames > 10 && element.currentTime > 0.5) return resolve();
              if (element.error) return reject(new Error(`playback failed: ${element.error.message}`));
              if (performance.now() - started > 30_000) return reject(new Error(`frames ${element.getVideoPlaybackQuality().totalVideoFrames}, time ${element.currentTime}`));
              setTimeout(check, 200);
            };
            check();
          }),
      );
      const duration = await video.evaluate((element: HTMLVideoElement) => element.duration);
      expect(duration).toBeGreaterThan(5);
      expect(duration).toBeLessThan(15);
      await video.evaluate((element: HTMLVideoElement) => element.pause());
      await axeAt(page, [DESKTOP, PHONE]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
