// Helpers of e2e/chat.e2e.ts: fresh people with a chat ticket, their channels and messages through
// the API, the chat page's parts as a person finds them, and a picture made on the spot.
import { deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { SLUG, api, freshPerson, tokenOf, type Person } from './meetings-support.ts';

export { DESKTOP, PHONE, SLOW, SLUG, api, local, markDocument, sameDocument, signIn, snapshotWeb, tokenOf, useServer, userChannelUp, type Person } from './meetings-support.ts';

export const ORGANISER = { email: 'organizer@lobby.demo', password: 'Organizer-2026' };

export interface Summit {
  eventId: number;
  organiser: string;
  businessTicket: number;
}

/** The summit, the organiser's token and the business pass (unlimited chats) fresh people get. */
export async function summit(): Promise<Summit> {
  const eventId = ((await api('GET', `/api/v1/events/${SLUG}`)).json.data as { id: number }).id;
  const organiser = await tokenOf(ORGANISER.email, ORGANISER.password);
  const tickets = ((await api('GET', `/api/admin/v1/events/${eventId}`, organiser)).json.data as { ticket_types: { id: number; code: string }[] }).ticket_types;
  const business = tickets.find((ticket) => ticket.code === 'business');
  if (!business) throw new Error('the summit has no business pass');
  return { eventId, organiser, businessTicket: business.id };
}

/**
 * A new account in the summit that may chat: no test shares its people with another. It has read
 * what reached it on joining (the sponsor's promo channel), so its unread count starts at 0.
 */
export async function chatPerson(event: Summit, first: string, last: string, timezone: string): Promise<Person> {
  const person = await freshPerson(event.organiser, event.eventId, event.businessTicket, first, last, timezone);
  const me = (await api('GET', `/api/v1/${event.eventId}/members/me`, person.token)).json.data as { abilities: string[]; sections: Record<string, string> };
  expect(me.abilities).toContain('chat.send');
  expect(me.sections.chats).toBe('ok');
  const channels = (await api('GET', `/api/v1/chat/channels?per_page=100&filter%5Brelated_type%5D=event&filter%5Brelated_id%5D=${event.eventId}`, person.token)).json.data as { id: string; unread_messages: number }[];
  for (const channel of channels.filter((c) => c.unread_messages > 0)) expect((await api('POST', `/api/v1/chat/channels/${channel.id}/markasread`, person.token)).status).toBeLessThan(300);
  const unread = await api('GET', `/api/v1/chat/channels/unreadmessages?filter%5Brelated_type%5D=event&filter%5Brelated_id%5D=${event.eventId}`, person.token);
  expect((unread.json.data as { unread_messages: number }).unread_messages).toBe(0);
  return person;
}

/** The private channel of two people in the summit (made on first use). */
export async function privateChat(event: Summit, from: Person, to: { userId: number }): Promise<string> {
  const res = await api('GET', `/api/v1/chat/channels/user/${to.userId}?filter%5Brelated_id%5D=${event.eventId}`, from.token);
  expect(res.status).toBe(200);
  return (res.json.data as { uuid: string }).uuid;
}

export interface SentMessage {
  id: number;
  text: string;
}

export async function sendText(token: string, channelId: string, text: string): Promise<SentMessage> {
  const res = await api('POST', `/api/v1/chat/channels/${channelId}/messages`, token, { text });
  expect(res.status, JSON.stringify(res.json.error ?? '')).toBe(201);
  return res.json.data as SentMessage;
}

export async function reportMessage(token: string, messageId: number, reason: string): Promise<void> {
  const res = await api('POST', `/api/v1/chat/messages/${messageId}/report`, token, { reason });
  expect(res.status, JSON.stringify(res.json.error ?? '')).toBeLessThan(300);
}

/** Signs in with an e-mail and password (the demo accounts). */
export async function signInWith(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-menu').waitFor();
}

export const chatsPath = (channelId?: string): string => `/events/${SLUG}/chats${channelId ? `/${channelId}` : ''}`;

/** Opens a channel and waits for its name and its messages (or the empty conversation). */
export async function openChannel(page: Page, channelId: string, name: string): Promise<void> {
  await page.goto(chatsPath(channelId));
  await expect.poll(() => page.getByTestId('chat-channel-name').textContent(), { timeout: 20_000 }).toBe(name);
  await page.getByTestId('chat-messages').waitFor();
}

/** One message in the open conversation, by a piece of its text. */
export const messageIn = (page: Page, text: string): Locator => page.getByTestId('chat-messages').getByTestId('chat-message').filter({ hasText: text });

/** Runs one of a message's actions (reply, report, delete, moderate) from its "⋯" menu, as a pointer user does. */
export async function messageAction(message: Locator, action: 'chat-reply' | 'chat-report' | 'chat-delete' | 'chat-moderate'): Promise<void> {
  await message.hover();
  await message.getByTestId('chat-actions').click();
  await message.getByTestId(action).click();
}

/** Writes a message in the composer and sends it with the button. */
export async function write(page: Page, text: string): Promise<void> {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
}

/** A toast (sonner) with a text. */
export const toastWith = (page: Page, text: string): Locator => page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * The whole text of the first toast with `text` the page shows from now on, read in the page as it
 * appears. A toast goes after TOAST_DURATION_MS (8 s), so a wait that starts after what makes it, or
 * a read after the wait, can miss it on a busy machine: call this before.
 */
export function toastSeen(page: Page, text: string): Promise<string> {
  const seen = page
    .waitForFunction(
      (wanted) => {
        const toast = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].find((node) => node.innerText.includes(wanted) && node.checkVisibility());
        return toast ? toast.innerText : false;
      },
      text,
      { timeout: 30_000, polling: 50 },
    )
    .then((handle) => handle.jsonValue() as Promise<string>);
  // Awaited later by the caller; until then a timeout is not an unhandled rejection.
  seen.catch(() => {});
  return seen;
}

/**
 * Resolves once the shell's chat button listens to the chat's live events, which the toasts, the
 * sound and the count's live rise come from. It loads after the first paint, well after the socket
 * may be up: a message that comes before is only counted when the button loads the count on
 * starting, without a toast. The button's effect starts listening, holds the connection and primes
 * the sound (a pointerdown listener on window, nothing else puts one there) in one go, so that
 * listener is the sign. Read through the DevTools protocol (Chromium).
 */
export async function chatListening(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const primed = async () => {
      const { result } = await cdp.send('Runtime.evaluate', { expression: 'window', objectGroup: 'chat-listening' });
      const { listeners } = result.objectId ? await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId }) : { listeners: [] };
      await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'chat-listening' });
      return listeners.some((listener) => listener.type === 'pointerdown');
    };
    await expect.poll(primed, { timeout: 30_000, interval: 100 }).toBe(true);
  } finally {
    await cdp.detach();
  }
}

/** How far the page scrolls sideways (0: nothing overflows the viewport). */
export const sidewaysOverflow = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of one pixel in a colour (8-bit RGB): what the server sniffs as image/png. */
export function pixelPng(red: number, green: number, blue: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.from([0, red, green, blue]); // filter type 0, then the pixel
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(row)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * Resolves once the server answered the page's enter of a channel (public page chats and promo
 * channels are joined that way): from then on its messages reach the page. Call before opening it.
 */
export function channelEntered(page: Page, channelId: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        const text = String(payload);
        if (text.startsWith('42') && text.includes('"enter_complete"') && text.includes(channelId) && text.includes('"ok":true')) resolve();
      });
    });
  });
}
