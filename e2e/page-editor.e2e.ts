import { rmSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openSignedIn } from './browser.ts';
import { DESKTOP, SLUG, api, snapshotWeb, summit, useServer, type Summit } from './chat-support.ts';
import { freshPerson } from './meetings-support.ts';
import { startServer, type RunningServer } from './server.ts';

// Issue 14, the page editor: the organiser builds a stub page of the sixteen blocks with the Add
// block menu (by keyboard), sees the contract's messages (a too short video link, links inside a
// linked card, an accordion of one tab, a figure over 4 characters), picks a colour, crops and
// uploads a picture, saves and reloads; hides, copies, deletes and undoes; switches to the phone
// width; is warned on leaving with unsaved changes. An attendee then reads the saved page (API and
// the reading page).

const BLOCKS = ['Images', 'Markdown text', 'Video', 'Content', 'Cards', 'Banners', 'Form', 'Speakers', 'Reviews', 'Iframe', 'Cover', 'Accordion', 'Statistics', 'Tabs', 'TextColumns', 'Title'];
const TYPES = ['Images', 'Markdown', 'Video', 'Content', 'Cards', 'Banners', 'Form', 'Speakers', 'Reviews', 'Iframe', 'Cover', 'Accordion', 'Statistics', 'Tabs', 'TextColumns', 'Title'];
const PICTURE = 'https://cdn.example.org/lobby/picture.png';
const VIDEO_MESSAGE = 'Please check that the URL or source of the video is entered correctly.';
const CARD_LINKS_MESSAGE = "Please, don't use links in markdown text if you have the link on the card";

let browser: Browser;
let server: RunningServer;
let webCopy = '';
let event: Summit;

beforeAll(async () => {
  webCopy = await snapshotWeb();
  server = await startServer({ WEB_DIST: webCopy });
  useServer(server.url);
  browser = await launchBrowser();
  event = await summit();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (webCopy) rmSync(webCopy, { recursive: true, force: true });
});

/** A PNG of one colour, width x height, to crop. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x3c)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

/** The editor as the organiser finds it: the fields panel on the right, the canvas in its frame. */
function editor(page: Page) {
  const panel = page.locator('[class*="_Sidebar--right_"]');
  const canvas: FrameLocator = page.frameLocator('#preview-frame');
  const problems = page.getByTestId('page-problems');
  return {
    panel,
    canvas,
    problems,
    blocks: canvas.getByTestId('editor-block'),
    /** Adds a block by keyboard: the type in the select, Enter on the button; the new block is selected. */
    async add(label: string) {
      await page.getByTestId('add-block-type').selectOption({ label });
      await page.getByTestId('add-block').focus();
      await page.keyboard.press('Enter');
      await panel.getByRole('heading', { name: label, exact: true }).waitFor();
    },
    /**
     * One of Puck's own fields by the text of its label (not by accessible name: a label that wraps a
     * filled text box reads as the label and the text).
     */
    field: (label: string, scope: Locator = panel) => scope.locator(`label:has(> div:text-is(${JSON.stringify(label)}))`).locator('input, textarea, select').first(),
    /** The n-th item of the block's list, opened. */
    async item(index: number, scope: Locator = panel): Promise<Locator> {
      const item = scope.locator('[class*="_ArrayFieldItem_"]').nth(index);
      const body = item.locator('[class*="_ArrayFieldItem-body_"]').first();
      if ((await body.locator('input, textarea, select, button').count()) === 0) await item.locator('[class*="_ArrayFieldItem-summary_"]').first().click();
      await body.locator('input, textarea, select, button').first().waitFor();
      return body;
    },
    /** Pastes a picture's https address into the picture widget of a scope. */
    async picture(scope: Locator, url = PICTURE) {
      await scope.getByTestId('image-url').first().fill(url);
      await scope.getByTestId('image-url-use').first().click();
      await scope.getByTestId('image-preview').first().waitFor();
    },
    /** Waits for Puck to record the step of the last change (it records a moment later; changes close together make one step). */
    async recorded(step: number) {
      await expect.poll(async () => Number(await page.getByTestId('editor-bar').getAttribute('data-history-step'))).toBe(step);
    },
    step: async () => Number(await page.getByTestId('editor-bar').getAttribute('data-history-step')),
    /** The problems list says this (or nothing at all). */
    async sees(text: string) {
      await expect.poll(() => problems.textContent().catch(() => '')).toContain(text);
    },
    async doesNotSee(text: string) {
      await expect.poll(async () => ((await problems.count()) === 0 ? '' : ((await problems.textContent()) ?? ''))).not.toContain(text);
    },
  };
}

describe('the page editor in Chromium', () => {
  it('builds a page of the sixteen blocks, checks them, saves, edits with undo and warns on leaving; an attendee reads it', async () => {
    const slug = `e2e-editor-${Date.now().toString(36)}`;
    const made = await api('POST', `/api/admin/v1/events/${event.eventId}/pages`, event.organiser, { slug, kind: 'stub', title: 'Summit guide', published: true, content: { version: 1, blocks: [] } });
    expect(made.status, JSON.stringify(made.json.error ?? '')).toBe(201);
    const pageId = (made.json.data as { id: number }).id;

    const { page, errors, context } = await openSignedIn(browser, server.url, event.organiser, { viewport: DESKTOP });
    await page.goto(`/admin/events/${event.eventId}/pages/${pageId}/edit`);
    const root = page.getByTestId('page-editor');
    await expect.poll(() => root.getAttribute('data-loaded')).toBe('true');
    expect(await root.getAttribute('data-edit-mode')).toBe('true');
    expect(await root.getAttribute('data-dirty')).toBe('false');
    const ed = editor(page);

    // 2 Images: a picture cropped and uploaded.
    await ed.add(BLOCKS[0]!);
    const image = await ed.item(0);
    await image.getByTestId('image-file').setInputFiles({ name: 'hall.png', mimeType: 'image/png', buffer: png(64, 36) });
    await page.getByTestId('crop-dialog').waitFor();
    await page.getByTestId('crop-apply').click();
    await expect.poll(() => image.getByTestId('image-preview').getAttribute('src')).toMatch(/^\//);
    await ed.field('Description', image).fill('The expo hall');
    // 3 Markdown text.
    await ed.add(BLOCKS[1]!);
    await ed.field('Text').fill('Welcome to **the summit**.');
    // 4 Video: a too short link gets the spec's message; a YouTube link is taken.
    await ed.add(BLOCKS[2]!);
    await ed.panel.getByTestId('video-source').selectOption('youtube');
    await ed.panel.getByTestId('video-url').fill('https://youtu.be/x');
    await ed.panel.getByText(VIDEO_MESSAGE).first().waitFor();
    await ed.sees(VIDEO_MESSAGE);
    await ed.panel.getByTestId('video-url').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await ed.doesNotSee(VIDEO_MESSAGE);
    // 5 Content.
    await ed.add(BLOCKS[3]!);
    await ed.field('Text').fill('Three days of talks and meetings.');
    // 6 Cards: a linked card with a link in its text is refused with the spec's message.
    await ed.add(BLOCKS[4]!);
    const card = await ed.item(0);
    await ed.field('Title', card).fill('Networking');
    await card.getByTestId('block-link-select').selectOption({ index: 1 });
    await ed.field('Text', card).fill('See [the hall](https://example.org/hall)');
    await ed.sees(CARD_LINKS_MESSAGE);
    await ed.field('Text', card).fill('Meet the publishers.');
    await ed.doesNotSee(CARD_LINKS_MESSAGE);
    // 7 Banners.
    await ed.add(BLOCKS[5]!);
    await ed.picture(await ed.item(0));
    // 8 Form.
    await ed.add(BLOCKS[6]!);
    await ed.field('Label', await ed.item(0)).fill('Your name');
    await ed.field('Submit button text').fill('Send');
    // 9 Speakers.
    await ed.add(BLOCKS[7]!);
    const speaker = await ed.item(0);
    await ed.field('Name', speaker).fill('Ada Lovelace');
    await ed.field('Subtitle', speaker).fill('Analytical Engines');
    await ed.picture(speaker);
    // 10 Reviews.
    await ed.add(BLOCKS[8]!);
    const review = await ed.item(0);
    await ed.field('Name', review).fill('Grace');
    await ed.field('Company', review).fill('Navy Games');
    await ed.field('Text', review).fill('Best event of the year.');
    // 11 Iframe.
    await ed.add(BLOCKS[9]!);
    await ed.field('Address').fill('https://widgets.example.org/schedule');
    // 12 Cover.
    await ed.add(BLOCKS[10]!);
    await ed.field('Title').fill('Lobby Summit');
    // 13 Accordion: one tab is not enough.
    await ed.add(BLOCKS[11]!);
    await ed.panel.locator('[class*="_ArrayFieldItem_"]').nth(1).getByRole('button', { name: 'Delete', exact: true }).click();
    await ed.sees('Add at least 2 items.');
    await ed.panel.locator('[class*="_ArrayField-addButton_"]').first().click();
    for (const [index, [label, text]] of [['Where?', 'In Limassol.'], ['When?', 'In June.']].entries()) {
      const tab = await ed.item(index);
      await ed.field('Label', tab).fill(label!);
      await ed.field('Text', tab).fill(text!);
    }
    await ed.doesNotSee('Add at least 2 items.');
    // 14 Statistics: a figure of 5 characters is refused.
    await ed.add(BLOCKS[12]!);
    const figure = await ed.item(0);
    await ed.field('Figure (up to 4 characters)', figure).fill('12345');
    await ed.field('Subtitle', figure).fill('Studios');
    await ed.sees('Must be at most 4 characters.');
    await ed.field('Figure (up to 4 characters)', figure).fill('300');
    await ed.doesNotSee('Must be at most 4 characters.');
    // 15 Tabs.
    await ed.add(BLOCKS[13]!);
    for (const [index, [label, text]] of [['Day one', 'Talks'], ['Day two', 'Meetings']].entries()) {
      const tab = await ed.item(index);
      await ed.field('Label', tab).fill(label!);
      await ed.field('Text', tab).fill(text!);
    }
    // 16 TextColumns.
    await ed.add(BLOCKS[14]!);
    await ed.field('Text', await ed.item(0)).fill('Left column');
    await ed.field('Text', await ed.item(1)).fill('Right column');
    // 17 Title, in red, with the layout settings shown.
    await ed.add(BLOCKS[15]!);
    await ed.field('Text').fill('Programme');
    await ed.panel.getByTestId('colour-text').first().fill('#ff0000');
    await ed.panel.getByTestId('settings-switch').click();
    await ed.field('Padding').selectOption({ label: 'Medium' });

    // Every block is complete: nothing left to fix; the canvas draws them in order.
    await expect.poll(() => ed.problems.count()).toBe(0);
    await expect.poll(() => ed.blocks.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-block-type')))).toEqual(TYPES);
    await expect.poll(() => ed.canvas.locator('[data-block-type="Title"] h2').evaluate((node) => getComputedStyle(node).color)).toBe('rgb(255, 0, 0)');
    expect(await root.getAttribute('data-dirty')).toBe('true');

    // Save, then reload: the blocks are there in order.
    await page.getByTestId('save-page').click();
    await page.getByText('The page is saved').waitFor();
    await expect.poll(() => root.getAttribute('data-dirty')).toBe('false');
    expect(await root.getAttribute('data-processing')).toBe('false');
    await page.reload();
    await expect.poll(() => root.getAttribute('data-loaded')).toBe('true');
    await expect.poll(() => ed.blocks.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-block-type')))).toEqual(TYPES);
    const saved = (await api('GET', `/api/admin/v1/events/${event.eventId}/pages`, event.organiser)).json.data as { id: number; content: { blocks: { id: number; uuid: string; blockId: string; hidden: boolean; editorData: Record<string, unknown> }[] } }[];
    const stored = saved.find((item) => item.id === pageId)?.content.blocks ?? [];
    expect(stored.map((block) => block.id)).toEqual(Array.from({ length: 16 }, (_, index) => index + 2));
    expect(stored[15]?.editorData).toMatchObject({ text: 'Programme', colour: '#ff0000', padding: 'md' });
    expect(stored[15]?.editorData).not.toHaveProperty('tmp_settings');
    expect(String(stored[0]?.editorData.images && (stored[0].editorData.images as { url: string }[])[0]?.url)).toMatch(/^\//);

    // Hide the Markdown text, copy the Title, delete the Cover and undo that.
    const start = await ed.step();
    await ed.canvas.locator('[data-block-type="Markdown"]').click();
    await ed.panel.getByRole('heading', { name: 'Markdown text', exact: true }).waitFor();
    await ed.panel.getByLabel('Hidden', { exact: true }).check();
    await expect.poll(() => ed.canvas.locator('[data-block-type="Markdown"]').getAttribute('data-hidden')).toBe('true');
    await ed.canvas.locator('[data-block-type="Markdown"]').getByText('Hidden', { exact: true }).waitFor();
    await ed.recorded(start + 1);
    await ed.canvas.locator('[data-block-type="Title"]').click();
    await ed.panel.getByRole('heading', { name: 'Title', exact: true }).waitFor();
    await ed.canvas.getByRole('button', { name: 'Duplicate' }).last().click();
    await expect.poll(() => ed.blocks.count()).toBe(17);
    const titleIds = await ed.canvas.locator('[data-block-type="Title"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-block-id')));
    expect(new Set(titleIds).size).toBe(2);
    await ed.recorded(start + 2);
    await ed.canvas.locator('[data-block-type="Cover"]').click();
    await ed.panel.getByRole('heading', { name: 'Cover', exact: true }).waitFor();
    await ed.canvas.getByRole('button', { name: 'Delete' }).last().click();
    await expect.poll(() => ed.blocks.count()).toBe(16);
    await ed.recorded(start + 3);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => ed.blocks.count()).toBe(17);
    await expect.poll(() => ed.canvas.locator('[data-block-type="Cover"]').count()).toBe(1);
    expect(await ed.problems.count()).toBe(0);

    // The phone width.
    await page.getByRole('button', { name: 'Switch to Phone viewport' }).click();
    await expect.poll(() => page.locator('#puck-canvas-root').evaluate((node) => (node as HTMLElement).style.width)).toBe('375px');

    // Saved with the hidden block and the copy; then a change, and leaving asks first.
    await page.getByTestId('save-page').click();
    await expect.poll(() => root.getAttribute('data-dirty')).toBe('false');
    await ed.canvas.locator('[data-block-type="Cover"]').click();
    await ed.field('Title').fill('Lobby Summit 2031');
    await expect.poll(() => root.getAttribute('data-dirty')).toBe('true');
    const back = page.getByRole('link', { name: 'Back to pages' });
    await back.click();
    await page.getByTestId('leave-dialog').waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toContain(`/pages/${pageId}/edit`);
    await page.getByTestId('leave-dialog').waitFor({ state: 'detached', timeout: 10_000 });
    await back.click();
    await page.getByTestId('leave-confirm').click();
    await page.waitForURL(new RegExp(`/admin/events/${event.eventId}/pages$`));
    expect(errors).toEqual([]);
    await context.close();

    // An attendee reads the published page: seventeen blocks, the Markdown text hidden.
    const attendee = await freshPerson(event.organiser, event.eventId, event.businessTicket, 'Rita', 'Reader', 'Europe/Berlin');
    const read = await api('GET', `/api/v1/${event.eventId}/pages/${slug}`, attendee.token);
    expect(read.status).toBe(200);
    const blocks = (read.json.data as { content: { blocks: { id: number; hidden: boolean; blockId: string; uuid: string }[] } }).content.blocks;
    expect(blocks.map((block) => block.id)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 17]);
    expect(blocks.filter((block) => block.hidden).map((block) => block.id)).toEqual([3]);
    expect(new Set(blocks.map((block) => block.uuid)).size).toBe(17);
    expect(new Set(blocks.map((block) => block.blockId)).size).toBe(17);

    // ... and in the browser, on the reading page: every shown block, in order, the hidden one left out.
    const reader = await openSignedIn(browser, server.url, attendee.token, { viewport: DESKTOP });
    await reader.page.goto(`/events/${SLUG}/stub/${slug}`);
    const shown = blocks.filter((block) => !block.hidden).map((block) => block.blockId);
    await reader.page.locator('main section[id]').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => reader.page.locator('main section[id]').evaluateAll((nodes) => nodes.map((node) => node.id)), { timeout: 15_000 }).toEqual(shown);
    expect(reader.errors).toEqual([]);
    await reader.context.close();
  }, 150_000);
});
