import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openSignedIn, seriousViolations } from './browser.ts';
import { DESKTOP, PHONE, SLUG, api, sidewaysOverflow, summit, useServer, type Summit } from './chat-support.ts';
import { freshPerson, type Person } from './meetings-support.ts';

// Issue 13, the expo part: the publishers pavilion filtered by genre with "request a meeting", the
// expo hall with a sponsor's booth and its game, the Media page with its partner and a press kit file
// downloaded; axe on the three pages at 375 and 1440 px. Data through the API (sponsor tiers have no
// API: the hall's sponsor is the demo seed's first sponsor booth with games).

const baseURL = inject('baseURL');
const stamp = Date.now().toString(36);
const PUBLISHER = `Midcore Press ${stamp}`;
const OTHER = `Tiny Taps ${stamp}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');
let browser: Browser;
let event: Summit;
let publisher: Person;
let attendee: Person;
let partnerName = '';
let sponsor: { name: string; game: { id: number; name: string } };
const contexts: BrowserContext[] = [];

async function signedIn(person: Person, viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const opened = await openSignedIn(browser, baseURL, person.token, { viewport, timezoneId: person.timezone, acceptDownloads: true });
  contexts.push(opened.context);
  return opened;
}

/** A publisher company (business 2) in the summit, made by `owner`, who becomes its admin. */
async function publisherCompany(owner: Person, name: string, genres: string[]): Promise<number> {
  const made = await api('POST', '/api/v1/companies', owner.token, { name, business: [2], publisher_looking_for: [1, 2], publisher_genres: genres, description: `${name} publishes games.`, event_id: event.eventId });
  expect(made.status, JSON.stringify(made.json.error ?? '')).toBe(201);
  return (made.json.data as { id: number }).id;
}

beforeAll(async () => {
  useServer(baseURL);
  browser = await launchBrowser();
  event = await summit();
  const owner2 = freshPerson(event.organiser, event.eventId, event.businessTicket, 'Tara', 'Taps', 'Europe/Madrid');
  [publisher, attendee] = await Promise.all([
    freshPerson(event.organiser, event.eventId, event.businessTicket, 'Pavel', 'Press', 'Europe/Berlin'),
    freshPerson(event.organiser, event.eventId, event.businessTicket, 'Ada', 'Attendee', 'Asia/Tokyo'),
  ]);
  const publisherId = await publisherCompany(publisher, PUBLISHER, ['midcore', 'hardcore']);
  await publisherCompany(await owner2, OTHER, ['hypercasual']);

  // The hall's sponsor: the first booth with a tier and a game.
  const booths = (await api('GET', `/api/expo/${event.eventId}/expo?per_page=60`, attendee.token)).json.data as { id: number; name: string; sponsor_type: number | null; games: { id: number; name: string }[] }[];
  const booth = booths.find((b) => b.sponsor_type !== null && b.games.length > 0);
  if (!booth?.games[0]) throw new Error('the demo summit has no sponsor booth with a game');
  sponsor = { name: booth.name, game: booth.games[0] };

  // The Media page: the publisher is the media partner; a link and a small PDF in the press kit.
  const admin = `/api/admin/v1/events/${event.eventId}`;
  const partners = await api('PUT', `${admin}/media-partners`, event.organiser, { company_ids: [publisherId] });
  expect(partners.status, JSON.stringify(partners.json.error ?? '')).toBe(200);
  partnerName = PUBLISHER;
  const link = await api('POST', `${admin}/press-kit/links`, event.organiser, { title: `Brand book ${stamp}`, url: 'https://example.com/brand-book' });
  expect(link.status, JSON.stringify(link.json.error ?? '')).toBe(201);
  const form = new FormData();
  form.append('title', `Fact sheet ${stamp}`);
  form.append('description', 'Dates, numbers, contacts.');
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'fact-sheet.pdf');
  const upload = await fetch(`${baseURL}${admin}/press-kit/files`, { method: 'POST', headers: { authorization: `Bearer ${event.organiser}`, accept: 'application/json' }, body: form });
  expect(upload.status, await upload.clone().text()).toBe(201);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('the publishers pavilion, the expo hall and the Media page in Chromium', () => {
  it('an attendee filters publishers by genre and asks one for a meeting, visits a sponsor booth and downloads the press kit', async () => {
    const { page, errors } = await signedIn(attendee, DESKTOP);

    // Publishers: the genre filter (by keyboard) keeps the midcore publisher and drops the hypercasual one.
    await page.goto(`/events/${SLUG}/publishers`);
    await page.getByTestId('publishers-search').fill(stamp);
    const ours = page.getByTestId('publisher-card').filter({ hasText: PUBLISHER });
    const other = page.getByTestId('publisher-card').filter({ hasText: OTHER });
    await ours.waitFor();
    await other.waitFor();
    await page.getByTestId('filter-genre-midcore').focus();
    await page.keyboard.press('Space');
    await expect.poll(() => other.count()).toBe(0);
    expect(await ours.count()).toBe(1);
    expect(page.url()).toContain('genres=midcore');
    expect(await ours.textContent()).toContain('Hardcore');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);

    // "Request a meeting" opens the create-meeting modal over the publisher's page.
    await ours.getByTestId('expo-request-meeting').first().click();
    await page.waitForURL(new RegExp(`/members/${publisher.memberId}/create-meeting$`));
    await page.getByTestId('create-meeting-modal').waitFor();

    // The expo hall: the sponsor's booth with its game, which leads to the game page.
    await page.goto(`/events/${SLUG}/expo`);
    const booth = page.getByTestId('booth').filter({ has: page.getByTestId('booth-name').getByText(sponsor.name, { exact: true }) });
    await booth.waitFor();
    const game = booth.getByTestId('booth-game').filter({ hasText: sponsor.game.name });
    expect(await game.getAttribute('href')).toBe(`/events/${SLUG}/game/${sponsor.game.id}`);
    expect(await booth.getByTestId('booth-company').getAttribute('href')).toMatch(new RegExp(`/events/${SLUG}/companies/\\d+$`));
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The booth's game leads to the game page, where the attendee stars it by keyboard.
    await game.click();
    await page.waitForURL(new RegExp(`/game/${sponsor.game.id}$`));
    const star = page.getByTestId('game-star');
    await star.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => ((await api('GET', `/api/expo/${event.eventId}/games/favorites`, attendee.token)).json.data as { id: number }[]).map((g) => g.id)).toEqual([sponsor.game.id]);

    // Media at 375 px (still on a phone): the partner, the link (new tab, noopener) and the file, downloaded with its type.
    await page.goto(`/events/${SLUG}/media`);
    await page.getByTestId('media-partner').filter({ hasText: partnerName }).waitFor();
    const linkItem = page.getByTestId('press-kit-item').filter({ hasText: `Brand book ${stamp}` });
    const anchor = linkItem.getByTestId('press-kit-link');
    expect(await anchor.getAttribute('href')).toBe('https://example.com/brand-book');
    expect(await anchor.getAttribute('target')).toBe('_blank');
    expect(await anchor.getAttribute('rel')).toContain('noopener');
    const fileItem = page.getByTestId('press-kit-item').filter({ hasText: `Fact sheet ${stamp}` });
    expect(await fileItem.getByTestId('press-kit-facts').textContent()).toContain('PDF');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    const [response, download] = await Promise.all([
      page.waitForResponse((r) => /\/api\/expo\/\d+\/press-kit\/\d+\/file$/.test(new URL(r.url()).pathname)),
      page.waitForEvent('download'),
      fileItem.getByTestId('press-kit-download').click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect(response.headers()['content-disposition']).toMatch(/^attachment/);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(readFileSync(await download.path()).equals(PDF)).toBe(true);
    await page.setViewportSize(DESKTOP);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
