// The native shell's bridge (issue 18): loaded only inside the Capacitor shell (lib/native-shell.ts),
// never on the web's first load.
import { setTokenStore } from '../api/session.ts';
import { nativeLinks } from './context.ts';
import { listenForLinksAndBack, openPushRoute, type NativeNavigation } from './links.ts';
import { listenForTaps, startNativePush } from './push.ts';
import { applyStatusBar } from './status-bar.ts';
import { loadNativeTokenStore } from './token-store.ts';

/**
 * Before the app's first call: the auth token comes from native storage; then, without waiting,
 * the status bar and the push registration.
 */
export async function startNativeShell(): Promise<void> {
  setTokenStore(await loadNativeTokenStore());
  void applyStatusBar();
  void startNativePush();
}

interface AppRouter {
  navigate(to: { pathname: string; search: string }): unknown;
}

/** Once the router exists: deep links, the back button and tapped pushes. Answers the way to detach them. */
export async function attachNativeRouter(router: AppRouter): Promise<() => Promise<void>> {
  const nav: NativeNavigation = {
    navigate: (to) => void router.navigate(to),
    assign: (path) => window.location.assign(path),
    back: () => window.history.back(),
    openExternal: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
  };
  const detach = await Promise.all([listenForLinksAndBack(nativeLinks, nav), listenForTaps((route) => openPushRoute(route, nav))]);
  return async () => {
    await Promise.all(detach.map((remove) => remove()));
  };
}
