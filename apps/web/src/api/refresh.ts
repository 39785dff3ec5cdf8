import type { AuthSession } from '@lobby/contract';
import { ApiError, NetworkError } from './errors.ts';
import { shellRoutes } from './route-refs.ts';
import { readToken, saveToken, type StoredToken } from './session.ts';

let inFlight: Promise<StoredToken | null> | null = null;

/** Tries after a 429 before giving up, and the longest wait between them. */
export const REFRESH_RETRIES = 3;
const MAX_WAIT_MS = 60_000;

/** The wait a 429 asks for (Retry-After in seconds), within 1 s and MAX_WAIT_MS. */
export const retryDelayMs = (retryAfter: string | null): number => {
  const seconds = Number(retryAfter);
  return Math.min(MAX_WAIT_MS, Math.max(1_000, Number.isFinite(seconds) ? seconds * 1000 : 0));
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One refresh. Null means the session is gone (the server refused the token): the caller signs
 * the person out. A 429 is waited out and retried: at a busy venue the server may ask for a pause,
 * and that is no reason to sign anyone out. When retries, the network or the server fail, the
 * error is thrown instead, so the call fails but the person stays signed in.
 */
async function requestRefresh(): Promise<StoredToken | null> {
  for (let attempt = 1; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(shellRoutes.refreshSession.path, { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' } });
    } catch (error) {
      throw new NetworkError(error);
    }
    if (response.ok) {
      const body = (await response.json()) as { data: AuthSession };
      return saveToken(body.data);
    }
    if (response.status === 429 && attempt < REFRESH_RETRIES) {
      await sleep(retryDelayMs(response.headers.get('retry-after')));
      continue;
    }
    if (response.status === 429 || response.status >= 500) throw ApiError.from(response.status, await response.json().catch(() => undefined));
    return null;
  }
}

/**
 * Refreshes the session once, however many calls fail at the same moment. Across tabs a Web Lock
 * serialises refreshes: the refresh token rotates on each use, and a second tab presenting the old
 * one would look like theft and end the session. A tab that waited reuses the new cookie.
 */
export function refreshSession(failedToken: string | undefined): Promise<StoredToken | null> {
  inFlight ??= (async () => {
    const run = async () => {
      const current = readToken();
      if (current && current.access_token !== failedToken && current.expires_at - Date.now() > 30_000) return current;
      return requestRefresh();
    };
    try {
      return navigator.locks ? await navigator.locks.request('lobby-refresh', run) : await run();
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}
