import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, seriousViolations } from './browser.ts';
import { DESKTOP, PHONE, POINT, SLOW, SLUG, api, findInCalendar, freshPerson, local, mailText, mailsTo, markDocument, pickSlot, sameDocument, signIn, slotRadio, snapshotWeb, tokenOf, useServer, userChannelUp, when, type Person, type Slot } from './meetings-support.ts';
import { startServer, type RunningServer } from './server.ts';

// Issue 10, "Done means": two people in different timezones, each in a browser context of their own
// zone. A requests a meeting at a meeting point from B's page, B sees it arrive live and proposes
// another time, A accepts; both calendars show it in their own time; the mails are in the mailbox;
// the ICS feed holds it once; a slot B locked cannot be booked; axe passes at 375 and 1440 px.

let browser: Browser;
let server: RunningServer;
let webCopy = '';

let eventId = 0;
let a: Person;
let b: Person;
/** Three slots of the event's last day, free for both: the request, B's proposal, the one B locks. */
let requested: Slot;
let proposed: Slot;
let lockedSlot: Slot;
let meetingId = 0;

beforeAll(async () => {
  webCopy = await snapshotWeb();
  server = await startServer({ WEB_DIST: webCopy });
  useServer(server.url);
  browser = await launchBrowser();
  eventId = ((await api('GET', `/api/v1/events/${SLUG}`)).json.data as { id: number }).id;
  const organiser = await tokenOf('organizer@lobby.demo', 'Organizer-2026');
  const tickets = ((await api('GET', `/api/admin/v1/events/${eventId}`, organiser)).json.data as { ticket_types: { id: number; code: string }[] }).ticket_types;
  const business = tickets.find((ticket) => ticket.code === 'business');
  if (!business) throw new Error('the summit has no business pass');
  a = await freshPerson(organiser, eventId, business.id, 'Anna', 'Berg', 'Europe/Berlin');
  b = await freshPerson(organiser, eventId, business.id, 'Li', 'Wang', 'Asia/Shanghai');
  const slots = (await api('GET', `/api/v1/${eventId}/meetings/slots?member_id=${b.memberId}`, a.token)).json.data as { timezone: string; slots: Slot[]; locations: { id: number; name: string }[]; can_meet_offline: boolean };
  expect(slots.can_meet_offline).toBe(true);
  const ahead = slots.slots.filter((slot) => !slot.past && slot.state === 'free');
  const lastDay = local(ahead.at(-1)?.starts_at ?? '', slots.timezone).date;
  const day = ahead.filter((slot) => local(slot.starts_at, slots.timezone).date === lastDay);
  expect(day.length).toBeGreaterThanOrEqual(8);
  [requested, proposed, lockedSlot] = [day[1] as Slot, day[3] as Slot, day[5] as Slot];
  const point = slots.locations.find((location) => location.name === POINT);
  expect(point && requested.free_location_ids.includes(point.id)).toBe(true);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (webCopy) rmSync(webCopy, { recursive: true, force: true });
});

describe('meetings between two timezones (Europe/Berlin and Asia/Shanghai)', () => {
  let contextA: BrowserContext;
  let contextB: BrowserContext;
  let pageA: Page;
  let pageB: Page;
  let errorsA: string[];
  let errorsB: string[];

  beforeAll(async () => {
    ({ context: contextA, page: pageA, errors: errorsA } = await openPage(browser, server.url, { viewport: DESKTOP, timezoneId: a.timezone }));
    ({ context: contextB, page: pageB, errors: errorsB } = await openPage(browser, server.url, { viewport: DESKTOP, timezoneId: b.timezone }));
    await signIn(pageA, a);
    await signIn(pageB, b);
  });
  afterAll(async () => {
    await contextA?.close();
    await contextB?.close();
  });

  it('A requests a meeting at a meeting point from B’s page; B’s invites list and unread count update live (1440 px, axe)', async () => {
    // B waits on the invites list (the default view), the user channel connected.
    const channelB = userChannelUp(pageB);
    await pageB.goto(`/events/${SLUG}/meetings`);
    await pageB.waitForURL(`**/events/${SLUG}/meetings/list`);
    await pageB.getByRole('tab', { name: 'Waiting for my reply 0', exact: true }).waitFor();
    await pageB.getByText('No invitations waiting').waitFor();
    expect(await pageB.getByTestId('notifications-unread').count()).toBe(0);
    expect(await seriousViolations(pageB)).toEqual([]);
    await channelB;
    await markDocument(pageB);

    // A opens B's page and the create-meeting modal on it.
    await pageA.goto(`/events/${SLUG}/members/${b.memberId}`);
    await pageA.getByRole('heading', { level: 1, name: b.name }).waitFor();
    await pageA.getByRole('link', { name: `Request a meeting with ${b.name}` }).click();
    await pageA.waitForURL(`**/events/${SLUG}/members/${b.memberId}/create-meeting`);
    const modal = pageA.getByRole('dialog', { name: 'Request a meeting' });
    await modal.getByText(`Times in your timezone (${a.timezone}).`).waitFor();
    await pickSlot(modal, requested, a.timezone);
    await modal.getByLabel('Location').selectOption({ label: POINT });
    await modal.getByLabel('Agenda').fill('Co-publishing in China');
    expect(await seriousViolations(pageA)).toEqual([]);
    const created = pageA.waitForResponse((res) => res.url().endsWith(`/api/v1/${eventId}/meetings`) && res.request().method() === 'POST');
    await modal.getByRole('button', { name: 'Send request' }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    meetingId = ((await answer.json()) as { data: { id: number } }).data.id;
    const sent = modal.getByTestId('meeting-success');
    await sent.getByText('Request sent').waitFor();
    expect(await sent.innerText()).toContain(`${b.name} is asked to meet on ${when(requested, a.timezone)}`);

    // B: the request arrives over the user channel, no reload: the row, the tab's count, the unread count.
    const rowB = pageB.getByTestId('meetings-list').getByTestId('meeting-row').filter({ hasText: a.name });
    await rowB.waitFor();
    expect(await rowB.innerText()).toContain(`${when(requested, b.timezone)} · ${POINT}`);
    await pageB.getByRole('tab', { name: 'Waiting for my reply 1', exact: true }).waitFor();
    await pageB.getByTestId('topbar-notifications').getByTestId('notifications-unread').waitFor();
    expect(await pageB.getByTestId('topbar-notifications').getByTestId('notifications-unread').innerText()).toBe('1');
    expect(await pageB.getByRole('link', { name: 'Notifications 1 unread', exact: true }).count()).toBe(1);
    expect(await pageB.getByTestId('nav-notifications').getByTestId('notifications-unread').innerText()).toBe('1');
    expect(await sameDocument(pageB)).toBe(true);
    expect(await seriousViolations(pageB)).toEqual([]);

    // The notification reads in B's time.
    await pageB.getByTestId('nav-notifications').click();
    await pageB.waitForURL(`**/events/${SLUG}/notifications`);
    const notification = pageB.getByTestId('notifications-list').getByTestId('notification').first();
    await notification.getByRole('link', { name: `${a.name} requests a meeting on ${local(requested.starts_at, b.timezone).date} at ${local(requested.starts_at, b.timezone).time}`, exact: true }).waitFor();
    expect(errorsA).toEqual([]);
    expect(errorsB).toEqual([]);
  }, SLOW);

  it('B proposes another time, A sees it live and accepts, B sees the acceptance live (meeting view axe)', async () => {
    // A follows the meeting from its view.
    await pageA.getByRole('dialog', { name: 'Request a meeting' }).getByRole('link', { name: 'Open the meeting' }).click();
    await pageA.waitForURL(`**/events/${SLUG}/meetings/list/${meetingId}?**`);
    const viewA = pageA.getByRole('article', { name: `Meeting with ${b.name}` });
    await viewA.getByTestId('meeting-when').waitFor();
    expect(await viewA.getByTestId('meeting-when').innerText()).toBe(when(requested, a.timezone));
    expect(await viewA.innerText()).toContain(`Their time: ${when(requested, b.timezone)} (${b.timezone})`);
    expect(await viewA.getByText('Waiting for the other', { exact: true }).count()).toBe(1);
    expect(await viewA.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    expect(await seriousViolations(pageA)).toEqual([]);
    await markDocument(pageA);

    // B opens the request from the invites list and proposes another time at the same point.
    await pageB.goto(`/events/${SLUG}/meetings/list`);
    await pageB.getByTestId('meeting-row').filter({ hasText: a.name }).click();
    await pageB.waitForURL(`**/events/${SLUG}/meetings/list/${meetingId}?**`);
    expect(new URL(pageB.url()).searchParams.get('isInvite')).toBe('true');
    const viewB = pageB.getByRole('article', { name: `Meeting with ${a.name}` });
    await viewB.getByTestId('meeting-when').waitFor();
    expect(await viewB.getByTestId('meeting-when').innerText()).toBe(when(requested, b.timezone));
    expect(await viewB.innerText()).toContain(POINT);
    expect(await seriousViolations(pageB)).toEqual([]);
    await viewB.getByRole('button', { name: 'Propose another time' }).click();
    const form = viewB.getByRole('region', { name: 'Propose another time or location' });
    await form.getByText(`Times in your timezone (${b.timezone}).`).waitFor();
    await pickSlot(form, proposed, b.timezone);
    expect(await form.getByLabel('Location').locator('option:checked').innerText()).toBe(POINT);
    expect(await seriousViolations(pageB)).toEqual([]);
    await form.getByRole('button', { name: 'Send proposal' }).click();
    await viewB.getByTestId('meeting-success').getByText('Proposal sent').waitFor();
    await markDocument(pageB);

    // A: the proposal arrives live on the open meeting; A accepts.
    await expect.poll(() => viewA.getByTestId('meeting-when').innerText(), { timeout: 15_000 }).toBe(when(proposed, a.timezone));
    await viewA.getByText('Another time or place was proposed.').waitFor();
    expect(await sameDocument(pageA)).toBe(true);
    await viewA.getByRole('button', { name: 'Accept' }).click();
    await viewA.getByTestId('meeting-success').getByText('Meeting accepted').waitFor();
    await viewA.getByText('Accepted', { exact: true }).waitFor();

    // B: the acceptance arrives live too.
    await viewB.getByText('Accepted', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await viewB.getByTestId('meeting-when').innerText()).toBe(when(proposed, b.timezone));
    expect(await sameDocument(pageB)).toBe(true);
    expect(await seriousViolations(pageA)).toEqual([]);
    expect(await seriousViolations(pageB)).toEqual([]);

    // Both lists file it under Accepted.
    for (const [page, other, zone] of [[pageA, b, a.timezone], [pageB, a, b.timezone]] as const) {
      await page.goto(`/events/${SLUG}/meetings/list?view=accepted`);
      await page.getByRole('tab', { name: 'Accepted 1', exact: true }).waitFor();
      const row = page.getByTestId('meeting-row').filter({ hasText: other.name });
      await row.waitFor();
      expect(await row.innerText()).toContain(`${when(proposed, zone)} · ${POINT}`);
      expect(await seriousViolations(page)).toEqual([]);
    }
    expect(errorsA).toEqual([]);
    expect(errorsB).toEqual([]);
  }, SLOW);

  it('shows the meeting in both calendars at each person’s local time, and each ICS feed holds it exactly once (1440 px, axe)', async () => {
    for (const [page, other, zone] of [[pageA, b, a.timezone], [pageB, a, b.timezone]] as const) {
      await page.goto(`/events/${SLUG}/calendar`);
      await page.getByText(`Your meetings and slots in your timezone (${zone}).`, { exact: false }).waitFor();
      const label = `${local(proposed.starts_at, zone).time} – ${local(proposed.ends_at, zone).time} Meeting with ${other.name}`;
      const item = await findInCalendar(page, label);
      expect(await seriousViolations(page)).toEqual([]);
      await item.click();
      await page.waitForURL(`**/events/${SLUG}/calendar/${meetingId}`);
      const modal = page.getByRole('dialog', { name: 'Meeting' });
      await modal.getByTestId('meeting-when').waitFor();
      expect(await modal.getByTestId('meeting-when').innerText()).toBe(when(proposed, zone));
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.waitForURL(`**/events/${SLUG}/calendar`);

      // The subscription address, then the feed itself.
      const feed = page.getByRole('region', { name: 'Subscribe in your calendar app' });
      await feed.getByRole('button', { name: 'Show my calendar address' }).click();
      const address = feed.getByLabel('Calendar address (ICS)');
      await expect.poll(() => address.inputValue()).toMatch(/^http:\/\/.+\/api\/v1\/calendar\/feed\/[\w-]+/);
      const res = await fetch(await address.inputValue());
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/calendar');
      const ics = (await res.text()).replace(/\r?\n[ \t]/g, '');
      const events = ics.split(/\r?\n/).reduce<string[][]>((all, line) => {
        if (line === 'BEGIN:VEVENT') all.push([]);
        else all.at(-1)?.push(line);
        return all;
      }, []);
      const ours = events.filter((lines) => lines.some((line) => line.startsWith(`UID:meeting-${meetingId}@`)));
      expect(ours).toHaveLength(1);
      expect(ics.match(new RegExp(`^UID:meeting-${meetingId}@`, 'gm'))).toHaveLength(1);
      const stamp = proposed.starts_at.replace(/[-:]/g, '').replace(/\.\d+/, '');
      expect(ours[0]?.find((line) => line.startsWith('DTSTART'))).toBe(`DTSTART:${stamp}`);
      expect(ours[0]?.find((line) => line.startsWith('SUMMARY'))).toContain(other.name);
    }
    expect(errorsA).toEqual([]);
    expect(errorsB).toEqual([]);
  }, SLOW);

  it('has the request and the acceptance mails in the local mailbox, with times in the recipient’s zone', async () => {
    const toB = await mailsTo(b.email);
    expect(toB.status, `GET /api/v1/mailbox?filter[to]=${b.email} answered ${toB.status} ${JSON.stringify(toB.json.error ?? '')}`).toBe(200);
    const request = toB.mails.find((mail) => mail.kind === 'meeting_request_sent');
    const accepted = toB.mails.find((mail) => mail.kind === 'meeting_request_accepted');
    expect(request?.subject).toContain(a.name);
    expect(accepted?.subject).toContain(a.name);
    const zoned = (slot: Slot, zone: string) => `${local(slot.starts_at, zone).date} ${local(slot.starts_at, zone).time} (${zone})`;
    expect(await mailText(request?.id ?? 0)).toContain(zoned(requested, b.timezone));
    expect(await mailText(accepted?.id ?? 0)).toContain(zoned(proposed, b.timezone));
    // A was told of B's proposal.
    const toA = await mailsTo(a.email);
    expect(toA.status).toBe(200);
    const postponed = toA.mails.find((mail) => mail.kind === 'meeting_postponed');
    expect(postponed?.subject).toContain(b.name);
    expect(await mailText(postponed?.id ?? 0)).toContain(zoned(proposed, a.timezone));
  });

  it('keeps a slot B locked in the calendar from being booked by A (the server’s “slot busy or locked”, then the slot shown busy)', async () => {
    // A opens the create form while the slot is still free for both.
    await pageA.goto(`/events/${SLUG}/members/${b.memberId}/create-meeting`);
    const modal = pageA.getByRole('dialog', { name: 'Request a meeting' });
    const radio = slotRadio(modal, lockedSlot, a.timezone);
    await radio.waitFor();
    expect(await radio.isEnabled()).toBe(true);

    // B locks it in the calendar's slot list (in B's day and time).
    await pageB.goto(`/events/${SLUG}/calendar`);
    const mine = pageB.getByRole('region', { name: 'My slots' });
    const inB = local(lockedSlot.starts_at, b.timezone);
    await mine.getByLabel('Day').selectOption(inB.date);
    const lockedResponse = pageB.waitForResponse((res) => res.url().endsWith(`/api/v1/${eventId}/calendar/lock`));
    await mine.getByRole('button', { name: `Lock ${inB.time}, ${inB.date}`, exact: true }).click();
    expect((await lockedResponse).status()).toBe(200);
    await pageB.getByText('Slot locked: nobody can book it.').waitFor();
    await mine.getByRole('button', { name: `Unlock ${inB.time}, ${inB.date}`, exact: true }).waitFor();
    expect(await seriousViolations(pageB)).toEqual([]);

    // A's form still offers it; sending answers "slot busy or locked", and the slot then shows busy.
    await pickSlot(modal, lockedSlot, a.timezone);
    await modal.getByLabel('Location').selectOption({ label: POINT });
    const refused = pageA.waitForResponse((res) => res.url().endsWith(`/api/v1/${eventId}/meetings`) && res.request().method() === 'POST');
    await modal.getByRole('button', { name: 'Send request' }).click();
    const answer = await refused;
    expect(answer.status()).toBe(409);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('meeting.slot_busy');
    await modal.getByRole('alert').getByText('This slot is busy or locked.').waitFor();
    const busy = slotRadio(modal, lockedSlot, a.timezone, ' (Busy)');
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    expect(await seriousViolations(pageA)).toEqual([]);

    // A fresh form shows it busy from the start, and the API refuses it too.
    await pageA.goto(`/events/${SLUG}/members/${b.memberId}`);
    await pageA.getByRole('link', { name: `Request a meeting with ${b.name}` }).click();
    const fresh = slotRadio(pageA.getByRole('dialog', { name: 'Request a meeting' }), lockedSlot, a.timezone, ' (Busy)');
    await fresh.waitFor();
    expect(await fresh.isDisabled()).toBe(true);
    const direct = await api('POST', `/api/v1/${eventId}/meetings`, a.token, { member_id: b.memberId, starts_at: lockedSlot.starts_at });
    expect(direct.status).toBe(409);
    expect(direct.json.error?.code).toBe('meeting.slot_busy');
    expect(errorsA).toEqual([]);
    expect(errorsB).toEqual([]);
  }, SLOW);
});

describe('meetings pages at 375 px', () => {
  for (const who of ['A', 'B'] as const) {
    it(`keeps the meetings list, the meeting view and the calendar axe-clean for ${who} on a phone`, async () => {
      const person = who === 'A' ? a : b;
      const other = who === 'A' ? b : a;
      const { context, page, errors } = await openPage(browser, server.url, { viewport: PHONE, timezoneId: person.timezone });
      await signIn(page, person);
      await page.goto(`/events/${SLUG}/meetings/list?view=accepted`);
      const row = page.getByTestId('meeting-row').filter({ hasText: other.name });
      await row.waitFor();
      expect(await row.innerText()).toContain(when(proposed, person.timezone));
      expect(await seriousViolations(page)).toEqual([]);

      await row.click();
      await page.waitForURL(`**/events/${SLUG}/meetings/list/${meetingId}?**`);
      const view = page.getByRole('article', { name: `Meeting with ${other.name}` });
      await view.getByTestId('meeting-when').waitFor();
      expect(await view.getByTestId('meeting-when').innerText()).toBe(when(proposed, person.timezone));
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`/events/${SLUG}/calendar`);
      // Phones open on one day: page to the meeting's.
      await findInCalendar(page, `${local(proposed.starts_at, person.timezone).time} – ${local(proposed.ends_at, person.timezone).time} Meeting with ${other.name}`);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, SLOW);
  }
});
