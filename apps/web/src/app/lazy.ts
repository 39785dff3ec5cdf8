import { PAGE_RELOAD_RETRY_LIMIT } from '@lobby/contract';
import type { LoaderFunction, LoaderFunctionArgs, RouteObject } from 'react-router';
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
 * PAGE_RELOAD_RETRY_LIMIT times; the counter survives the reload in sessionStorage.
 */
function reloadOnce(): boolean {
  const count = reloadCount();
  if (count >= PAGE_RELOAD_RETRY_LIMIT) return false;
  window.sessionStorage.setItem(RELOADS_KEY, String(count + 1));
  window.location.reload();
  return true;
}

/** Offline before navigation -> the network-error screen (product.md section 2). */
export function guard(loader?: LoaderFunction): LoaderFunction {
  return (args: LoaderFunctionArgs) => {
    if (isOffline()) throw new NetworkError();
    return loader ? loader(args) : null;
  };
}

type RouteModule = Pick<RouteObject, 'Component' | 'loader' | 'handle'>;

/** A lazily loaded page: the offline guard, the reload-once rule, and the module's loader guarded too. */
export function lazyPage(load: () => Promise<RouteModule>): NonNullable<RouteObject['lazy']> {
  return async () => {
    if (isOffline()) throw new NetworkError();
    let module: RouteModule;
    try {
      module = await load();
    } catch (error) {
      if (isOffline()) throw new NetworkError(error);
      if (reloadOnce()) return new Promise<never>(() => {});
      throw new ModuleLoadError(error);
    }
    const loader = typeof module.loader === 'function' ? module.loader : undefined;
    return { ...module, loader: guard(loader) };
  };
}
