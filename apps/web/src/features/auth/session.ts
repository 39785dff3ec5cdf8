import type { AuthSession, Me } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { apiQuery, callApi, setSessionLostHandler } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { shellRoutes as routes } from '../../api/route-refs.ts';
import { queryClient } from '../../api/query-client.ts';
import { broadcast, clearToken, isSignedIn, onAuthMessage, saveToken } from '../../api/session.ts';
import { browserTimezone } from '../../lib/format.ts';

export const meQuery = () => apiQuery(routes.getMe, {});

/** The signed-in person, loaded once and kept until sign-out (product.md section 4, session). */
export function useMe(): Me | undefined {
  const { data } = useQuery({ ...meQuery(), enabled: isSignedIn(), staleTime: Number.POSITIVE_INFINITY });
  return isSignedIn() ? data?.data : undefined;
}

/**
 * The profile timezone follows the browser's when it differs and the server knows it, else UTC
 * (product.md section 4).
 */
export async function syncTimezone(user: Me, detected = browserTimezone()): Promise<void> {
  if (detected === user.timezone) return;
  let target = 'UTC';
  try {
    target = (await callApi(routes.getTimezone, { params: { id: detected } })).data.id;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) return;
  }
  if (target === user.timezone) return;
  const updated = await callApi(routes.updateMe, { body: { timezone: target } });
  queryClient.setQueryData(meQuery().queryKey, updated);
}

export async function completeSignIn(session: AuthSession): Promise<void> {
  saveToken(session);
  queryClient.clear();
  queryClient.setQueryData(meQuery().queryKey, { data: session.user });
  broadcast({ type: 'login' });
  await syncTimezone(session.user).catch(() => {});
}

/** Sign-out: revoke the session, forget token and profile, tell the other tabs, reload. */
export async function signOut(): Promise<void> {
  await callApi(routes.logout, {}).catch(() => {});
  clearToken();
  queryClient.clear();
  broadcast({ type: 'logout' });
  window.location.assign('/');
}

/** Other tabs follow a sign-out to the login page; a lost session does the same here. */
export function installSessionListeners(): () => void {
  setSessionLostHandler(() => {
    clearToken();
    queryClient.clear();
    broadcast({ type: 'logout' });
    window.location.assign('/auth/login');
  });
  return onAuthMessage((message) => {
    if (message.type === 'logout') {
      queryClient.clear();
      window.location.assign('/auth/login');
    }
  });
}

export { safeRedirect } from './redirect.ts';
