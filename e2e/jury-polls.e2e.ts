import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openSignedIn, seriousViolations } from './browser.ts';
import { DESKTOP, PHONE, SLUG, api, sidewaysOverflow, summit, useServer, type Summit } from './chat-support.ts';
import { freshPerson, type Person } from './meetings-support.ts';

// Issue 13, the rest: a jury member scores a finalist of a showcase in the voting section (the
// organiser's results show the score), and a jury-only poll question's answers are hidden from a
// plain attendee and shown to the jury. Everything but what the issue names is set up through the API.

const baseURL = inject('baseURL');
const stamp = Date.now().toString(36);
const SHOWCASE = `jury-${stamp}`;
const TITLE = `Jury showcase ${stamp}`;
const GAME = `Moonrise ${stamp}`;
const ANSWER = `More levels, please ${stamp}`;
let browser: Browser;
let event: Summit;
let juror: Person;
let developer: Person;
let attendee: Person;
let showcaseId = 0;
let requestId = 0;
let gameId = 0;
const contexts: BrowserContext[] = [];

async function signedIn(person: Person, viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const opened = await openSignedIn(browser, baseURL, person.token, { viewport, timezoneId: person.timezone });
  contexts.push(opened.context);
  return opened;
}

async function ok(answer: Promise<{ status: number; json: { data?: unknown; error?: unknown } }>, status = 200): Promise<Record<string, unknown>> {
  const res = await answer;
  expect(res.status, JSON.stringify(res.json.error ?? '')).toBe(status);
  return res.json.data as Record<string, unknown>;
}

beforeAll(async () => {
  useServer(baseURL);
  browser = await launchBrowser();
  event = await summit();
  // A jury pass: the business pass's features and the jury feature.
  const jury = await ok(
    api('POST', `/api/admin/v1/events/${event.eventId}/ticket-types`, event.organiser, {
      code: `jury-${stamp}`,
      name: `Jury ${stamp}`,
      kind: 'business',
      features: ['unlimited_chats', 'unlimited_meetings', 'game_poll', 'offline', 'jury'],
      self_service: false,
    }),
    201,
  );
  let voter: Person;
  [developer, voter, attendee, juror] = await Promise.all([
    freshPerson(event.organiser, event.eventId, event.businessTicket, 'Dina', 'Dev', 'Europe/Berlin'),
    freshPerson(event.organiser, event.eventId, event.businessTicket, 'Vik', 'Voter', 'Asia/Tokyo'),
    freshPerson(event.organiser, event.eventId, event.businessTicket, 'Ann', 'Attendee', 'Europe/London'),
    freshPerson(event.organiser, event.eventId, jury.id as number, 'Jules', 'Juror', 'America/Sao_Paulo'),
  ]);
  const me = (await api('GET', `/api/v1/${event.eventId}/members/me`, juror.token)).json.data as { abilities: string[]; sections: Record<string, string> };
  expect(me.abilities).toContain('voting.jury');
  expect(me.sections.voting).toBe('ok');

  // The developer's studio and game; a showcase where one vote reaches the finals; the entry accepted and voted for.
  const business = ((await api('GET', '/api/v1/dictionaries', developer.token)).json.data as { name: string; items: { value: number }[] }[]).find((d) => d.name === 'company.business')?.items[0]?.value;
  const studio = await ok(api('POST', '/api/v1/companies', developer.token, { name: `Studio ${stamp}`, business: [business ?? 1], event_id: event.eventId }), 201);
  await ok(api('PATCH', '/api/v1/users/me', developer.token, { company_id: studio.id }));
  gameId = (await ok(api('POST', '/api/expo/games', developer.token, { name: GAME, developer: 'Dina Dev', company_id: studio.id }), 201)).id as number;
  const showcase = await ok(
    api('POST', `/api/admin/v1/events/${event.eventId}/showcases`, event.organiser, {
      slug: SHOWCASE,
      title: TITLE,
      description: 'Finals judged by the jury.',
      categories: [{ name: 'Best game' }],
      submissions_open: true,
      voting_starts_at: null,
      voting_ends_at: null,
      min_votes: 1,
      top_count: 3,
    }),
    201,
  );
  showcaseId = showcase.id as number;
  const categoryId = (showcase.categories as { id: number }[])[0]?.id ?? 0;
  requestId = (await ok(api('POST', `/api/expo/${event.eventId}/showcases/${SHOWCASE}/requests`, developer.token, { game_id: gameId }), 201)).id as number;
  await ok(api('POST', `/api/admin/v1/events/${event.eventId}/showcase-requests/${requestId}/decision`, event.organiser, { status: 'accepted' }));
  await ok(api('PUT', `/api/expo/${event.eventId}/showcase-requests/${requestId}/votes/${categoryId}`, voter.token));
  // The jury: two criteria, scoring open since an hour ago, results not published.
  await ok(
    api('PUT', `/api/admin/v1/events/${event.eventId}/showcases/${showcaseId}/jury`, event.organiser, {
      criteria: [
        { name: 'Fun', description: 'Would you play it again?', max_score: 5 },
        { name: 'Art', max_score: 5 },
      ],
      jury_starts_at: new Date(Date.now() - 3_600_000).toISOString(),
      jury_ends_at: new Date(Date.now() + 86_400_000).toISOString(),
      results_published: false,
    }),
  );
  // A jury-only question of the developer, answered by the voter.
  const question = await ok(api('POST', `/api/expo/${event.eventId}/games/${gameId}/poll`, developer.token, { text: 'What would you change?', kind: 'text', jury_only: true }), 201);
  await ok(api('PUT', `/api/expo/${event.eventId}/games/${gameId}/poll/${question.id as number}/answer`, voter.token, { text: ANSWER }));
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('jury voting and game polls in Chromium', () => {
  it('a jury member scores a finalist in the voting section; the organiser sees the score in the results', async () => {
    const { page, errors } = await signedIn(juror, DESKTOP);
    await page.goto(`/events/${SLUG}/voting`);
    // With one round the section opens it; with several, the round is picked from the list.
    await page.getByTestId('jury-round-page').or(page.getByTestId('jury-rounds')).waitFor();
    if (await page.getByTestId('jury-rounds').isVisible()) {
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('jury-round-link').filter({ hasText: TITLE }).click();
    }
    await page.waitForURL(new RegExp(`/voting/${SHOWCASE}$`));
    await page.getByTestId('jury-round-page').waitFor();
    expect(await page.getByTestId('jury-progress').textContent()).toBe('Scored 0 of 1');
    expect(await page.getByTestId('jury-results-hidden').textContent()).toBe('Results not published yet');
    const card = page.getByTestId('jury-finalist').filter({ hasText: GAME });
    expect(await card.getByTestId('jury-finalist-state').textContent()).toBe('Not scored yet');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The voting-view on a phone: the game and the score form, axe; one criterion by keyboard.
    await card.getByTestId('jury-finalist-link').click();
    await page.waitForURL(new RegExp(`/voting/${SHOWCASE}/${requestId}$`));
    await page.getByTestId('game-name').filter({ hasText: GAME }).waitFor();
    const form = page.getByTestId('jury-score-form');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('radio', { name: '4 of 5 for Fun' }).check();
    await form.getByRole('radio', { name: '1 of 5 for Art' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await form.getByRole('radio', { name: '3 of 5 for Art' }).isChecked()).toBe(true);
    await form.getByLabel('Comment (optional)').fill('Lovely lighting.');
    await form.getByTestId('jury-save').click();
    await expect.poll(() => form.getByTestId('jury-saved').textContent()).toBe('Saved: scored on every criterion.');
    await page.setViewportSize(DESKTOP);
    expect(await seriousViolations(page)).toEqual([]);

    // Back on the round, the finalist is scored; the organiser's results carry the scores and the comment.
    await page.getByRole('link', { name: `Back to ${TITLE}` }).click();
    await expect.poll(() => page.getByTestId('jury-progress').textContent()).toBe('Scored 1 of 1');
    expect(await card.getByTestId('jury-finalist-state').textContent()).toBe('Scored');
    const results = await api('GET', `/api/expo/${event.eventId}/voting/${SHOWCASE}/results`, event.organiser);
    expect(results.status).toBe(200);
    const row = (results.json.data as { request_id: number; criteria: { mean: number | null }[]; jurors: number; comments: { text: string }[] }[]).find((r) => r.request_id === requestId);
    expect(row?.criteria.map((c) => c.mean)).toEqual([4, 3]);
    expect(row?.jurors).toBe(1);
    expect(row?.comments.map((c) => c.text)).toEqual(['Lovely lighting.']);
    // The jury member does not see them before they are published.
    expect((await api('GET', `/api/expo/${event.eventId}/voting/${SHOWCASE}/results`, juror.token)).status).toBe(403);
    expect(errors).toEqual([]);

    // The back office's jury panel of the showcase: its criteria and the results table (axe at 1440 px).
    const office = await signedIn({ ...juror, token: event.organiser }, DESKTOP);
    await office.page.goto(`/admin/events/${event.eventId}/showcase`);
    await office.page.getByRole('button', { name: TITLE }).click();
    const panel = office.page.getByTestId('jury-admin');
    await expect.poll(() => panel.getByTestId('jury-criterion-name').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(['Fun', 'Art']);
    const result = panel.getByTestId('jury-result').filter({ hasText: GAME });
    await result.waitFor();
    expect(await result.getByTestId('jury-result-total').textContent()).toBe('70.0');
    expect(await seriousViolations(office.page)).toEqual([]);
    expect(office.errors).toEqual([]);
  });

  it("a jury-only question's answers: hidden from a plain attendee, shown to the jury", async () => {
    const plain = await signedIn(attendee, DESKTOP);
    await plain.page.goto(`/events/${SLUG}/game/${gameId}`);
    const hidden = plain.page.getByTestId('poll-question').filter({ hasText: 'What would you change?' });
    await hidden.getByTestId('poll-hidden').waitFor();
    expect(await hidden.getByTestId('poll-hidden').textContent()).toBe('Answers are seen by the jury and the developers only.');
    expect(await plain.page.getByText(ANSWER).count()).toBe(0);

    const jury = await signedIn(juror, PHONE);
    await jury.page.goto(`/events/${SLUG}/game/${gameId}`);
    const shown = jury.page.getByTestId('poll-question').filter({ hasText: 'What would you change?' });
    await shown.getByTestId('poll-text-answer').filter({ hasText: ANSWER }).waitFor();
    expect(await shown.getByTestId('poll-hidden').count()).toBe(0);
    expect(plain.errors).toEqual([]);
    expect(jury.errors).toEqual([]);
  });

  it("the developer on a phone: their entry's status under My entries, and the poll's question form (axe)", async () => {
    const { page, errors } = await signedIn(developer, PHONE);
    await page.goto(`/events/${SLUG}/showcase/${SHOWCASE}`);
    const mine = page.getByTestId('my-submission').filter({ hasText: GAME });
    await mine.waitFor();
    expect(await mine.textContent()).toContain('Accepted');
    await page.goto(`/events/${SLUG}/game/${gameId}`);
    // The developer's company sees its jury-only answers; it adds questions, and does not answer its own poll.
    const question = page.getByTestId('poll-question').filter({ hasText: 'What would you change?' });
    await question.getByTestId('poll-text-answer').filter({ hasText: ANSWER }).waitFor();
    expect(await question.getByTestId('poll-answer-form').count()).toBe(0);
    await page.getByTestId('poll-add-open').click();
    await page.getByTestId('poll-add-form').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
