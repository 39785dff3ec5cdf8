// @vitest-environment jsdom
// The native bridge on the plugins' own web implementations (no native side at all): Preferences
// keeps the token in the browser's storage, and the plugins without a web side (status bar, push)
// fail only into a warning, never into the app (contract.md section 8).
import { AUTH_STORAGE_KEY } from '@lobby/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNativeShell } from '../lib/native-shell.ts';
import { applyStatusBar } from './status-bar.ts';
import { startNativePush } from './push.ts';
import { loadNativeTokenStore } from './token-store.ts';

afterEach(() => vi.restoreAllMocks());

const flush = async () => {
  for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('the bridge on the web implementations', () => {
  it('is not the native shell in a browser', () => {
    expect(isNativeShell()).toBe(false);
  });

  it('keeps the token through Preferences, read back by the next start, gone when cleared or lapsed', async () => {
    const store = await loadNativeTokenStore();
    store.write('{"access_token":"t1"}', 3600);
    await flush();
    expect(localStorage.getItem(`CapacitorStorage.${AUTH_STORAGE_KEY}`)).toContain('t1');
    expect((await loadNativeTokenStore()).read()).toBe('{"access_token":"t1"}');
    store.write('{"access_token":"t2"}', -1);
    expect(store.read()).toBeNull();
    await flush();
    expect((await loadNativeTokenStore()).read()).toBeNull();
    store.write('{"access_token":"t3"}', 3600);
    store.clear();
    await flush();
    expect((await loadNativeTokenStore()).read()).toBeNull();
  });

  it('starts with nothing when the kept value is unreadable', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(`CapacitorStorage.${AUTH_STORAGE_KEY}`, '{not json');
    expect((await loadNativeTokenStore()).read()).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('only logs when the status bar cannot be set up', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(applyStatusBar()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Lobby: the status bar could not be set up', expect.anything());
  });

  it('reports quietly when pushes cannot be registered', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(startNativePush()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Lobby: push notifications are not available', expect.anything());
  });
});
