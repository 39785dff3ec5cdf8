import { TOAST_DURATION_MS } from '@lobby/contract';
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ComponentType, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import type { ToasterProps } from 'sonner';
import { appConfig } from '../config.ts';
import { isFullscreen } from '../lazy.ts';
import { ShellSlotsContext } from '../shell/slots.ts';
import { NavigationProgress } from './NavigationProgress.tsx';
import { TopBar } from './TopBar.tsx';

/**
 * Toasts come after the first paint: the library is not in the first load (pages that make toasts
 * load it with their own code). A failed load shows no toasts rather than an error screen.
 */
const noToasts: ComponentType<ToasterProps> = () => null;
const Toaster = lazy(() =>
  import('sonner').then(
    (module): { default: ComponentType<ToasterProps> } => ({ default: module.Toaster }),
    () => ({ default: noToasts }),
  ),
);

/**
 * The service worker, pushes in the foreground and the offline banner (issue 18), after the first
 * paint; precached by the worker, so it also loads offline.
 */
const PwaLayer = lazy(() =>
  import('../../features/offline/PwaLayer.tsx').then(
    (module): { default: ComponentType } => ({ default: module.PwaLayer }),
    (): { default: ComponentType } => ({ default: () => null }),
  ),
);

/**
 * The footer, left out on full-screen pages (the chats). Its own component: reading the matched
 * routes re-renders on every navigation state, which the layout itself must not.
 */
function Footer() {
  const { t } = useTranslation();
  if (isFullscreen(useMatches())) return null;
  return (
    <footer className="border-t border-line py-6 text-center text-xs text-fg-muted">
      {t('footer.text', { version: appConfig.version })} ·{' '}
      <a href="/api/docs" className="underline hover:text-fg">
        {t('footer.api')}
      </a>
    </footer>
  );
}

/**
 * A place in the layout that an event's pages fill through a portal. Its element is made with the
 * layout, before the first render, and attached under its host when the layout commits: the
 * event's sidebar, tab bar and switcher are then rendered and committed with the page itself.
 * (Taking the host's own element from a ref would set state during the commit, and React would
 * render the whole shell a second time, synchronously, in the same task as the first commit.)
 */
function useSlot(): [HTMLElement, (host: HTMLElement | null) => void] {
  const [slot] = useState(() => {
    const element = document.createElement('div');
    element.className = 'contents';
    return element;
  });
  const attach = useCallback(
    (host: HTMLElement | null) => {
      if (host && slot.parentNode !== host) host.appendChild(slot);
    },
    [slot],
  );
  return [slot, attach];
}

/**
 * The app shell (DESIGN.md section 11): skip link, top bar, then the event's sidebar slot next to
 * the main content, and the phone tab bar's slot at the bottom. Outside an event the slots stay
 * empty, so those pages get the top bar only.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const [sidebar, attachSidebar] = useSlot();
  const [tabBar, attachTabBar] = useSlot();
  const [switcher, attachSwitcher] = useSlot();
  const slots = useMemo(() => ({ sidebar, tabBar, switcher }), [sidebar, tabBar, switcher]);
  const main = useRef<HTMLElement>(null);
  // Focus moves into main itself (not only the scroll position), and the URL keeps no "#main" that the router would see.
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    main.current?.focus();
    main.current?.scrollIntoView();
  };
  return (
    <ShellSlotsContext.Provider value={slots}>
      <div className="flex min-h-dvh flex-col">
        <a href="#main" onClick={skipToMain} data-testid="skip-link" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-3 focus:py-2">
          {t('nav.skip')}
        </a>
        <NavigationProgress />
        <TopBar switcherSlot={attachSwitcher} />
        <Suspense fallback={null}>
          <PwaLayer />
        </Suspense>
        <div className="flex flex-1">
          <div ref={attachSidebar} className="contents" />
          <div className="flex min-w-0 flex-1 flex-col">
            <main id="main" ref={main} tabIndex={-1} className="flex-1 focus:outline-none">
              <Outlet />
            </main>
            <Footer />
          </div>
        </div>
        <div ref={attachTabBar} className="contents" />
        {/* Toasts of the favorite star and private notes (one place for the whole app). */}
        <Suspense fallback={null}>
          {/* Lobby's languages are all written left to right; without `dir` the library asks the
              browser for the document's computed direction, a forced style pass while the page loads. */}
          <Toaster position="bottom-center" duration={TOAST_DURATION_MS} closeButton dir="ltr" />
        </Suspense>
        <ScrollRestoration />
      </div>
    </ShellSlotsContext.Provider>
  );
}
