// @vitest-environment jsdom
// The native shell's bridge through Capacitor's real plugin proxies (@capacitor/core with the app,
// preferences, push-notifications and status-bar plugins), against a stand-in for the native side:
// the bridge Android's shell puts on the page (androidBridge, PluginHeaders, nativePromise and
// nativeCallback), recording each call and raising the plugins' events.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

type Options = Record<string, unknown>;
type Answer = (options: Options) => unknown;

const native = vi.hoisted(() => {
  const calls: { plugin: string; method: string; options: Options }[] = [];
  const listeners = new Map<string, (data: unknown) => void>();
  const answers = new Map<string, Answer>();
  const prefs = new Map<string, string>();
  let id = 0;
  const header = (name: string, promises: string[]) => ({
    name,
    methods: [...promises.map((method) => ({ name: method, rtype: 'promise' })), { name: 'addListener', rtype: 'callback' }, { name: 'removeListener', rtype: 'promise' }, { name: 'removeAllListeners', rtype: 'promise' }],
  });
  const bridge = {
    PluginHeaders: [
      header('Preferences', ['get', 'set', 'remove', 'clear', 'keys']),
      header('StatusBar', ['setStyle', 'setBackgroundColor', 'show', 'hide', 'getInfo', 'setOverlaysWebView']),
      header('App', ['exitApp', 'getInfo', 'getLaunchUrl', 'getState', 'minimizeApp', 'toggleBackButtonHandler']),
      header('PushNotifications', ['register', 'unregister', 'checkPermissions', 'requestPermissions', 'getDeliveredNotifications', 'createChannel']),
    ],
    nativePromise: (plugin: string, method: string, options: Options = {}) => {
      calls.push({ plugin, method, options });
      const answer = answers.get(`${plugin}.${method}`);
      if (answer) return Promise.resolve().then(() => answer(options));
      if (plugin === 'Preferences' && method === 'get') return Promise.resolve({ value: prefs.get(String(options.key)) ?? null });
      if (plugin === 'Preferences' && method === 'set') return Promise.resolve(void prefs.set(String(options.key), String(options.value)));
      if (plugin === 'Preferences' && method === 'remove') return Promise.resolve(void prefs.delete(String(options.key)));
      return Promise.resolve({});
    },
    nativeCallback: (plugin: string, method: string, options: Options, callback: (data: unknown) => void) => {
      calls.push({ plugin, method, options });
      if (method === 'addListener') listeners.set(`${plugin}.${String(options.eventName)}`, callback);
      id += 1;
      return String(id);
    },
  };
  // Android's shell: @capacitor/core reads the platform from androidBridge and fills in this object.
  Object.assign(globalThis, { androidBridge: { postMessage: () => {} }, Capacitor: bridge });
  if (typeof window !== 'undefined' && window !== (globalThis as unknown)) Object.assign(window, { Capacitor: bridge });
  const fire = (plugin: string, event: string, data: unknown) => {
    const listener = listeners.get(`${plugin}.${event}`);
    if (!listener) throw new Error(`nothing listens for ${plugin}.${event}`);
    listener(data);
  };
  return { calls, answers, prefs, fire, reset: () => (calls.length = 0) };
});

import { AUTH_STORAGE_KEY } from '@lobby/contract';
import { clearToken, readToken, saveToken } from '../api/session.ts';
import { stubApi, type Call } from '../features/academy/harness.test-data.tsx';
import { SIGNED_IN_EVENT } from '../features/auth/sign-in-out.ts';
import { isNativeShell } from '../lib/native-shell.ts';
import { nativeLinks } from './context.ts';
import { startNativeShell } from './index.ts';
import { listenForLinksAndBack, openPushRoute, type NativeNavigation } from './links.ts';
import { listenForTaps, PUSH_TOKEN_KEY, removeNativePushToken } from './push.ts';

const flush = async () => {
  for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};
const callsTo = (plugin: string, method?: string) => native.calls.filter((call) => call.plugin === plugin && (method === undefined || call.method === method));

function recorder() {
  const done: string[] = [];
  const nav: NativeNavigation = {
    navigate: (to) => void done.push(`router ${to.pathname}${to.search}`),
    assign: (path) => void done.push(`window ${path}`),
    back: () => void done.push('back'),
    openExternal: (url) => void done.push(`external ${url}`),
  };
  return { done, nav };
}

let api: Call[] = [];
const HOST = window.location.hostname;

beforeAll(async () => {
  // A sign-in kept from an earlier run of the app, in native storage.
  native.prefs.set(AUTH_STORAGE_KEY, JSON.stringify({ value: JSON.stringify({ access_token: 'kept-token', expires_in: 900, expires_at: Date.now() + 900_000 }), expires_at: Date.now() + 86_400_000 }));
  native.answers.set('PushNotifications.checkPermissions', () => ({ receive: 'prompt' }));
  native.answers.set('PushNotifications.requestPermissions', () => ({ receive: 'granted' }));
  api = stubApi((method, path) => (path === '/api/push/v1/user' ? { body: { data: { registered: method === 'POST' } } } : undefined));
  await startNativeShell();
  await flush();
});

afterEach(() => vi.restoreAllMocks());

describe('the native shell on start', () => {
  it('is recognised as the shell', () => {
    expect(isNativeShell()).toBe(true);
  });

  it('reads the auth token from native storage, not the cookie', () => {
    expect(readToken()?.access_token).toBe('kept-token');
    expect(document.cookie).not.toContain(AUTH_STORAGE_KEY);
  });

  it('sets the status bar: brand blue, dark style', () => {
    expect(callsTo('StatusBar').map((call) => [call.method, call.options])).toEqual([
      ['setStyle', { style: 'DARK' }],
      ['setBackgroundColor', { color: '#3b82f6' }],
    ]);
  });

  it('asks for push permission, registers, and hands the token to Lobby under the person', async () => {
    expect(callsTo('PushNotifications').map((call) => call.method)).toEqual(['addListener', 'addListener', 'checkPermissions', 'requestPermissions', 'register']);
    native.fire('PushNotifications', 'registration', { value: 'fcm-token-1' });
    await flush();
    const registration = api.find((call) => call.method === 'POST' && call.path === '/api/push/v1/user');
    expect(registration?.body).toMatchObject({ platform: 'android', token: 'fcm-token-1' });
    expect(typeof (registration?.body as { timezone: number }).timezone).toBe('number');
    expect(native.prefs.get(PUSH_TOKEN_KEY)).toBe('fcm-token-1');
  });

  it('registers again when someone signs in, and only reports a failed registration', async () => {
    native.reset();
    native.answers.set('PushNotifications.checkPermissions', () => ({ receive: 'granted' }));
    window.dispatchEvent(new Event(SIGNED_IN_EVENT));
    await flush();
    expect(callsTo('PushNotifications').map((call) => call.method)).toEqual(['checkPermissions', 'register']);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    native.fire('PushNotifications', 'registrationError', { error: 'SERVICE_NOT_AVAILABLE' });
    expect(warn).toHaveBeenCalledWith('Lobby: push registration failed', 'SERVICE_NOT_AVAILABLE');
  });
});

describe('the token in native storage', () => {
  it('is written through on sign-in with its lifetime, and removed on sign-out', async () => {
    saveToken({ access_token: 'fresh-token', expires_in: 900, refresh_expires_in: 3600 });
    await flush();
    const kept = JSON.parse(native.prefs.get(AUTH_STORAGE_KEY) ?? '{}') as { value: string; expires_at: number };
    expect(JSON.parse(kept.value)).toMatchObject({ access_token: 'fresh-token', expires_in: 900 });
    expect(kept.expires_at).toBeGreaterThan(Date.now() + 3500_000);
    expect(readToken()?.access_token).toBe('fresh-token');
    clearToken();
    await flush();
    expect(native.prefs.has(AUTH_STORAGE_KEY)).toBe(false);
    expect(readToken()).toBeNull();
  });
});

describe('deep links and the back button', () => {
  it('opens links of Lobby by the contract’s rules and only logs the others', async () => {
    const { done, nav } = recorder();
    await listenForLinksAndBack(nativeLinks, nav);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    native.fire('App', 'appUrlOpen', { url: `http://${HOST}/events/summit/program?day=2&hall=1` });
    native.fire('App', 'appUrlOpen', { url: `http://${HOST}/profile/settings/main` });
    native.fire('App', 'appUrlOpen', { url: 'lobby://open/events/summit/chats' });
    native.fire('App', 'appUrlOpen', { url: 'https://elsewhere.example.com/events/summit' });
    native.fire('App', 'appUrlOpen', { url: 'ht tp://%%%' });
    expect(done).toEqual(['router /events/summit/program?day=2&hall=1', 'window /profile/settings/main', 'router /events/summit/chats']);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('goes one step back, and on the first page puts the app away', async () => {
    const { done, nav } = recorder();
    await listenForLinksAndBack(nativeLinks, nav);
    native.reset();
    native.fire('App', 'backButton', { canGoBack: true });
    expect(done).toEqual(['back']);
    native.fire('App', 'backButton', { canGoBack: false });
    await flush();
    expect(callsTo('App', 'minimizeApp')).toHaveLength(1);
    expect(done).toEqual(['back']);
  });
});

describe('a tapped push', () => {
  it('opens its route (FCM carries the ids as strings); one without its event only logs', async () => {
    const { done, nav } = recorder();
    await listenForTaps((route) => openPushRoute(route, nav));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    native.fire('PushNotifications', 'pushNotificationActionPerformed', { actionId: 'tap', notification: { data: { type: 'new_meeting_request', event_slug: 'summit', meeting_id: '7' } } });
    native.fire('PushNotifications', 'pushNotificationActionPerformed', { actionId: 'tap', notification: { data: { type: 'custom_push', event_slug: 'summit', url: 'https://tickets.example.com/buy' } } });
    native.fire('PushNotifications', 'pushNotificationActionPerformed', { actionId: 'tap', notification: { data: { type: 'new_meeting_request', meeting_id: '7' } } });
    expect(done).toEqual(['router /events/summit/meetings/list/7?isInvite=true', 'external https://tickets.example.com/buy']);
    expect(warn).toHaveBeenCalledWith('incorrect route push data');
  });
});

describe('sign-out on the shell', () => {
  it('removes the device’s token from Lobby, then forgets it', async () => {
    saveToken({ access_token: 'fresh-token', expires_in: 900, refresh_expires_in: 3600 });
    native.prefs.set(PUSH_TOKEN_KEY, 'fcm-token-1');
    await removeNativePushToken();
    expect(api.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([{ token: 'fcm-token-1' }]);
    expect(native.prefs.has(PUSH_TOKEN_KEY)).toBe(false);
  });
});
