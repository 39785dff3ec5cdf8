import { PAGE_RELOAD_RETRY_LIMIT } from '@lobby/contract';
import { createElement, type ComponentType } from 'react';
import type { LoaderFunction, LoaderFunctionArgs, Params } from 'react-router';
import { isOffline, NetworkError } from '../api/errors.ts';

const RELOADS_KEY = 'lobby.module-reloads';

/** A route module could not be loaded even after the one reload. */
export class ModuleLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the app could not be loaded', { cause });
    this.name = 'ModuleLoadError';
  }
}

const reloadCount = (): number => Number(window.sessionStorage.getItem(RELOADS_KEY) ?? 0) || 0;

/** Reset once the router is ready after a successful start (product.md section 2). */
export function resetModuleReloads(): void {
  window.sessionStorage.removeItem(RELOADS_KEY);
}

/**
 * A failed dynamic import (usually a new deploy replaced the chunk) reloads the page at most
 * PAGE_RELOAD_RETRY_LIMIT times, at the address the person was going to; the counter survives the
 * reload in sessionStorage.
 */
function reloadOnce(target: string): boolean {
  const count = reloadCount();
  if (count >= PAGE_RELOAD_RETRY_LIMIT) return false;
  window.sessionStorage.setItem(RELOADS_KEY, String(count + 1));
  window.location.assign(target);
  return true;
}

/** Offline before navigation -> the network-error screen (product.md section 2). */
export function guard(loader?: LoaderFunction): LoaderFunction {
  return (args: LoaderFunctionArgs) => {
    if (isOffline()) throw new NetworkError();
    return loader ? loader(args) : null;
  };
}

/**
 * A route's `handle`: what may start for the address the app opens at before the texts have loaded
 * (startFirstLoad in router.tsx), so the page's code and its first API call load in parallel with
 * them instead of one after the other.
 */
export interface RouteHandle {
  /** Starts loading the page's code; a failure is left to the loader, which tries again. */
  preload?: () => void;
  /** Starts the page's first API call, where the address alone tells it. */
  prefetch?: (params: Params, url: URL) => void;
  /** The page fills the screen below the top bar: the layout leaves out its footer. */
  fullscreen?: boolean;
}

/** Whether the matched routes ask for the whole screen (a route handle's `fullscreen`). */
export const isFullscreen = (matches: readonly { handle: unknown }[]): boolean => matches.some((match) => (match.handle as RouteHandle | undefined)?.fullscreen === true);

export interface PageModule {
  Component: ComponentType;
  loader?: LoaderFunction;
  /** The page's first API calls, started on the first load as soon as its code is there (RouteHandle.prefetch). */
  prefetch?: (params: Params, url: URL) => void;
}

/**
 * A page whose code loads on first navigation. The import happens in the route's loader (so the
 * route-change spinner covers it and the offline guard runs first), and a failed import is
 * forgotten so that "Try again" really tries again. React Router's own `lazy` keeps a failed
 * import for good, which would leave the page broken after the network comes back.
 *
 * Offline, a page is the network-error screen, unless it reads offline (`offline`: the agenda, the
 * chats, the event around them): then its code and its calls come from what the service worker
 * kept, and only what it did not keep is the network-error screen (issue 18).
 */
export function lazyPage(load: () => Promise<PageModule>, options: { offline?: boolean } = {}): { loader: LoaderFunction; Component: ComponentType; handle: RouteHandle } {
  let loaded: PageModule | undefined;
  let pending: Promise<PageModule> | undefined;
  const importOnce = () => {
    pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return {
    loader: async (args) => {
      if (isOffline() && !options.offline) throw new NetworkError();
      let module: PageModule;
      try {
        module = await importOnce();
      } catch (error) {
        if (isOffline()) throw new NetworkError(error);
        if (reloadOnce(args.request.url)) return new Promise<never>(() => {});
        throw new ModuleLoadError(error);
      }
      return module.loader ? module.loader(args) : null;
    },
    Component: function LazyPage() {
      if (!loaded) throw new ModuleLoadError(new Error('rendered before its loader ran'));
      return createElement(loaded.Component);
    },
    handle: {
      preload: () => void importOnce().catch(() => {}),
      prefetch: (params, url) =>
        void importOnce()
          .then((module) => module.prefetch?.(params, url))
          .catch(() => {}),
    },
  };
}
