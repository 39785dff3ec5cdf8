// Helpers of e2e/pwa.e2e.ts: the service worker's state seen from the page, and a browser push
// subscription standing in for the one Chromium cannot make here (its push service is Google's,
// and there is no network).
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** Resolves once a service worker controls the page (the first visit: after it installed and claimed it). */
export async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
}

/** The addresses kept in one of the worker's caches (paths with their query). */
export function cachedPaths(page: Page, cache: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const requests = await (await caches.open(name)).keys();
    return requests.map((request) => {
      const url = new URL(request.url);
      return `${url.pathname}${url.search}`;
    });
  }, cache);
}

export const cacheNames = (page: Page): Promise<string[]> => page.evaluate(() => caches.keys());

export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * PushManager as the page sees it, answering with a subscription of the test's local push service
 * (its endpoint and the keys whose private half the test holds): what subscribe() was asked (the
 * server's VAPID key) is kept on window, and the subscription lasts across reloads until
 * unsubscribed, as a real one does.
 */
export async function fakePushManager(context: BrowserContext, subscription: FakeSubscription): Promise<void> {
  await context.addInitScript((sub: FakeSubscription) => {
    const KEY = 'e2e.push-subscription';
    const record = window as unknown as { __pushAsked?: { key: string; userVisibleOnly: boolean } };
    const make = (key: ArrayBuffer | null) => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { applicationServerKey: key, userVisibleOnly: true },
      getKey: () => null,
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: () => {
        localStorage.removeItem(KEY);
        return Promise.resolve(true);
      },
    });
    const toBase64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
    PushManager.prototype.subscribe = function subscribe(options?: PushSubscriptionOptionsInit) {
      const raw = options?.applicationServerKey;
      const bytes = raw instanceof ArrayBuffer ? new Uint8Array(raw) : ArrayBuffer.isView(raw) ? new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength) : new Uint8Array();
      record.__pushAsked = { key: toBase64Url(bytes), userVisibleOnly: options?.userVisibleOnly === true };
      localStorage.setItem(KEY, record.__pushAsked.key);
      return Promise.resolve(make(bytes.slice().buffer) as unknown as PushSubscription);
    };
    PushManager.prototype.getSubscription = function getSubscription() {
      const key = localStorage.getItem(KEY);
      return Promise.resolve(key === null ? null : (make(fromBase64Url(key).buffer) as unknown as PushSubscription));
    };
  }, subscription);
}

/**
 * Hands a push's payload to the page's service worker as the browser's push service would
 * (ServiceWorker.deliverPushMessage of the DevTools protocol).
 */
export async function deliverPush(page: Page, payload: unknown): Promise<void> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((entry) => entry.scopeURL === `${origin}/` && !entry.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registration, data: JSON.stringify(payload) });
  await cdp.detach();
}
