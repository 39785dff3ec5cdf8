// Registers the service worker (src/sw.ts, built to /sw.js) once the page has loaded, so it adds
// nothing to the first load; the PWA layer calls it after the first paint.
import { queryClient } from '../../api/query-client.ts';
import type { CacheAssetsMessage } from './cache-rules.ts';

/** The routes whose answers the worker keeps (cache-rules.ts): loaded again once it controls the page. */
export const KEPT_QUERIES = new Set(['users.me', 'events.get', 'members.me', 'meetings.list', 'program.get', 'badges.me', 'leads.mine', 'chat.channels.list', 'chat.unread', 'chat.channels.get']);

/** The build files this page loaded (its resource timings) before a worker controlled it. */
export function loadedAssets(entries: readonly { name: string }[], origin: string): string[] {
  const urls = new Set<string>();
  for (const entry of entries) {
    try {
      const url = new URL(entry.name);
      if (url.origin === origin && url.pathname.startsWith('/assets/')) urls.add(url.pathname);
    } catch {
      // Not an address.
    }
  }
  return [...urls].slice(0, 500);
}

/**
 * The first time a worker takes control (the first visit): what loaded before it is handed over,
 * the build files to keep and the offline views' calls made again through it, so the agenda and
 * the chats read offline from the first visit on.
 */
function onFirstControl(): void {
  const message: CacheAssetsMessage = { type: 'lobby:cache-assets', urls: loadedAssets(performance.getEntriesByType('resource'), window.location.origin) };
  navigator.serviceWorker.controller?.postMessage(message);
  void queryClient.invalidateQueries({ predicate: (query) => KEPT_QUERIES.has(String(query.queryKey[0])) });
}

/**
 * The worker learns the mode and the public address from its own URL (push routing needs them);
 * a change of either is a new worker. Only in a build: the development server has no /sw.js.
 */
export async function registerServiceWorker(mode: 'general' | 'single', publicUrl: string): Promise<ServiceWorkerRegistration | null> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  if (!navigator.serviceWorker.controller) navigator.serviceWorker.addEventListener('controllerchange', onFirstControl, { once: true });
  const query = new URLSearchParams({ mode, public: publicUrl });
  return navigator.serviceWorker.register(`/sw.js?${query.toString()}`, { scope: '/' });
}
