import { rmSync } from 'node:fs';
import { decodeJwt, jwtVerify } from 'jose';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openSignedIn, seriousViolations } from './browser.ts';
import { DESKTOP, PHONE, SLUG, api, sidewaysOverflow, snapshotWeb, tokenOf, useServer } from './chat-support.ts';
import { startServer, type RunningServer } from './server.ts';

// Issue 16, "WN Meet (Jitsi) and external rooms": without Jitsi (the run's server) /wnmeet says so
// and offers the group call; with a Jitsi deployment configured (a second server) the room opens in
// a frame on that host with a token whose claims name the person, the room and the moderator flag
// (organiser yes, attendee no). No real Jitsi answers here: the frame's request is aborted and its
// address is what is checked. The organiser sets the event's external meeting in the back office and
// the attendee opens it from /zoom-call; the seeded talk with its own meeting links to it.

const baseURL = inject('baseURL');
const JITSI = { JITSI_URL: 'https://meet.lobby.test', JITSI_APP_ID: 'lobby-e2e', JITSI_APP_SECRET: 'an-e2e-jitsi-app-secret-of-32-characters' };
const ATTENDEE = { email: 'attendee@lobby.demo', password: 'Attendee-2026', name: 'Alex Turner' };
const ORGANISER = { email: 'organizer@lobby.demo', password: 'Organizer-2026', name: 'Olga Orlova' };
/** The summit's WN Meet room in the demo (recordings seed), as Jitsi names it. */
const ROOM = 'lobby-summit-lounge';
const MEETING = 'https://zoom.us/j/5550001234?pwd=LobbyE2e';

let browser: Browser;
let jitsi: RunningServer;
let webCopy = '';
const contexts: BrowserContext[] = [];

async function signedIn(url: string, token: string, viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const opened = await openSignedIn(browser, url, token, { viewport });
  contexts.push(opened.context);
  // The Jitsi host does not exist: the frame's request is refused here, before any lookup.
  await opened.context.route('https://meet.lobby.test/**', (route) => route.abort());
  return opened;
}

beforeAll(async () => {
  browser = await launchBrowser();
  webCopy = await snapshotWeb();
  jitsi = await startServer({ ...JITSI, WEB_DIST: webCopy });
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await jitsi?.stop();
  if (webCopy) rmSync(webCopy, { recursive: true, force: true });
});

describe('WN Meet without a Jitsi deployment', () => {
  it('says plainly that video rooms are not set up and links the group call, at 375 and 1440 px (axe)', async () => {
    useServer(baseURL);
    const token = await tokenOf(ATTENDEE.email, ATTENDEE.password);
    const eventId = ((await api('GET', `/api/v1/events/${SLUG}`)).json.data as { id: number }).id;
    const answer = await api('POST', `/api/v1/${eventId}/rooms/${ROOM}/token`, token);
    expect(answer.status).toBe(503);
    expect(answer.json.error?.code).toBe('rooms.jitsi_not_configured');
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await signedIn(baseURL, token, viewport);
      await page.goto(`/events/${SLUG}/wnmeet`);
      const notice = page.getByTestId('wnmeet-not-configured');
      await notice.waitFor();
      expect(await notice.getByRole('heading', { level: 1 }).textContent()).toBe('Video rooms are not set up');
      expect(await notice.textContent()).toContain('Video rooms (WN Meet) are not set up on this server.');
      const groupCall = page.getByRole('link', { name: 'Start a group call' });
      expect(await groupCall.getAttribute('href')).toBe(`/events/${SLUG}/group-call`);
      await groupCall.focus();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Start a group call');
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    }
  });
});

describe('WN Meet with a Jitsi deployment', () => {
  /** The frame's address for a person, and the token in it, verified with the deployment's secret. */
  async function roomFrame(token: string, viewport = DESKTOP) {
    const { page, errors } = await signedIn(jitsi.url, token, viewport);
    await page.goto(`/events/${SLUG}/wnmeet`);
    const frame = page.getByTestId('wnmeet-frame');
    await frame.waitFor({ state: 'attached' });
    const src = new URL((await frame.getAttribute('src')) ?? '');
    const jwt = src.searchParams.get('jwt') ?? '';
    await jwtVerify(jwt, new TextEncoder().encode(JITSI.JITSI_APP_SECRET), { audience: 'jitsi', issuer: JITSI.JITSI_APP_ID, subject: 'meet.lobby.test', algorithms: ['HS256'] });
    return { page, errors, src, claims: decodeJwt(jwt) as { room: string; moderator: boolean; context: { user: { name: string; email: string; moderator: boolean } } } };
  }

  it('opens the room on the Jitsi host with a token naming the person and the room; only the organiser moderates', async () => {
    useServer(jitsi.url);
    const attendee = await roomFrame(await tokenOf(ATTENDEE.email, ATTENDEE.password));
    expect(attendee.src.origin).toBe('https://meet.lobby.test');
    expect(attendee.src.pathname).toBe(`/${ROOM}`);
    expect(attendee.claims).toMatchObject({ room: ROOM, moderator: false, context: { user: { name: ATTENDEE.name, email: ATTENDEE.email, moderator: false } } });
    expect(await attendee.page.getByTestId('wnmeet-room').textContent()).toBe(ROOM);
    expect(await attendee.page.getByTestId('wnmeet-frame').getAttribute('allow')).toBe('camera; microphone; display-capture; fullscreen; autoplay');
    expect(await attendee.page.getByTestId('wnmeet-frame').getAttribute('title')).toBe(`WN Meet room ${ROOM}`);
    expect(await attendee.page.getByText('Moderator', { exact: true }).count()).toBe(0);
    expect(attendee.errors).toEqual([]);

    const organiser = await roomFrame(await tokenOf(ORGANISER.email, ORGANISER.password), PHONE);
    expect(organiser.src.host).toBe('meet.lobby.test');
    expect(organiser.claims).toMatchObject({ room: ROOM, moderator: true, context: { user: { name: ORGANISER.name, moderator: true } } });
    await organiser.page.getByText('Moderator', { exact: true }).waitFor();
    expect(await sidewaysOverflow(organiser.page)).toBeLessThanOrEqual(0);
    // Leave goes back to the event, and the room's frame goes with the page.
    await organiser.page.getByRole('link', { name: 'Leave' }).click();
    await organiser.page.waitForURL(`${jitsi.url}/events/${SLUG}`);
    await organiser.page.getByTestId('wnmeet-frame').waitFor({ state: 'detached' });
  });
});

describe('external meetings', () => {
  it("the organiser sets the event's link in the back office and the attendee opens it from /zoom-call (axe)", async () => {
    useServer(jitsi.url);
    const organiserToken = await tokenOf(ORGANISER.email, ORGANISER.password);
    const summit = (await api('GET', `/api/v1/events/${SLUG}`)).json.data as { id: number; title: string };
    const eventId = summit.id;
    const { page: admin } = await signedIn(jitsi.url, organiserToken, DESKTOP);
    await admin.goto(`/admin/events/${eventId}/settings`);
    const field = admin.getByLabel('External meeting link (Zoom)');
    await field.fill('http://zoom.us/j/1');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Incorrect URL.').waitFor();
    await field.fill(MEETING);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Saved.', { exact: true }).waitFor();
    const saved = await api('GET', `/api/admin/v1/events/${eventId}`, organiserToken);
    expect((saved.json.data as { config: { zoom?: { url: string | null } } }).config.zoom).toEqual({ url: MEETING });

    const attendeeToken = await tokenOf(ATTENDEE.email, ATTENDEE.password);
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await signedIn(jitsi.url, attendeeToken, viewport);
      await page.goto(`/events/${SLUG}/zoom-call`);
      const open = page.getByRole('link', { name: 'Open the meeting' });
      await open.waitFor();
      expect(await open.getAttribute('href')).toBe(MEETING);
      expect(await open.getAttribute('target')).toBe('_blank');
      expect(await open.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await page.getByTestId('zoom-call-host').textContent()).toBe('zoom.us');
      expect(await page.getByTestId('zoom-call-note').textContent()).toBe('It opens on zoom.us in a new tab, outside Lobby.');
      expect(await page.getByTestId('zoom-call-title').textContent()).toBe(summit.title);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    }
  });

  it("the seeded talk with its own meeting links to it from the lecture page", async () => {
    useServer(jitsi.url);
    const token = await tokenOf(ATTENDEE.email, ATTENDEE.password);
    const eventId = ((await api('GET', `/api/v1/events/${SLUG}`)).json.data as { id: number }).id;
    const program = (await api('GET', `/api/v1/${eventId}/program`, token)).json.data as { lectures: { id: number; hall_id: number; title: string }[] };
    const talk = program.lectures.find((lecture) => lecture.title === 'Community first: Discord servers that keep players');
    if (!talk) throw new Error('the demo has no talk with a meeting of its own');
    const { page } = await signedIn(jitsi.url, token, DESKTOP);
    await page.goto(`/events/${SLUG}/lectures/${talk.hall_id}/${talk.id}`);
    await page.getByRole('link', { name: 'Join the external meeting' }).click();
    await page.waitForURL(`${jitsi.url}/events/${SLUG}/zoom-call?lecture=${talk.id}`);
    expect(await page.getByTestId('zoom-call-title').textContent()).toBe(talk.title);
    expect(await page.getByRole('link', { name: 'Open the meeting' }).getAttribute('href')).toBe('https://zoom.us/j/0000000001?pwd=LobbyCommunityDemo');
  });
});
