// Helpers of e2e/meetings.e2e.ts: the API and mailbox as the spec reads them, fresh people, slots
// shown in a person's zone, and the pages' live-update markers.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1440, height: 900 };
export const SLUG = 'lobby-summit';
export const POINT = 'Meeting zone B';
export const PASSWORD = 'Meetings-e2e-2026';
/** Two browsers, live updates and several axe scans per test: more than the config's 60 s when the machine is busy. */
export const SLOW = 150_000;
let baseURL = '';
/** The server the helpers call. */
export const useServer = (url: string): void => {
  baseURL = url;
};

/**
 * A copy of the built web app taken once, whole: the server keeps index.html from its start, so a
 * rebuild of apps/web/dist during the run (a shared working tree) would take the pages' chunks away.
 */
export async function snapshotWeb(): Promise<string> {
  const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const copy = mkdtempSync(join(tmpdir(), 'lobby-e2e-web-'));
    try {
      cpSync(dist, copy, { recursive: true });
      const index = readFileSync(join(copy, 'index.html'), 'utf8');
      const assets = [...index.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
      if (assets.length > 0 && assets.every((asset) => existsSync(join(copy, asset)))) return copy;
    } catch {
      // A build was writing the folder: try again.
    }
    rmSync(copy, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('apps/web/dist did not settle: run `npm run build -w @lobby/web`.');
}

export interface Answer {
  status: number;
  json: { data?: unknown; error?: { code: string; message: string } };
}

export async function api(method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const res = await fetch(`${baseURL}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, json: (await res.json()) as Answer['json'] };
}

export async function tokenOf(email: string, password: string): Promise<string> {
  const res = await api('POST', '/api/v1/auth/login', undefined, { email, password });
  expect(res.status).toBe(200);
  return (res.json.data as { access_token: string }).access_token;
}

export interface Mail {
  id: number;
  to: string;
  subject: string;
  kind: string;
}

/** The local mailbox's messages to one address (newest first). */
export async function mailsTo(email: string): Promise<Answer & { mails: Mail[] }> {
  const res = await api('GET', `/api/v1/mailbox?filter%5Bto%5D=${encodeURIComponent(email)}`);
  return { ...res, mails: res.status === 200 ? (res.json.data as Mail[]) : [] };
}

export const mailText = async (id: number): Promise<string> => ((await api('GET', `/api/v1/mailbox/${id}`)).json.data as { text: string }).text;

export interface Person {
  email: string;
  name: string;
  timezone: string;
  token: string;
  memberId: number;
  userId: number;
}

/**
 * A fresh account (registration by the mailed link) with a business pass of the summit (meetings and
 * on-site), the profile the event requires and its timezone set: the flow changes state, so it does
 * not use the demo accounts other specs rely on.
 */
export async function freshPerson(organiser: string, eventId: number, businessTicket: number, first: string, last: string, timezone: string): Promise<Person> {
  const email = `${first.toLowerCase()}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
  expect((await api('POST', '/api/v1/auth/register', undefined, { email })).status).toBe(202);
  const [invite] = (await mailsTo(email)).mails;
  if (!invite) throw new Error(`no registration mail for ${email}`);
  const link = /token=([\w-]+)/.exec(await mailText(invite.id));
  if (!link?.[1]) throw new Error('no registration link in the mail');
  const done = await api('POST', '/api/v1/auth/register/complete', undefined, { token: link[1], first_name: first, last_name: last, password: PASSWORD, password_confirmation: PASSWORD });
  expect(done.status).toBe(201);
  expect((await api('POST', `/api/admin/v1/events/${eventId}/members`, organiser, { email, ticket_type_id: businessTicket })).status).toBe(201);
  const token = await tokenOf(email, PASSWORD);
  const company = ((await api('GET', `/api/v1/${eventId}/companies?per_page=1`, token)).json.data as { id: number }[])[0];
  const profile = await api('PATCH', '/api/v1/users/me', token, { timezone, job: 'Producer', company_id: company?.id ?? null });
  expect(profile.status).toBe(200);
  const me = (await api('GET', `/api/v1/${eventId}/members/me`, token)).json.data as { id: number; user: { id: number; timezone: string }; profile_missing: string[]; abilities: string[] };
  expect(me.user.timezone).toBe(timezone);
  expect(me.profile_missing).toEqual([]);
  expect(me.abilities).toEqual(expect.arrayContaining(['meetings.request', 'meetings.offline']));
  return { email, name: `${first} ${last}`, timezone, token, memberId: me.id, userId: me.user.id };
}

export async function signIn(page: Page, person: Person) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-menu').waitFor();
}

/** DD.MM.YYYY and HH:mm of an instant in a timezone, as the pages write them. */
export function local(iso: string, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return { date: `${parts.day}.${parts.month}.${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}

export interface Slot {
  starts_at: string;
  ends_at: string;
  state: string;
  past: boolean;
  meeting_id: number | null;
  free_location_ids: number[];
}

/** "26.11.2026, 10:00–10:30": the meeting's time as the meeting view and the list show it. */
export const when = (slot: Slot, timeZone: string) => `${local(slot.starts_at, timeZone).date}, ${local(slot.starts_at, timeZone).time}–${local(slot.ends_at, timeZone).time}`;

/** Marks the document, so a later check proves an update came without a reload. */
export const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __meetingsE2eMark: true }));
export const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __meetingsE2eMark?: boolean }).__meetingsE2eMark === true);

/**
 * Resolves once the page's Socket.IO connection is up (the CONNECT answer "40{...}" arrived): from
 * then on the private user channel delivers. Call before the navigation that opens it.
 */
export function userChannelUp(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) resolve();
      });
    });
  });
}

/** The radio of a slot in a slot picker: the day's group (DD.MM.YYYY) and the time (HH:mm). */
export const slotRadio = (scope: Page | Locator, slot: Slot, timeZone: string, suffix = '') =>
  scope.getByRole('group', { name: local(slot.starts_at, timeZone).date, exact: true }).getByRole('radio', { name: `${local(slot.starts_at, timeZone).time}${suffix}`, exact: true });

/** Picks a slot as a person does, on its chip (the radio inside is visually hidden), and checks it took. */
export async function pickSlot(scope: Page | Locator, slot: Slot, timeZone: string) {
  const radio = slotRadio(scope, slot, timeZone);
  await radio.locator('xpath=ancestor::label[1]').click();
  expect(await radio.isChecked()).toBe(true);
}

/** The meeting in the calendar's time grid ("09:00 – 09:30 Meeting with Li Wang"), paging ahead a few weeks if needed. */
export async function findInCalendar(page: Page, label: string) {
  const calendar = page.getByTestId('calendar');
  const item = calendar.getByRole('button', { name: label, exact: true });
  await calendar.getByRole('button', { name: 'Next' }).waitFor();
  for (let step = 0; step < 3 && (await item.count()) === 0; step += 1) await calendar.getByRole('button', { name: 'Next' }).click();
  await item.waitFor();
  return item;
}

