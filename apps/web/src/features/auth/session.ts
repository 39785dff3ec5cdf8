import type { AuthSession, Me } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { apiQuery, setSessionLostHandler } from '../../api/client.ts';
import { shellRoutes as routes } from '../../api/route-refs.ts';
import { queryClient } from '../../api/query-client.ts';
import { broadcast, clearToken, isSignedIn, onAuthMessage } from '../../api/session.ts';
import { clearPersonalCaches } from '../offline/personal-caches.ts';

export const meQuery = () => apiQuery(routes.getMe, {});

/** The signed-in person, loaded once and kept until sign-out (product.md section 4, session). */
export function useMe(): Me | undefined {
  const { data } = useQuery({ ...meQuery(), enabled: isSignedIn(), staleTime: Number.POSITIVE_INFINITY });
  return isSignedIn() ? data?.data : undefined;
}

/** What a device keeps of a person goes with them: the service worker's copies of their answers. */
export const forgetKept = () => clearPersonalCaches().catch((error: unknown) => console.warn('Lobby: the offline copies could not be cleared', error));

/** The sign-in and sign-out flows load when used (sign-in-out.ts; the service worker keeps their code for offline). */
const flows = () => import('./sign-in-out.ts');

export async function completeSignIn(session: AuthSession): Promise<void> {
  await (await flows()).completeSignIn(session);
}

/** Sign-out (product.md section 4); should its code not load, this device still forgets the person. */
export async function signOut(): Promise<void> {
  const flow = await flows().catch(() => null);
  if (flow) return flow.signOut();
  clearToken();
  queryClient.clear();
  await forgetKept();
  broadcast({ type: 'logout' });
  window.location.assign('/');
}

/** Other tabs follow a sign-out to the login page; a lost session does the same here. */
export function installSessionListeners(): () => void {
  setSessionLostHandler(() => {
    clearToken();
    queryClient.clear();
    broadcast({ type: 'logout' });
    void forgetKept().finally(() => window.location.assign('/auth/login'));
  });
  return onAuthMessage((message) => {
    if (message.type === 'logout') {
      queryClient.clear();
      window.location.assign('/auth/login');
    }
  });
}

export { safeRedirect } from './redirect.ts';
