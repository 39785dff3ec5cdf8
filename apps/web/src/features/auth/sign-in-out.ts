// Signing in and out (product.md section 4, Logout and Session), loaded when used: the first load
// carries only the thin wrappers in session.ts.
import type { AuthSession, Me } from '@lobby/contract';
import { callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { queryClient } from '../../api/query-client.ts';
import { shellRoutes as routes } from '../../api/route-refs.ts';
import { broadcast, clearToken, saveToken } from '../../api/session.ts';
import { browserTimezone } from '../../lib/format.ts';
import { isNativeShell } from '../../lib/native-shell.ts';
import { forgetPersonalCopies } from '../offline/forget.ts';
import { meQuery } from './session.ts';

/** Where the native shell goes after signing out (product.md section 4, Logout). */
export const HUB_ENTRY_PATH = '/eventhub/index.html';

/** Told within this tab when someone signs in (the native shell registers the device for pushes then). */
export const SIGNED_IN_EVENT = 'lobby:signed-in';

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

/** What a device keeps of a person goes with them: the service worker's copies of their answers. */
const forgetKept = () => forgetPersonalCopies().catch((error: unknown) => console.warn('Lobby: the offline copies could not be cleared', error));

export async function completeSignIn(session: AuthSession): Promise<void> {
  // Whatever a session that ended without a sign-out left on this device is not this person's.
  await forgetKept();
  saveToken(session);
  queryClient.clear();
  queryClient.setQueryData(meQuery().queryKey, { data: session.user });
  broadcast({ type: 'login' });
  window.dispatchEvent(new Event(SIGNED_IN_EVENT));
  await syncTimezone(session.user).catch(() => {});
}

/**
 * Sign-out: the device's push token first, while the session may still remove it; then revoke the
 * session, forget token, profile and the offline copies, tell the other tabs, reload (the native
 * shell at the hub entry page).
 */
export async function signOut(): Promise<void> {
  await import('../push/device.ts').then((device) => device.removePushToken()).catch((error: unknown) => console.warn('Lobby: the push token could not be removed', error));
  await callApi(routes.logout, {}).catch(() => {});
  clearToken();
  queryClient.clear();
  await forgetKept();
  broadcast({ type: 'logout' });
  window.location.assign(isNativeShell() ? HUB_ENTRY_PATH : '/');
}
