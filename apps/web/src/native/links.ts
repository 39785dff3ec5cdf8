// Deep links and the back button in the native shell (product.md section 2, "Deep links (native)").
import { App } from '@capacitor/app';
import { deepLinkRoute, type DeepLinkContext, type PushRoute } from '@lobby/contract';

export interface NativeNavigation {
  /** The app's router: path and query ("?a=1", or empty) in place. */
  navigate(to: { pathname: string; search: string }): void;
  /** The same window, loaded anew. */
  assign(path: string): void;
  back(): void;
  /** Another site's address, outside the app. */
  openExternal(url: string): void;
}

/**
 * A link the app was opened with: paths without /events/ open in the same window, paths with it go
 * to the router with their query; a link that is not Lobby's (or not a link) is only logged.
 */
export function openDeepLink(url: string, ctx: DeepLinkContext, nav: NativeNavigation): void {
  const link = deepLinkRoute(url, ctx);
  if (!link) {
    console.warn(`Lobby: the link could not be opened in the app: ${url}`);
    return;
  }
  if (link.kind === 'window') nav.assign(link.path);
  else {
    const query = new URLSearchParams(link.query).toString();
    nav.navigate({ pathname: link.path, search: query ? `?${query}` : '' });
  }
}

/** A push's route: in the app by the router, another site's outside, 'incorrect route push data' only logged. */
export function openPushRoute(route: PushRoute, nav: NativeNavigation): void {
  if (route.kind === 'invalid') {
    console.warn(route.log);
    return;
  }
  if (route.kind === 'external') {
    nav.openExternal(route.url);
    return;
  }
  const url = new URL(route.path, 'https://app.invalid');
  nav.navigate({ pathname: url.pathname, search: url.search });
}

/** The back button goes one step back; on the first page it puts the app in the background. */
export async function listenForLinksAndBack(ctx: () => DeepLinkContext, nav: NativeNavigation): Promise<() => Promise<void>> {
  const handles = await Promise.all([
    App.addListener('appUrlOpen', ({ url }) => openDeepLink(url, ctx(), nav)),
    App.addListener('backButton', ({ canGoBack }) => {
      if (canGoBack) nav.back();
      else void App.minimizeApp().catch((error: unknown) => console.warn('Lobby: the app could not be minimised', error));
    }),
  ]);
  return async () => {
    await Promise.all(handles.map((handle) => handle.remove()));
  };
}
