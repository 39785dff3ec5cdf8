import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openSignedIn, seriousViolations } from './browser.ts';
import { DESKTOP, PHONE, SLUG, api, pixelPng, sidewaysOverflow, summit, useServer, type Summit } from './chat-support.ts';
import { freshPerson, type Person } from './meetings-support.ts';

// Issue 13, first part, "Done means": a developer (their company's admin) creates a game with two
// screenshots in the UI and submits it to a showcase; the organiser accepts it; two attendees with
// game_poll vote (one in the UI); the top page ranks it; the game page and the showcase pass axe.

const baseURL = inject('baseURL');
const stamp = Date.now().toString(36);
const SHOWCASE = `e2e-${stamp}`;
const GAME = `Starfall ${stamp}`;
let browser: Browser;
let event: Summit;
let developer: Person;
let voters: Person[];
let categoryId = 0;
const contexts: BrowserContext[] = [];

/** A browser page already signed in (the gateway-auth cookie the app writes): no sign-in page to load. */
async function signedIn(person: Person, viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const opened = await openSignedIn(browser, baseURL, person.token, { viewport, timezoneId: person.timezone });
  contexts.push(opened.context);
  return opened;
}

beforeAll(async () => {
  useServer(baseURL);
  browser = await launchBrowser();
  event = await summit();
  [developer, ...voters] = await Promise.all([
    freshPerson(event.organiser, event.eventId, event.businessTicket, 'Dana', 'Dev', 'Europe/Berlin'),
    freshPerson(event.organiser, event.eventId, event.businessTicket, 'Vera', 'Vote', 'Asia/Tokyo'),
    freshPerson(event.organiser, event.eventId, event.businessTicket, 'Omar', 'Vote', 'America/Sao_Paulo'),
  ]);
  // The developer's own studio: its creator is its admin, and their profile names it as their company.
  const business = ((await api('GET', '/api/v1/dictionaries', developer.token)).json.data as { name: string; items: { value: number }[] }[]).find((d) => d.name === 'company.business')?.items[0]?.value;
  const studio = await api('POST', '/api/v1/companies', developer.token, { name: `Studio ${stamp}`, business: [business ?? 1], event_id: event.eventId });
  expect(studio.status, JSON.stringify(studio.json.error ?? '')).toBe(201);
  const studioId = (studio.json.data as { id: number }).id;
  expect((await api('PATCH', '/api/v1/users/me', developer.token, { company_id: studioId })).status).toBe(200);
  // The organiser opens a showcase: submissions open, voting open now, one vote reaches the finals.
  const opened = await api('POST', `/api/admin/v1/events/${event.eventId}/showcases`, event.organiser, {
    slug: SHOWCASE,
    title: `Indie showcase ${stamp}`,
    description: 'Games of the summit.',
    categories: [{ name: 'Best game' }],
    submissions_open: true,
    voting_starts_at: null,
    voting_ends_at: null,
    min_votes: 1,
    top_count: 3,
  });
  expect(opened.status, JSON.stringify(opened.json.error ?? '')).toBe(201);
  categoryId = (opened.json.data as { categories: { id: number }[] }).categories[0]?.id ?? 0;
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('games and the showcase in Chromium', () => {
  it('a developer creates a game with two screenshots and submits it; it is accepted, voted for and ranked', async () => {
    const { page, errors } = await signedIn(developer, DESKTOP);

    // The form: the YouTube rule first, then a game with two screenshots, the second moved first by keyboard.
    await page.goto('/profile/create_game');
    await page.getByTestId('game-name').fill(GAME);
    await page.getByTestId('game-developer').fill('Dana Dev');
    await page.getByTestId('game-video').fill('https://vimeo.com/12345');
    await page.getByTestId('game-save').click();
    await page.getByText('Incorrect YouTube link.').waitFor();
    await page.getByTestId('game-video').fill('https://youtu.be/dQw4w9WgXcQ');
    await page.getByTestId('game-shots-input').setInputFiles([
      { name: 'first.png', mimeType: 'image/png', buffer: pixelPng(200, 40, 40) },
      { name: 'second.png', mimeType: 'image/png', buffer: pixelPng(40, 40, 200) },
    ]);
    await expect.poll(() => page.getByTestId('game-shot').count()).toBe(2);
    await page.getByRole('button', { name: 'Move screenshot 2 left' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('game-delete-note').textContent()).toBe('To delete a game, write to support.');
    await page.getByTestId('game-save').click();
    await page.waitForURL(/\/profile\/edit_game\/\d+$/);
    await page.getByTestId('game-saved').waitFor();
    // The form on a phone: nothing overflows sideways, axe finds no serious issue.
    await page.setViewportSize(PHONE);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
    const gameId = Number(/edit_game\/(\d+)/.exec(page.url())?.[1]);
    const saved = (await api('GET', `/api/expo/games/${gameId}`, developer.token)).json.data as { name: string; can_edit: boolean; screenshots: { id: number; position: number }[]; video_embed_url: string | null };
    expect(saved).toMatchObject({ name: GAME, can_edit: true, video_embed_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' });
    expect(saved.screenshots).toHaveLength(2);

    // Reordering a saved game's screenshots is saved with the sort call.
    const before = [...saved.screenshots].sort((a, b) => a.position - b.position).map((s) => s.id);
    await page.getByRole('button', { name: 'Move screenshot 1 right' }).click();
    await expect
      .poll(async () => ((await api('GET', `/api/expo/games/${gameId}`, developer.token)).json.data as { screenshots: { id: number; position: number }[] }).screenshots.sort((a, b) => a.position - b.position).map((s) => s.id))
      .toEqual([before[1], before[0]]);

    // The showcase: "submit a game" picks one of the company's games.
    await page.goto(`/events/${SLUG}/showcase/${SHOWCASE}`);
    await page.getByTestId('submit-open').click();
    await page.getByTestId('submit-dialog').getByLabel(new RegExp(GAME)).check();
    await page.getByTestId('submit-game').click();
    await page.getByTestId('submit-done').waitFor();
    expect(errors).toEqual([]);

    // The organiser accepts it (back office API); one attendee votes through the API.
    const pending = (await api('GET', `/api/admin/v1/events/${event.eventId}/showcases`, event.organiser)).json.data as { id: number; slug: string }[];
    const showcaseId = pending.find((s) => s.slug === SHOWCASE)?.id;
    const entries = (await api('GET', `/api/admin/v1/events/${event.eventId}/showcases/${showcaseId}/requests?filter%5Bstatus%5D=pending`, event.organiser)).json.data as { id: number; game: { id: number } }[];
    const requestId = entries.find((e) => e.game.id === gameId)?.id;
    expect(requestId).toBeGreaterThan(0);
    expect((await api('POST', `/api/admin/v1/events/${event.eventId}/showcase-requests/${requestId}/decision`, event.organiser, { status: 'accepted' })).status).toBe(200);
    const [first, second] = voters;
    if (!first || !second) throw new Error('no voters');
    expect((await api('PUT', `/api/expo/${event.eventId}/showcase-requests/${requestId}/votes/${categoryId}`, first.token)).status).toBe(200);

    // The developer's own vote is refused with the reason.
    await page.reload();
    const own = page.getByTestId('showcase-entry').filter({ hasText: GAME });
    await own.getByTestId('vote-button').click();
    expect(await own.getByTestId('vote-refused').textContent()).toBe("Vote not counted. You cannot vote for your own company's game.");

    // The back office's showcase page lists the accepted entry (axe at 1440 px).
    const office = await signedIn({ ...developer, token: event.organiser }, DESKTOP);
    await office.page.goto(`/admin/events/${event.eventId}/showcase`);
    await office.page.getByRole('button', { name: `Indie showcase ${stamp}` }).click();
    await office.page.getByTestId('entries-accepted').click();
    await office.page.getByTestId('admin-entry').filter({ hasText: GAME }).waitFor();
    expect(await seriousViolations(office.page)).toEqual([]);

    // The other attendee votes on a phone; the count shows both votes.
    const voter = await signedIn(second, PHONE);
    await voter.page.goto(`/events/${SLUG}/showcase/${SHOWCASE}`);
    const card = voter.page.getByTestId('showcase-entry').filter({ hasText: GAME });
    await card.getByTestId('vote-button').click();
    await expect.poll(() => card.getByTestId('vote-button').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => card.getByTestId('entry-vote-count').textContent()).toBe('2 votes');
    expect(await sidewaysOverflow(voter.page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(voter.page)).toEqual([]);

    // /games/{id} leads to the accepted entry; the top page ranks the game first with its two votes.
    await voter.page.goto(`/events/${SLUG}/games/${gameId}`);
    await voter.page.waitForURL(new RegExp(`/showcase/${SHOWCASE}/showcase-game/${requestId}$`));
    await voter.page.getByTestId('game-view').waitFor();
    await voter.page.goto(`/events/${SLUG}/showcase-top/${SHOWCASE}`);
    const top = voter.page.getByTestId('top-entry').first();
    await top.waitFor();
    expect(await top.getByTestId('top-entry-name').textContent()).toBe(GAME);
    expect(await top.getByTestId('top-entry-votes').textContent()).toBe('2 votes');

    // The game page at 1440 px: the trailer's player address, the screenshots' lightbox by keyboard, axe.
    await voter.page.setViewportSize(DESKTOP);
    await voter.page.goto(`/events/${SLUG}/game/${gameId}`);
    expect(await voter.page.getByTestId('game-trailer').getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(await seriousViolations(voter.page)).toEqual([]);
    await voter.page.getByTestId('game-screenshot').first().focus();
    await voter.page.keyboard.press('Enter');
    const lightbox = voter.page.getByTestId('game-lightbox');
    await lightbox.getByText('screenshot 1 of 2').waitFor();
    await voter.page.keyboard.press('ArrowRight');
    await lightbox.getByText('screenshot 2 of 2').waitFor();
    await voter.page.keyboard.press('Escape');
    await expect.poll(() => lightbox.count()).toBe(0);
    expect(voter.errors).toEqual([]);
  });
});
