// @vitest-environment jsdom
// The sign-in cookie is read once per running task: a page asks whether it is signed in tens of
// times while it renders. A write, a sign-out or another tab's change is seen at once or from the
// next microtask on.
import { AUTH_STORAGE_KEY } from '@lobby/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, isSignedIn, readToken, saveToken } from './session.ts';

const session = { access_token: 'token-1', expires_in: 900, refresh_expires_in: 3600 };

/** Counts reads of document.cookie from here on. */
function countReads(): () => number {
  const spy = vi.spyOn(Document.prototype, 'cookie', 'get');
  return () => spy.mock.calls.length;
}

afterEach(() => {
  vi.restoreAllMocks();
  clearToken();
});

describe('the sign-in cookie', () => {
  it('is read from the browser once for the rest of the running task', async () => {
    saveToken(session);
    await Promise.resolve();
    const reads = countReads();
    for (let n = 0; n < 20; n += 1) expect(readToken()?.access_token).toBe('token-1');
    expect(reads()).toBe(1);
    await Promise.resolve();
    expect(isSignedIn()).toBe(true);
    expect(reads()).toBe(2);
  });

  it('sees its own write and sign-out at once, within the same task', () => {
    expect(isSignedIn()).toBe(false);
    saveToken(session);
    expect(readToken()?.access_token).toBe('token-1');
    clearToken();
    expect(isSignedIn()).toBe(false);
  });

  it("sees a change made elsewhere (another tab signed out) from the next microtask", async () => {
    saveToken(session);
    expect(isSignedIn()).toBe(true);
    document.cookie = `${AUTH_STORAGE_KEY}=; Path=/; Max-Age=0`;
    await Promise.resolve();
    expect(isSignedIn()).toBe(false);
  });
});
