import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors.ts';
import { REFRESH_RETRIES, refreshSession, retryDelayMs } from './refresh.ts';

/** What the refresh call answers, in order; the test counts the calls. */
function serverAnswers(...answers: Response[]) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next;
  });
  return calls;
}

const limited = (seconds: number) => new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Too many attempts.', details: { retry_after: seconds } } }), { status: 429, headers: { 'retry-after': String(seconds) } });
const refreshed = () => new Response(JSON.stringify({ data: { access_token: 'new-token', expires_in: 900, refresh_expires_in: 2_592_000 } }), { status: 200 });
const refused = () => new Response(JSON.stringify({ error: { code: 'auth.token_invalid', message: 'Expired.' } }), { status: 401 });

beforeEach(() => {
  vi.useFakeTimers();
  // The browser parts refresh.ts touches: the token cookie, the page's scheme; no Web Locks.
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('window', { location: { protocol: 'http:' } });
  vi.stubGlobal('navigator', {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('refreshing the session', () => {
  it('waits out a 429 for its Retry-After and tries again, keeping the person signed in', async () => {
    const calls = serverAnswers(limited(7), refreshed());
    const result = refreshSession('old-token');
    await vi.advanceTimersByTimeAsync(6_000);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(result).resolves.toMatchObject({ access_token: 'new-token' });
    expect(calls).toHaveLength(2);
  });

  it('after repeated 429s fails the call instead of signing out (no null)', async () => {
    serverAnswers(...Array.from({ length: REFRESH_RETRIES }, () => limited(1)));
    const result = refreshSession('old-token');
    const settled = result.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await vi.advanceTimersByTimeAsync(REFRESH_RETRIES * 1_000);
    const outcome = await settled;
    expect('error' in outcome && outcome.error instanceof ApiError && outcome.error.status === 429).toBe(true);
  });

  it('answers null (session lost) when the server refuses the refresh token', async () => {
    serverAnswers(refused());
    await expect(refreshSession('old-token')).resolves.toBeNull();
  });

  it('bounds the wait a server asks for', () => {
    expect(retryDelayMs('7')).toBe(7_000);
    expect(retryDelayMs(null)).toBe(1_000);
    expect(retryDelayMs('900')).toBe(60_000);
  });
});
