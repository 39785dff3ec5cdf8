// @vitest-environment jsdom
// "Push notifications on this device" in a DOM: the browser's permission, PushManager and the
// registration calls stand in as plain objects; the switch subscribes with the server's key and
// registers the subscription, turns it off again, and says why when it cannot.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../api/session.ts';
import { initTexts, stubApi, type Call } from '../academy/harness.test-data.tsx';
import { keyBytes } from './device.ts';
import { PushSettings } from './PushSettings.tsx';

beforeAll(initTexts);

const VAPID = 'BOr3W6dVUgyJ_2TyDKS8cW5ww2T1oQW03ctzYxJN_PydJhYGumHOJMPDatxGGRXVn8aN6u8JjPyQ37EHQ6K1W3c';
const ENDPOINT = 'https://push.example.com/send/abc123';
const KEYS = { p256dh: `B${'a'.repeat(86)}`, auth: 'c2VjcmV0LXNlY3JldC0xMg' };

let permission: NotificationPermission = 'default';
let answer: NotificationPermission = 'granted';
let subscription: { endpoint: string; options: { applicationServerKey: ArrayBuffer | null }; toJSON(): unknown; unsubscribe: ReturnType<typeof vi.fn> } | null = null;
let asked: PushSubscriptionOptionsInit | undefined;
let calls: Call[] = [];
let registerStatus = 200;

function installBrowser(): void {
  class FakePushManager {
    getSubscription = () => Promise.resolve(subscription);
    subscribe = (options: PushSubscriptionOptionsInit) => {
      asked = options;
      const unsubscribe = vi.fn(() => {
        subscription = null;
        return Promise.resolve(true);
      });
      subscription = { endpoint: ENDPOINT, options: { applicationServerKey: (options.applicationServerKey as Uint8Array).slice().buffer }, toJSON: () => ({ endpoint: ENDPOINT, keys: KEYS }), unsubscribe };
      return Promise.resolve(subscription);
    };
  }
  const registration = { pushManager: new FakePushManager() };
  vi.stubGlobal('PushManager', FakePushManager);
  const FakeNotification = Object.defineProperties(function Notification() {}, {
    // A getter (Object.assign would copy its value once).
    permission: { get: () => permission },
    requestPermission: {
      value: () => {
        permission = answer;
        return Promise.resolve(answer);
      },
    },
  });
  vi.stubGlobal('Notification', FakeNotification);
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: () => Promise.resolve(registration), ready: Promise.resolve(registration) } });
}

let host: HTMLElement;
let root: Root;

beforeEach(() => {
  permission = 'default';
  answer = 'granted';
  subscription = null;
  asked = undefined;
  registerStatus = 200;
  installBrowser();
  saveToken({ access_token: 'token', expires_in: 3600, refresh_expires_in: 7200 });
  calls = stubApi((method, path) => {
    if (method === 'GET' && path === '/api/push/v1/vapid') return { body: { data: { public_key: VAPID } } };
    if (path === '/api/push/v1/user') return registerStatus === 200 ? { body: { data: { registered: method === 'POST' } } } : { status: registerStatus, body: { error: { code: 'push.token_invalid', message: 'This device cannot receive pushes.' } } };
    return undefined;
  });
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const toggle = () => host.querySelector<HTMLInputElement>('[role="switch"]');
const render = async () => {
  act(() => root.render(<PushSettings />));
  await flush();
};
const click = async () => {
  act(() => toggle()?.click());
  for (let turn = 0; turn < 5; turn += 1) await flush();
};

describe('the push switch', () => {
  it('asks for permission, subscribes with the server’s key for visible notifications and registers the subscription', async () => {
    await render();
    expect(host.textContent).toContain('Push notifications on this device');
    expect(toggle()?.checked).toBe(false);
    await click();
    expect(permission).toBe('granted');
    expect(asked?.userVisibleOnly).toBe(true);
    expect([...new Uint8Array((asked?.applicationServerKey as Uint8Array).buffer)]).toEqual([...keyBytes(VAPID)]);
    const registration = calls.find((call) => call.method === 'POST' && call.path === '/api/push/v1/user');
    expect(registration?.body).toMatchObject({ platform: 'web', token: ENDPOINT, keys: KEYS });
    expect(typeof (registration?.body as { timezone: number }).timezone).toBe('number');
    expect(toggle()?.checked).toBe(true);
  });

  it('turns off: Lobby forgets the token, the browser drops the subscription', async () => {
    await render();
    await click();
    const held = subscription;
    await click();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([{ token: ENDPOINT }]);
    expect(held?.unsubscribe).toHaveBeenCalled();
    expect(toggle()?.checked).toBe(false);
  });

  it('stays off and says so when notifications are not allowed', async () => {
    answer = 'denied';
    await render();
    await click();
    expect(host.querySelector('[role="alert"]')?.textContent).toBe('Notifications were not allowed, so push notifications stay off.');
    expect(toggle()?.checked).toBe(false);
    expect(toggle()?.disabled).toBe(true);
    expect(host.textContent).toContain("Notifications are blocked for this site in the browser's settings");
    expect(calls.some((call) => call.path === '/api/push/v1/user')).toBe(false);
  });

  it('leaves no subscription behind when the server refuses it, and shows the server’s reason', async () => {
    registerStatus = 422;
    await render();
    await click();
    expect(subscription).toBeNull();
    expect(toggle()?.checked).toBe(false);
    expect(host.querySelector('[role="alert"]')?.textContent).toBeTruthy();
  });

  it('says when the browser cannot receive pushes', async () => {
    vi.stubGlobal('PushManager', undefined);
    await render();
    expect(toggle()?.disabled).toBe(true);
    expect(host.textContent).toContain('This browser cannot receive push notifications.');
  });
});
