import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openSignedIn, seriousViolations } from './browser.ts';
import { DESKTOP, PHONE, SLUG, api, sidewaysOverflow, summit, toastWith, useServer, type Summit } from './chat-support.ts';
import { freshPerson, type Person } from './meetings-support.ts';

// Issue 14, the reading side of the organiser pages: an organiser publishes a page of blocks and a
// frame page through the back office's API; an attendee finds them in the Pages index, follows a
// block link and a missing one, sees the embedded page resize itself by message, sends the form (a
// problem first, then valid answers, then again), reads the frame page and the demo's partyspace
// page. No editor code is fetched on the way; axe at 1440 and 375 px.

const baseURL = inject('baseURL');
const stamp = Date.now().toString(36);
const FRAMES = 'https://frames.example.test';
const STUB = { slug: `venue-${stamp}`, title: `Venue and travel ${stamp}` };
const FRAME = { slug: `map-${stamp}`, title: `Hall map ${stamp}` };
const EMBED_HEIGHT = 777;
const MAP_HEIGHT = 640;
let browser: Browser;
let event: Summit;
let attendee: Person;
let stubId = 0;
const contexts: BrowserContext[] = [];

let counter = 0;
const block = (id: number, blockId: string, editorData: Record<string, unknown>) => ({ id, uuid: `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`, blockId, hidden: false, editorData });

const content = {
  version: 1,
  blocks: [
    block(12, 'welcome', { title: 'Welcome to the venue', subtitle: 'How to get there and what is where.', alignment: 'left', button: { buttonUrl: '#travel', buttonText: 'How to get there' } }),
    block(3, 'intro', { text: 'The hall opens at nine. Our [old map](#old-map) has moved.' }),
    block(11, 'widget', { url: `${FRAMES}/embed`, title: 'Shuttle timetable' }),
    block(3, 'travel', { text: '**Travel**: the shuttle leaves the airport every twenty minutes.' }),
    block(8, 'signup', {
      title: 'Shuttle seats',
      fields: [
        { id: 'name', label: 'Your name', kind: 'text', required: true },
        { id: 'mail', label: 'E-mail', kind: 'email', required: true },
      ],
      submitText: 'Book a seat',
    }),
  ],
};

/** A framed page that asks its parent for a height, as organisers' widgets do. */
const framedHtml = (height: number) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Framed widget</title></head><body><main><h1>Widget</h1><p>Framed content.</p></main>
<script>let n = 0; const tell = () => { parent.postMessage({ type: 'update-block-height', height: ${height} }, '*'); if (++n < 40) setTimeout(tell, 250); }; tell();</script></body></html>`;

/**
 * The built chunks only the page editor reaches: PageEditorPage's chunk, then every chunk all of
 * whose importers are already in the set (the renderer and the ui it shares with the reading pages
 * stay out). Read from the build the server serves.
 */
function editorOnlyChunks(): Set<string> {
  const dir = fileURLToPath(new URL('../apps/web/dist/assets/', import.meta.url));
  const files = readdirSync(dir).filter((file) => file.endsWith('.js'));
  const importers = new Map<string, Set<string>>();
  for (const file of files) {
    for (const match of readFileSync(`${dir}${file}`, 'utf8').matchAll(/(?:from|import)\s*\(?\s*["'`]\.\/([\w.-]+\.js)["'`]/g)) {
      const target = match[1] ?? '';
      if (!importers.has(target)) importers.set(target, new Set());
      importers.get(target)?.add(file);
    }
  }
  // The page editor's entries: the back office's page editor and the academy's lesson editor.
  const only = new Set(files.filter((file) => /^(?:PageEditorPage|LessonEditorPage|LessonContentEditor)-[\w-]+\.js$/.test(file)));
  for (let grown = only.size > 0; grown; ) {
    grown = false;
    for (const [file, from] of importers) {
      if (!only.has(file) && [...from].every((importer) => only.has(importer))) {
        only.add(file);
        grown = true;
      }
    }
  }
  return only;
}

/** What the page fetched of the page editor: its chunks, or anything named after it or Puck. */
const editorFetches = (requests: readonly string[], editor: ReadonlySet<string>) =>
  requests.filter((url) => /page-?editor|puck/i.test(url) || editor.has(new URL(url).pathname.split('/').pop() ?? ''));

async function signedIn(person: Person): Promise<{ page: Page; errors: string[]; requests: string[] }> {
  const opened = await openSignedIn(browser, baseURL, person.token, { viewport: DESKTOP, timezoneId: person.timezone });
  contexts.push(opened.context);
  await opened.context.route(`${FRAMES}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: framedHtml(new URL(route.request().url()).pathname === '/map' ? MAP_HEIGHT : EMBED_HEIGHT) }));
  const requests: string[] = [];
  opened.page.on('request', (request: Request) => requests.push(request.url()));
  return { ...opened, requests };
}

const frameHeight = (page: Page, testId: string) => page.getByTestId(testId).evaluate((el) => Math.round(el.getBoundingClientRect().height));
const section = (page: Page, blockId: string) => page.locator(`section[id="${blockId}"]`);

beforeAll(async () => {
  useServer(baseURL);
  browser = await launchBrowser();
  event = await summit();
  attendee = await freshPerson(event.organiser, event.eventId, event.businessTicket, 'Rita', 'Reader', 'Europe/Lisbon');
  const admin = `/api/admin/v1/events/${event.eventId}/pages`;
  const stub = await api('POST', admin, event.organiser, { slug: STUB.slug, kind: 'stub', title: STUB.title, published: true, content });
  expect(stub.status, JSON.stringify(stub.json.error ?? '')).toBe(201);
  stubId = (stub.json.data as { id: number }).id;
  const frame = await api('POST', admin, event.organiser, { slug: FRAME.slug, kind: 'frame', title: FRAME.title, published: true, frame_url: `${FRAMES}/map` });
  expect(frame.status, JSON.stringify(frame.json.error ?? '')).toBe(201);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('organiser pages for members in Chromium', () => {
  it('an attendee reads a page of blocks: block links, the resizing frame and the form, with no editor code and no serious axe issue', async () => {
    const { page, errors, requests } = await signedIn(attendee);

    // The Pages index lists the new page, the frame page and the demo's evening page, each at its address.
    await page.goto(`/events/${SLUG}/stub`);
    const list = page.getByTestId('pages-list');
    await list.waitFor();
    const card = page.getByTestId('page-card').filter({ hasText: STUB.title });
    expect(await card.getByRole('link').getAttribute('href')).toBe(`/events/${SLUG}/stub/${STUB.slug}`);
    expect(await page.getByTestId('page-card').filter({ hasText: FRAME.title }).getByRole('link').getAttribute('href')).toBe(`/events/${SLUG}/frame/${FRAME.slug}`);
    expect(await page.getByTestId('page-card').filter({ hasText: 'Summit evening' }).getByRole('link').getAttribute('href')).toBe(`/events/${SLUG}/partyspace`);
    expect(await page.getByTestId('nav-pages').getAttribute('aria-current')).toBe('page');
    await card.getByRole('link').click();
    await page.waitForURL(new RegExp(`/stub/${STUB.slug}$`));

    // The page: its Cover holds the visible heading, the h1 names the page for screen readers, the tab too.
    await section(page, 'welcome').waitFor();
    expect(await page.getByRole('heading', { level: 1, name: STUB.title }).count()).toBe(1);
    expect(await page.getByTestId('page-title').getAttribute('class')).toContain('sr-only');
    // (A new chat message makes the tab title blink between the page's and "(1) New message".)
    await expect.poll(() => page.title(), { timeout: 10_000 }).toMatch(new RegExp(`^${STUB.title} · .+ · Lobby$`));

    // The Cover's button links to the travel block: the page scrolls there and the address carries its hash.
    expect(await section(page, 'travel').evaluate((el) => el.getBoundingClientRect().top > window.innerHeight)).toBe(true);
    await section(page, 'welcome').getByRole('link', { name: 'How to get there' }).click();
    await page.waitForURL(/#travel$/);
    await expect.poll(() => section(page, 'travel').evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    // A link to a block the page does not have: the destructive toast, and the address stays.
    await section(page, 'intro').getByRole('link', { name: 'old map' }).click();
    await toastWith(page, 'No block with such hash on the page').waitFor();
    expect(page.url()).toMatch(/#travel$/);

    // The embedded page starts at 500 px and takes the height it asks for from its own frame.
    await section(page, 'widget').scrollIntoViewIfNeeded();
    const widget = section(page, 'widget').locator('iframe');
    expect(await widget.getAttribute('sandbox')).toContain('allow-scripts');
    await expect.poll(() => widget.evaluate((el) => Math.round(el.getBoundingClientRect().height)), { timeout: 15_000 }).toBe(EMBED_HEIGHT);

    // The form: problems under their fields first (focus on the first), then the answers are sent.
    const form = section(page, 'signup');
    await form.getByLabel('E-mail *').fill('not-an-address');
    await form.getByRole('button', { name: 'Book a seat' }).click();
    const name = form.getByLabel('Your name *');
    const mail = form.getByLabel('E-mail *');
    await expect.poll(() => mail.getAttribute('aria-invalid')).toBe('true');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    const mailError = await mail.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${mailError}"]`).textContent()).toBe('Enter an e-mail address such as name@example.com.');
    expect(await page.locator(`[id="${await name.getAttribute('aria-describedby')}"]`).textContent()).toBe('Fill in this field.');
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    await name.fill('Rita Reader');
    await mail.fill(attendee.email);
    expect(await mail.getAttribute('aria-invalid')).toBeNull();
    await form.getByRole('button', { name: 'Book a seat' }).click();
    await form.getByTestId('page-form-status').getByText('Thank you, your answers were sent.').waitFor();
    expect(await form.getByTestId('page-form-status').textContent()).toContain('Sending the form again replaces these answers.');
    const sent = await api('GET', `/api/admin/v1/events/${event.eventId}/pages/${stubId}/submissions?block_id=signup`, event.organiser);
    expect(sent.status).toBe(200);
    expect((sent.json.data as { values: Record<string, unknown>; user: { email: string } }[]).map((s) => [s.user.email, s.values])).toEqual([[attendee.email, { name: 'Rita Reader', mail: attendee.email }]]);

    // Sent again: the earlier answers are replaced, still one submission.
    await name.fill('Rita R. Reader');
    await form.getByRole('button', { name: 'Book a seat' }).click();
    await form.getByTestId('page-form-status').getByText(/They replaced the answers you sent before/).waitFor();
    const again = (await api('GET', `/api/admin/v1/events/${event.eventId}/pages/${stubId}/submissions?block_id=signup`, event.organiser)).json.data as { values: Record<string, unknown> }[];
    expect(again.map((s) => s.values.name)).toEqual(['Rita R. Reader']);

    // A reload opens the page at its address again; axe at 1440 and 375 px, nothing overflows a phone.
    await page.reload();
    await section(page, 'signup').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The reading page never fetched the page editor's code (its chunks, found in the build; Puck is its library).
    const editor = editorOnlyChunks();
    expect(editor.size).toBeGreaterThan(1);
    expect(editorFetches(requests, editor)).toEqual([]);
    expect(requests.some((url) => /\/assets\/StubPage-[\w-]+\.js$/.test(url))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('an attendee reads the frame page, which follows its height message, and the partyspace page; an unknown address is not found', async () => {
    const { page, errors, requests } = await signedIn(attendee);

    await page.goto(`/events/${SLUG}/frame/${FRAME.slug}`);
    const frame = page.getByTestId('page-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(`${FRAMES}/map`);
    expect(await frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(await page.getByRole('heading', { level: 1, name: FRAME.title }).isVisible()).toBe(true);
    await expect.poll(() => frameHeight(page, 'page-frame'), { timeout: 15_000 }).toBe(MAP_HEIGHT);

    // frame without an id opens a frame page of the event.
    await page.goto(`/events/${SLUG}/frame`);
    await page.getByTestId('page-frame').waitFor();

    // The evening page of the demo: its Cover heading, the h1 for screen readers.
    await page.goto(`/events/${SLUG}/partyspace`);
    await page.getByTestId('page-view').waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Summit evening' }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 2, name: 'Summit evening' }).isVisible()).toBe(true);

    // A page the event does not have: the app's 404 page.
    await page.goto(`/events/${SLUG}/stub/no-such-page-${stamp}`);
    await page.getByTestId('error-404').waitFor();

    expect(editorFetches(requests, editorOnlyChunks())).toEqual([]);
    expect(errors).toEqual([]);
  });
});
