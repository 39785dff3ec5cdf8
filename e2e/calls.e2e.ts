import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openSignedIn, seriousViolations } from './browser.ts';
import { DESKTOP, PHONE, SLOW, SLUG, api, chatPerson, openChannel, privateChat, sidewaysOverflow, snapshotWeb, summit, useServer, type Person, type Summit } from './chat-support.ts';
import { startServer, type RunningServer } from './server.ts';

// Issue 16, "Done means": in Chromium with fake media devices, A calls B from their private chat,
// B accepts the ring, each sees the other's video playing (frames decoded), A mutes and B sees it;
// three people in a group call switch layouts; with CALL_GROUP_MAX=3 a fourth sees room full. The
// call pages at 375 and 1440 px, by keyboard, axe with no serious issue.

let browser: Browser;
let server: RunningServer;
let webCopy = '';
let event: Summit;

beforeAll(async () => {
  webCopy = await snapshotWeb();
  server = await startServer({ WEB_DIST: webCopy, CALL_GROUP_MAX: '3' });
  useServer(server.url);
  browser = await launchBrowser();
  event = await summit();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (webCopy) rmSync(webCopy, { recursive: true, force: true });
});

interface Opened {
  context: BrowserContext;
  page: Page;
  errors: string[];
}
let opened: Opened[] = [];
afterEach(async () => {
  await Promise.all(opened.map(({ context }) => context.close()));
  opened = [];
});

/** A person of the summit who may call (the business pass has unlimited_video_call). */
async function caller(first: string, last: string): Promise<Person> {
  const person = await chatPerson(event, first, last, 'Europe/Berlin');
  const me = (await api('GET', `/api/v1/${event.eventId}/members/me`, person.token)).json.data as { abilities: string[] };
  expect(me.abilities).toContain('calls.video');
  return person;
}

async function browserOf(person: Pick<Person, 'token' | 'timezone'>): Promise<Page> {
  const tab = await openSignedIn(browser, server.url, person.token, { viewport: DESKTOP, timezoneId: person.timezone });
  opened.push(tab);
  return tab.page;
}

const noErrors = () => {
  for (const tab of opened) expect(tab.errors).toEqual([]);
};

const remoteTiles = (page: Page): Locator => page.locator('[data-testid="call-tile"]:not([data-self])');
const selfTile = (page: Page): Locator => page.locator('[data-testid="call-tile"][data-self]');

/** The tile's video decodes frames: their count grows while we watch (not just an element present). */
async function playing(tile: Locator): Promise<void> {
  const video = tile.locator('video');
  const frames = () => video.evaluate((element: HTMLVideoElement) => element.getVideoPlaybackQuality().totalVideoFrames);
  await expect.poll(frames, { timeout: 60_000, interval: 250 }).toBeGreaterThan(0);
  const first = await frames();
  await expect.poll(frames, { timeout: 60_000, interval: 250 }).toBeGreaterThan(first + 5);
  expect(await video.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBeGreaterThan(0);
}

/** axe at the current size, then at the phone's, with nothing wider than the screen. */
async function checkBothSizes(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize(PHONE);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBe(0);
  await page.setViewportSize(DESKTOP);
}

describe('a 1:1 call from a private chat', () => {
  it('A calls B, B accepts the ring, both see each other playing, A mutes and B sees it, B reconnects after a network loss, A hangs up (375 and 1440 px, axe)', { timeout: SLOW }, async () => {
    const a = await caller('Ada', 'Lovelace');
    const b = await caller('Ben', 'Okafor');
    const channel = await privateChat(event, a, b);
    const pageA = await browserOf(a);
    const pageB = await browserOf(b);

    // B is somewhere in the event and hears rings (the listener loads after the first paint).
    await pageB.goto(`/events/${SLUG}/members`);
    await pageB.getByTestId('call-listener').waitFor({ state: 'attached', timeout: 60_000 });

    // A starts the call from the private chat's header.
    await openChannel(pageA, channel, b.name);
    await pageA.getByTestId('chat-video-call').click();
    await pageA.waitForURL(`**/events/${SLUG}/video-call/*`);
    const callId = pageA.url().split('/').pop() ?? '';
    await expect.poll(() => pageA.getByTestId('call-status').innerText(), { timeout: 60_000 }).toBe(`Calling ${b.name}…`);

    // B: the ring is an alert dialog with the focus on Accept.
    const ring = pageB.getByRole('alertdialog', { name: `${a.name} is calling` });
    await ring.waitFor({ timeout: 60_000 });
    expect(await pageB.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('call-ring-accept');
    expect(await seriousViolations(pageB)).toEqual([]);
    await pageB.keyboard.press('Enter');
    await pageB.waitForURL(`**/events/${SLUG}/video-call/${callId}`);

    // Each sees the other's picture playing, and themselves.
    await remoteTiles(pageA).waitFor({ timeout: 60_000 });
    await remoteTiles(pageB).waitFor({ timeout: 60_000 });
    expect(await remoteTiles(pageA).getAttribute('data-name')).toBe(b.name);
    expect(await remoteTiles(pageB).getAttribute('data-name')).toBe(a.name);
    await playing(remoteTiles(pageA));
    await playing(remoteTiles(pageB));
    await playing(selfTile(pageA));
    expect(await pageB.getByTestId('call-title').innerText()).toBe(a.name);
    expect(await remoteTiles(pageB).getByTestId('call-muted-audio').count()).toBe(0);

    // A turns the microphone off (by keyboard): B's tile of A shows it and B's screen reader hears it.
    await pageA.getByTestId('call-mic').focus();
    await pageA.keyboard.press('Space');
    expect(await pageA.getByTestId('call-mic').getAttribute('aria-pressed')).toBe('false');
    await selfTile(pageA).getByTestId('call-muted-audio').waitFor();
    const muted = remoteTiles(pageB).getByTestId('call-muted-audio');
    await muted.waitFor({ timeout: 60_000 });
    expect(await muted.getAttribute('aria-label')).toBe(`${a.name}: microphone off`);
    await expect.poll(() => pageB.getByTestId('call-announcement').innerText()).toBe(`${a.name} turned the microphone off.`);

    // B's network goes away and comes back: B reads "Reconnecting…", enters again with a fresh
    // token, and both play again (new connections), A still shown muted.
    await pageB.context().setOffline(true);
    await expect.poll(() => pageB.getByTestId('call-status').innerText(), { timeout: 60_000 }).toBe('Reconnecting…');
    await pageB.context().setOffline(false);
    await expect.poll(() => pageB.getByTestId('call-status').getAttribute('data-view'), { timeout: 60_000 }).toBe('live');
    await playing(remoteTiles(pageB));
    await playing(remoteTiles(pageA));
    await remoteTiles(pageB).getByTestId('call-muted-audio').waitFor();

    // The devices picker lists the fake camera and microphone.
    await pageA.getByTestId('call-devices-toggle').click();
    const devices = pageA.getByTestId('call-devices');
    await expect.poll(() => devices.getByLabel('Camera').locator('option').count()).toBeGreaterThan(0);
    await pageA.keyboard.press('Escape');
    await devices.waitFor({ state: 'detached' });

    await checkBothSizes(pageA);
    await checkBothSizes(pageB);

    // A hangs up: the call is over for both.
    await pageA.getByTestId('call-hang-up').click();
    await expect.poll(() => pageA.getByTestId('call-over-title').innerText()).toBe('Call ended');
    await expect.poll(() => pageB.getByTestId('call-over-title').innerText(), { timeout: 60_000 }).toBe('Call ended');
    // Both pages gave their seats back.
    const after = async () => (await api('GET', `/api/v1/calls/${callId}`, a.token)).json.data as { status: string; participants: unknown[] };
    await expect.poll(after).toMatchObject({ status: 'ended', participants: [] });
    expect(await seriousViolations(pageB)).toEqual([]);
    noErrors();
  });

  it('B declines: A reads "{name} declined" and the chat shows the call message with its Join link', { timeout: SLOW }, async () => {
    const a = await caller('Cleo', 'Marsh');
    const b = await caller('Dan', 'Ivers');
    const channel = await privateChat(event, a, b);
    const pageA = await browserOf(a);
    const pageB = await browserOf(b);
    await pageB.goto(`/events/${SLUG}/chats/${channel}`);
    await pageB.getByTestId('call-listener').waitFor({ state: 'attached', timeout: 60_000 });

    await openChannel(pageA, channel, b.name);
    await pageA.getByTestId('chat-video-call').click();
    await pageA.waitForURL(`**/video-call/*`);
    await pageB.getByTestId('call-ring-decline').click({ timeout: 60_000 });
    await pageB.getByTestId('call-ring').waitFor({ state: 'detached' });
    await expect.poll(() => pageA.getByTestId('call-over-title').innerText(), { timeout: 60_000 }).toBe(`${b.name} declined`);

    // The call message in B's chat: who started it, and a Join link to its page.
    const message = pageB.getByTestId('chat-call-message');
    await message.waitFor({ timeout: 60_000 });
    expect(await message.innerText()).toContain(`${a.name} started a video call`);
    expect(await message.getByTestId('chat-call-join').getAttribute('href')).toBe(new URL(pageA.url()).pathname);
    noErrors();
  });
});

describe('a ticket without video calls', () => {
  it("sees the upgrade gate from the chat's Video call and the group call's start (375 and 1440 px, axe)", { timeout: SLOW }, async () => {
    const vendor = await caller('Ivo', 'Vendor');
    const other = await caller('Jun', 'Buyer');
    const channel = await privateChat(event, vendor, other);
    // The service provider pass has chats but no video calls.
    const tickets = ((await api('GET', `/api/admin/v1/events/${event.eventId}`, event.organiser)).json.data as { ticket_types: { id: number; code: string }[] }).ticket_types;
    const provider = tickets.find((ticket) => ticket.code === 'service-provider');
    expect((await api('PUT', `/api/admin/v1/events/${event.eventId}/members/${vendor.memberId}`, event.organiser, { ticket_type_id: provider?.id })).status).toBe(200);
    const me = (await api('GET', `/api/v1/${event.eventId}/members/me`, vendor.token)).json.data as { abilities: string[] };
    expect(me.abilities).not.toContain('calls.video');

    const page = await browserOf(vendor);
    await openChannel(page, channel, other.name);
    await page.getByTestId('chat-video-call').click();
    const gate = page.getByTestId('call-upgrade-dialog');
    await gate.getByRole('heading', { name: 'Upgrade ticket required' }).waitFor({ timeout: 60_000 });
    expect(await gate.innerText()).toContain('Your ticket (Service provider pass) does not include video calls. The Business pass does.');
    expect(await gate.getByRole('link', { name: 'Get the Business pass' }).getAttribute('href')).toBe('https://example.org/lobby-summit/tickets');
    await checkBothSizes(page);
    await page.keyboard.press('Escape');
    await gate.waitFor({ state: 'detached' });
    expect(page.url()).toContain(`/chats/${channel}`);

    await page.goto(`/events/${SLUG}/group-call`);
    await page.getByTestId('call-start-group').click();
    await page.getByTestId('gate-upgrade').waitFor({ timeout: 60_000 });
    expect(await seriousViolations(page)).toEqual([]);
    noErrors();
  });
});

describe('a group call', () => {
  it('three people switch layouts (grid, grid plus me, accent); a fourth finds the room full (CALL_GROUP_MAX=3; 375 and 1440 px, axe)', { timeout: SLOW * 3 }, async () => {
    const guests = await Promise.all([caller('Finn', 'Guest'), caller('Gia', 'Guest')]);
    const late = await caller('Hal', 'Late');
    // The organiser may record group calls (calls.record).
    const organiser = (await api('GET', `/api/v1/${event.eventId}/members/me`, event.organiser)).json.data as { abilities: string[] };
    expect(organiser.abilities).toEqual(expect.arrayContaining(['calls.video', 'calls.record']));
    const pageHost = await browserOf({ token: event.organiser, timezone: 'Europe/Berlin' });

    // The start panel, then the call's page with its address.
    await pageHost.goto(`/events/${SLUG}/group-call`);
    await pageHost.getByTestId('call-start').waitFor();
    expect(await seriousViolations(pageHost)).toEqual([]);
    await pageHost.getByTestId('call-start-group').click();
    await pageHost.waitForURL(`**/events/${SLUG}/group-call/*`);
    const address = pageHost.url();
    await selfTile(pageHost).waitFor({ timeout: 60_000 });

    const guestPages: Page[] = [];
    for (const guest of guests) {
      const page = await browserOf(guest);
      await page.goto(address);
      guestPages.push(page);
    }
    for (const page of [pageHost, ...guestPages]) {
      await expect.poll(() => remoteTiles(page).count(), { timeout: 60_000 }).toBe(2);
      await expect.poll(() => page.getByTestId('call-status').innerText()).toBe('3 people in the call');
    }
    for (const tile of await remoteTiles(pageHost).all()) await playing(tile);

    // The layouts, switched by keyboard in the radio group: arrows move between them.
    const stage = pageHost.getByTestId('call-stage');
    const grid = pageHost.getByTestId('call-grid');
    expect(await stage.getAttribute('data-layout')).toBe('grid');
    expect(await grid.getByTestId('call-tile').count()).toBe(3);
    expect(await pageHost.getByTestId('call-floating').count()).toBe(0);

    await pageHost.getByTestId('call-layout-grid').focus();
    await pageHost.keyboard.press('ArrowRight');
    await expect.poll(() => stage.getAttribute('data-layout')).toBe('grid_me');
    expect(await grid.getByTestId('call-tile').count()).toBe(2);
    expect(await grid.locator('[data-self]').count()).toBe(0);
    expect(await pageHost.getByTestId('call-floating').locator('[data-self]').count()).toBe(1);

    await pageHost.keyboard.press('ArrowRight');
    await expect.poll(() => stage.getAttribute('data-layout')).toBe('accent');
    const main = pageHost.getByTestId('call-main');
    expect(await main.getByTestId('call-tile').count()).toBe(1);
    expect(await pageHost.getByTestId('call-strip').getByTestId('call-tile').count()).toBe(2);
    // The large tile is the active speaker's (the fake microphones all beep), else another person's.
    const onStage = main.getByTestId('call-tile');
    if ((await onStage.getAttribute('data-speaking')) === null) expect(await onStage.getAttribute('data-self')).toBeNull();
    expect(await grid.count()).toBe(0);
    // The choice is kept for the next call.
    expect(await pageHost.evaluate(() => window.localStorage.getItem('lobby.call-layout'))).toBe('accent');

    // A guest's own choice is theirs: still the grid there.
    expect(await guestPages[0]?.getByTestId('call-stage').getAttribute('data-layout')).toBe('grid');

    await checkBothSizes(pageHost);
    // By pointer this time: the radio's label.
    await pageHost.getByTestId('call-layout-grid').locator('xpath=..').click();
    await expect.poll(() => stage.getAttribute('data-layout')).toBe('grid');
    await checkBothSizes(pageHost);

    // Record is the organiser's (calls.record), not the guests'.
    expect(await pageHost.getByTestId('record-button').count()).toBe(1);
    expect(await guestPages[0]?.getByTestId('record-button').count()).toBe(0);

    // One more than the limit: the room-full page, with a way back.
    const pageLate = await browserOf(late);
    await pageLate.goto(address);
    const full = pageLate.getByTestId('call-room-full');
    await full.waitFor({ timeout: 60_000 });
    expect(await full.getByRole('heading', { level: 1 }).innerText()).toBe('Room full');
    expect(await full.innerText()).toContain('All 3 places in this call are taken.');
    expect(await full.getByRole('link', { name: 'Back to the chats' }).getAttribute('href')).toBe(`/events/${SLUG}/chats`);
    await checkBothSizes(pageLate);

    // A guest leaves: the others see two people, and the late one gets in on trying again.
    await guestPages[1]?.getByTestId('call-hang-up').click();
    await expect.poll(() => remoteTiles(pageHost).count(), { timeout: 60_000 }).toBe(1);
    await full.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => remoteTiles(pageLate).count(), { timeout: 60_000 }).toBe(2);
    noErrors();
  });

  it("the organiser records a group call: the call's composite (16:9, the voices mixed) is saved in the event's room with a poster", { timeout: SLOW }, async () => {
    const pageHost = await browserOf({ token: event.organiser, timezone: 'Europe/Berlin' });
    await pageHost.goto(`/events/${SLUG}/group-call`);
    await pageHost.getByTestId('call-start-group').click();
    await selfTile(pageHost).waitFor({ timeout: 60_000 });
    await playing(selfTile(pageHost));

    const name = `Group call ${Date.now().toString(36)}`;
    await pageHost.getByTestId('record-button').click();
    await pageHost.getByTestId('recorder-name').fill(name);
    await pageHost.getByTestId('recorder-start').click();
    const panel = pageHost.getByTestId('recorder-panel');
    await panel.and(pageHost.locator('[data-state="recording"]')).waitFor({ timeout: 60_000 });
    expect(await seriousViolations(pageHost)).toEqual([]);
    await pageHost.waitForFunction(() => /0:0[4-9]|0:[1-5]\d/.test(document.querySelector('[data-testid="recorder-elapsed"]')?.textContent ?? ''), undefined, { timeout: 60_000, polling: 100 });
    await panel.and(pageHost.locator('[data-state="recording"]')).waitFor();
    await pageHost.getByTestId('recorder-stop').click();
    await panel.waitFor({ state: 'detached', timeout: 90_000 });

    const summitEvent = (await api('GET', `/api/v1/events/${SLUG}`)).json.data as { slug: string; config: { wnmeet: { roomId: string | null } } };
    const room = summitEvent.config.wnmeet.roomId?.trim() || summitEvent.slug;
    const saved = async () => ((await api('GET', `/api/v1/${event.eventId}/rooms/${room}/videos?broadcast=jitsi`, event.organiser)).json.data as { name: string; link: string; preview: string | null; duration_seconds: number | null }[]).find((video) => video.name === name);
    await expect.poll(saved, { timeout: 60_000 }).toMatchObject({ link: expect.stringMatching(/\/video\.webm$/), preview: expect.stringMatching(/\/poster\.jpg$/) });
    expect((await saved())?.duration_seconds).toBeGreaterThanOrEqual(3);
    noErrors();
  });
});
