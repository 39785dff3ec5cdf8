import type { AuthSession } from '@lobby/contract';
import { shellRoutes } from './route-refs.ts';
import { readToken, saveToken, type StoredToken } from './session.ts';

let inFlight: Promise<StoredToken | null> | null = null;

async function requestRefresh(): Promise<StoredToken | null> {
  const response = await fetch(shellRoutes.refreshSession.path, { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' } }).catch(() => null);
  if (!response?.ok) return null;
  const body = (await response.json()) as { data: AuthSession };
  return saveToken(body.data);
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
