import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import { launchBrowser, openPage } from './browser.ts';
import { DESKTOP, PASSWORD, PHONE, SLOW, SLUG, api, mailsTo, mailText, markDocument, sameDocument, snapshotWeb, tokenOf, useServer } from './meetings-support.ts';
import { startServer, type RunningServer } from './server.ts';

// Issue 12, "Done means": a person with watch_lecture stars a lecture in the program, opens it from
// there, chats under it and asks a question that another person upvotes live (the count changes
// for the first without a reload); a person without watch_lecture meets the upgrade gate.

interface Member {
  email: string;
  token: string;
  expiresIn: number;
  timezone: string;
}

interface ProgramLecture {
  id: number;
  hall_id: number;
  title: string;
  starts_at: string;
  is_favorite: boolean;
}

let browser: Browser;
let server: RunningServer;
let webCopy = '';
let eventId = 0;
let watcher: Member;
let voter: Member;
let outsider: Member;
let lecture: ProgramLecture;

/** A registered member of the summit on a ticket, with a complete profile, signed in through the API. */
async function member(organiser: string, ticketId: number, first: string, timezone: string): Promise<Member> {
  const email = `${first.toLowerCase()}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
  expect((await api('POST', '/api/v1/auth/register', undefined, { email })).status).toBe(202);
  const [invite] = (await mailsTo(email)).mails;
  if (!invite) throw new Error(`no registration mail for ${email}`);
  const link = /token=([\w-]+)/.exec(await mailText(invite.id));
  if (!link?.[1]) throw new Error('no registration link in the mail');
  expect((await api('POST', '/api/v1/auth/register/complete', undefined, { token: link[1], first_name: first, last_name: 'Lee', password: PASSWORD, password_confirmation: PASSWORD })).status).toBe(201);
  expect((await api('POST', `/api/admin/v1/events/${eventId}/members`, organiser, { email, ticket_type_id: ticketId })).status).toBe(201);
  const login = (await api('POST', '/api/v1/auth/login', undefined, { email, password: PASSWORD })).json.data as { access_token: string; expires_in: number };
  const company = ((await api('GET', `/api/v1/${eventId}/companies?per_page=1`, login.access_token)).json.data as { id: number }[])[0];
  expect((await api('PATCH', '/api/v1/users/me', login.access_token, { timezone, job: 'Producer', company_id: company?.id ?? null })).status).toBe(200);
  const me = (await api('GET', `/api/v1/${eventId}/members/me`, login.access_token)).json.data as { profile_missing: string[] };
  expect(me.profile_missing).toEqual([]);
  return { email, token: login.access_token, expiresIn: login.expires_in, timezone };
}

/** A browser context already signed in (the gateway-auth cookie the app writes), in the person's timezone: no sign-in page to load. */
async function signedIn(person: Member, viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; errors: string[]; frames: string[] }> {
  const opened = await openPage(browser, server.url, { viewport, timezoneId: person.timezone });
  // The events the page's socket receives, from its first connection on.
  const frames: string[] = [];
  opened.page.on('websocket', (socket) => {
    if (socket.url().includes('/socket.io/')) socket.on('framereceived', ({ payload }) => void frames.push(String(payload)));
  });
  const value = encodeURIComponent(JSON.stringify({ access_token: person.token, expires_in: person.expiresIn, expires_at: Date.now() + person.expiresIn * 1000 }));
  await opened.context.addCookies([{ name: 'gateway-auth', value, url: server.url }]);
  return { ...opened, frames };
}

/** The calendar day (YYYY-MM-DD) of an instant in a timezone, as the program's ?day= takes it. */
const dayIn = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

/**
 * Serious and critical axe violations of the page's own content (#main): the shell around it is
 * scanned by the shell's specs, and a scan of the whole page costs seconds the CI has not got.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('#main').analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Waits until the page's socket has received an event whose frame holds all the given texts. */
async function frameWith(frames: readonly string[], ...texts: string[]): Promise<void> {
  await expect.poll(() => frames.some((frame) => frame.startsWith('42') && texts.every((part) => frame.includes(part))), { timeout: 15_000 }).toBe(true);
}

beforeAll(async () => {
  webCopy = await snapshotWeb();
  server = await startServer({ WEB_DIST: webCopy });
  useServer(server.url);
  browser = await launchBrowser();
  eventId = ((await api('GET', `/api/v1/events/${SLUG}`)).json.data as { id: number }).id;
  const organiser = await tokenOf('organizer@lobby.demo', 'Organizer-2026');
  const tickets = ((await api('GET', `/api/admin/v1/events/${eventId}`, organiser)).json.data as { ticket_types: { id: number; code: string; features: string[] }[] }).ticket_types;
  const business = tickets.find((ticket) => ticket.code === 'business');
  const provider = tickets.find((ticket) => ticket.code === 'service-provider');
  if (!business || !provider) throw new Error('the summit lacks its business or service-provider pass');
  expect(business.features).toContain('watch_lecture');
  expect(provider.features).not.toContain('watch_lecture');
  [watcher, voter, outsider] = await Promise.all([
    member(organiser, business.id, 'Mira', 'Europe/Berlin'),
    member(organiser, business.id, 'Kenji', 'Asia/Tokyo'),
    member(organiser, provider.id, 'Rosa', 'America/Sao_Paulo'),
  ]);
  const program = (await api('GET', `/api/v1/${eventId}/program`, watcher.token)).json.data as { lectures: ProgramLecture[] };
  // The demo's two days: the last lecture of the program, so it is upcoming whatever the hour of the run.
  const last = program.lectures.at(-1);
  if (!last) throw new Error('the summit has no program');
  expect(last.is_favorite).toBe(false);
  lecture = last;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (webCopy) rmSync(webCopy, { recursive: true, force: true });
});

describe('the program and a lecture', () => {
  it(
    'a person with watch_lecture stars a lecture in the program, opens it, chats under it and asks; another person’s upvote reaches them live',
    async () => {
      const a = await signedIn(watcher, DESKTOP);
      const b = await signedIn(voter, DESKTOP);
      try {
        // The program on the lecture's day (in A's timezone), as the time x hall grid at 1440 px.
        await a.page.goto(`/events/${SLUG}/program?day=${dayIn(lecture.starts_at, watcher.timezone)}`);
        const card = a.page.getByTestId('program-grid').locator(`[data-testid="program-lecture"][data-lecture-id="${lecture.id}"]`);
        await card.waitFor();
        const star = card.getByTestId('favorite-star');
        expect(await star.getAttribute('aria-pressed')).toBe('false');
        const starred = a.page.waitForResponse((res) => res.url().endsWith(`/favorites/lectures/${lecture.id}`) && res.request().method() === 'PUT');
        await star.click();
        expect((await starred).status()).toBe(200);
        expect(await star.getAttribute('aria-pressed')).toBe('true');

        // Opened from the program: the player (the ticket has watch_lecture) and the star kept by the server.
        await card.getByTestId('program-lecture-link').click();
        await a.page.waitForURL(`**/events/${SLUG}/lectures/${lecture.hall_id}/${lecture.id}`);
        await a.page.getByTestId('lecture-title').getByText(lecture.title).waitFor();
        const player = a.page.getByTestId('lecture-player').locator('iframe');
        expect(await player.getAttribute('src')).toMatch(/^https:\/\//);
        expect(await player.getAttribute('title')).toContain(lecture.title);
        expect(await a.page.getByTestId('favorite-star').getAttribute('aria-pressed')).toBe('true');
        await markDocument(a.page);

        // The page's public chat opens with ?chat=open; the first message makes the channel.
        await a.page.getByTestId('lecture-chat-toggle').click();
        await a.page.waitForURL((url) => url.searchParams.get('chat') === 'open');
        const chatText = `Great talk so far ${Date.now().toString(36)}`;
        const panel = a.page.getByTestId('lecture-chat-panel');
        await panel.getByTestId('chat-input').fill(chatText);
        await panel.getByTestId('chat-input').press('Enter');
        await panel.getByTestId('chat-message').filter({ hasText: chatText }).waitFor();

        // A asks; A's own live channel carries the question back, so it is listening before B votes.
        const question = `How do you test rollback netcode? ${Date.now().toString(36)}`;
        await a.page.getByLabel('Your question to the speaker').fill(question);
        await a.page.getByTestId('question-ask').click();
        const mine = a.page.getByTestId('lecture-question').filter({ hasText: question });
        await mine.waitFor();
        expect(await mine.getByTestId('question-votes').innerText()).toBe('0');
        await frameWith(a.frames, '"lecture_question"', question);

        // B, on the same lecture page, upvotes it; A sees the count change without a reload.
        await b.page.goto(`/events/${SLUG}/lectures/${lecture.hall_id}/${lecture.id}`);
        const theirs = b.page.getByTestId('lecture-question').filter({ hasText: question });
        await theirs.waitFor();
        const vote = theirs.getByTestId('question-vote');
        expect(await vote.getAttribute('aria-pressed')).toBe('false');
        await vote.click();
        await theirs.locator('[data-testid="question-vote"][aria-pressed="true"]').waitFor();
        expect(await theirs.getByTestId('question-votes').innerText()).toBe('1');
        await mine.getByTestId('question-votes').getByText('1', { exact: true }).waitFor({ timeout: 10_000 });
        // A's own vote state stays theirs (not voted), and this is still the page A opened.
        expect(await mine.getByTestId('question-vote').getAttribute('aria-pressed')).toBe('false');
        expect(await sameDocument(a.page)).toBe(true);
        expect(await seriousViolations(a.page)).toEqual([]);
        expect([...a.errors, ...b.errors]).toEqual([]);
      } finally {
        await a.context.close();
        await b.context.close();
      }
    },
    SLOW,
  );

  it('a person without watch_lecture meets the upgrade gate on the lecture page (375 px, axe)', async () => {
    const c = await signedIn(outsider, PHONE);
    try {
      await c.page.goto(`/events/${SLUG}/lectures/${lecture.hall_id}/${lecture.id}`);
      await c.page.getByTestId('lecture-title').getByText(lecture.title).waitFor();
      const gate = c.page.getByTestId('lecture-gate');
      expect(await gate.getAttribute('data-gate')).toBe('upgrade');
      await gate.getByTestId('gate-upgrade').getByText('Upgrade ticket required').waitFor();
      expect(await c.page.locator('iframe').count()).toBe(0);
      expect(await c.page.getByTestId('lecture-qa').count()).toBe(0);
      expect(await c.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(c.page)).toEqual([]);
      expect(c.errors).toEqual([]);
    } finally {
      await c.context.close();
    }
  });
});
