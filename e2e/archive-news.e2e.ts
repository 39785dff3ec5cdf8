import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, seriousViolations } from './browser.ts';
import { DESKTOP, ORGANISER, PHONE, SLUG, api, sidewaysOverflow, signInWith, tokenOf, useServer } from './chat-support.ts';

// Issue 12, "Done means": the archive filters by category and plays an open video; a
// consent-gated video asks first; news shows a locally served feed's items. The data is made
// through the back office API; the pages are driven as a member of the summit.

const baseURL = inject('baseURL');
const ATTENDEE = { email: 'attendee@lobby.demo', password: 'Attendee-2026' };
const stamp = Date.now().toString(36);
let browser: Browser;
let organiser = '';
let attendee = '';
let eventId = 0;
/** One signed-in attendee's page for both tests (signing in is not what they test). */
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  useServer(baseURL);
  browser = await launchBrowser();
  eventId = ((await api('GET', `/api/v1/events/${SLUG}`)).json.data as { id: number }).id;
  [organiser, attendee] = await Promise.all([tokenOf(ORGANISER.email, ORGANISER.password), tokenOf(ATTENDEE.email, ATTENDEE.password)]);
  ({ context, page, errors } = await openPage(browser, baseURL));
  await signInWith(page, ATTENDEE.email, ATTENDEE.password);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function addVideo(body: Record<string, unknown>): Promise<{ id: number }> {
  const res = await api('POST', `/api/admin/v1/events/${eventId}/videos`, organiser, { date: new Date().toISOString(), duration: 42, ...body });
  expect(res.status, JSON.stringify(res.json.error ?? '')).toBe(201);
  return res.json.data as { id: number };
}

const archivePath = (id?: number) => `/events/${SLUG}/lectures-archive${id ? `/${id}` : ''}`;
const card = (page: Page, title: string) => page.getByTestId('archive-video').filter({ hasText: title });

describe('lecture archive and news in Chromium', () => {
  it('the archive filters by category and plays an open video; a consent-gated video asks first, then plays', async () => {
    const open = { title: `E2E open talk ${stamp}`, category: 3 };
    const consent = { title: `E2E consent talk ${stamp}`, category: 5 };
    const openVideo = await addVideo({ ...open, video_url: 'https://youtu.be/dQw4w9WgXcQ', visibility_type: 1, tags: ['e2e'] });
    const consentVideo = await addVideo({ ...consent, video_url: 'https://rutube.ru/video/0123456789abcdef0123456789abcdef/', visibility_type: 2 });

    await page.goto(archivePath());
    await card(page, open.title).waitFor();
    await card(page, consent.title).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Category 3 keeps the open talk and drops the other; the filter lives in the address.
    await page.getByTestId('filter-category').selectOption(String(open.category));
    await page.waitForURL(/[?&]category=3(&|$)/);
    await expect.poll(() => card(page, consent.title).count()).toBe(0);
    expect(await card(page, open.title).count()).toBe(1);

    // The open video plays at once: the player's embed address, never the pasted link.
    await card(page, open.title).getByRole('link', { name: open.title }).click();
    const player = page.getByTestId('video-player');
    await player.waitFor();
    expect(await player.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(await player.getAttribute('title')).toBe(open.title);
    expect(page.url()).toContain(archivePath(openVideo.id));

    // The consent-gated one asks first (no player), plays after "I agree", and remembers it.
    await page.setViewportSize(PHONE);
    await page.goto(archivePath(consentVideo.id));
    await page.getByTestId('archive-consent').waitFor();
    expect(await page.getByTestId('video-player').count()).toBe(0);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'I agree' }).focus();
    await page.keyboard.press('Enter');
    await player.waitFor();
    expect(await player.getAttribute('src')).toBe('https://rutube.ru/play/embed/0123456789abcdef0123456789abcdef');
    // Remembered for the person: the video now plays for them without asking.
    const again = await api('GET', `/api/v1/${eventId}/lectures-archive/${consentVideo.id}`, attendee);
    expect((again.json.data as { play: string }).play).toBe('play');
    expect(errors).toEqual([]);
    await page.setViewportSize(DESKTOP);
  });

  it("news shows the items of a locally served RSS feed after the organiser's refresh", async () => {
    const items = [
      { title: `E2E feed launch ${stamp}`, link: `https://example.org/news/launch-${stamp}`, text: 'The launch went well.' },
      { title: `E2E feed recap ${stamp}`, link: `https://example.org/news/recap-${stamp}`, text: 'A recap of the day.' },
    ];
    const rss = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>E2E wire</title><link>https://example.org/</link><description>Test feed</description>
${items.map((item, index) => `<item><title>${item.title}</title><link>${item.link}</link><guid>${item.link}</guid><description>${item.text}</description><pubDate>${new Date(Date.now() - (index + 1) * 3_600_000).toUTCString()}</pubDate></item>`).join('\n')}
</channel></rss>`;
    let served = 0;
    const feed: Server = createServer((req, res) => {
      served += 1;
      if (req.url !== '/feed.xml') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(rss);
    });
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/feed.xml`;
      const set = await api('PUT', `/api/admin/v1/events/${eventId}/news-feeds`, organiser, { feeds: [{ name: 'E2E wire', url }] });
      expect(set.status, JSON.stringify(set.json.error ?? '')).toBe(200);
      const refresh = await api('POST', `/api/admin/v1/events/${eventId}/news-feeds/refresh`, organiser);
      expect(refresh.status).toBe(202);
      await expect
        .poll(async () => ((await api('GET', `/api/admin/v1/events/${eventId}/news-feeds`, organiser)).json.data as { url: string; items: number; last_error: string | null }[]).find((f) => f.url === url), { timeout: 20_000, interval: 250 })
        .toMatchObject({ items: 2, last_error: null });
      expect(served).toBeGreaterThan(0);

      await page.goto(`/events/${SLUG}/news`);
      const cards = page.getByTestId('news-card');
      for (const item of items) await cards.filter({ hasText: item.title }).waitFor();
      expect(await cards.filter({ hasText: items[0]!.title }).innerText()).toContain('E2E wire');

      await cards.filter({ hasText: items[0]!.title }).getByRole('link', { name: items[0]!.title }).click();
      await page.getByTestId('news-item').getByText(items[0]!.text).waitFor();
      const original = page.getByTestId('news-original');
      expect(await original.getAttribute('href')).toBe(items[0]!.link);
      expect(await original.getAttribute('target')).toBe('_blank');
      expect(await original.getAttribute('rel')).toBe('noopener noreferrer');
      expect(errors).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => feed.close(() => resolve()));
    }
  });
});
