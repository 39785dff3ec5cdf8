// Lobby's service worker (issue 18): the app shell precached, pages opened once kept for offline
// reading, web push shown as notifications. Built by vite-plugin-pwa (injectManifest, build/pwa.ts)
// into /sw.js; registered by the page after it has loaded (features/offline/register.ts).
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { addRoute, cleanupOutdatedCaches, matchPrecache, precache, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { API_CACHE_GROUPS, apiCacheGroupOf, ASSETS_CACHE, isAppNavigation, isCacheAssetsMessage, isForgetMessage, PERSONAL_CACHE_PREFIX } from './features/offline/cache-rules.ts';
import { routingContextOf } from './features/push/push-message.ts';
import { handlePush, openRoute, routeOfNotification, type WindowClientLike, type WorkerScope } from './sw/push-handlers.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const DAY_S = 24 * 60 * 60;

// A new version takes over at once: the pages load their chunks by hashed names, and those of the
// version they started with stay in the assets cache.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precache(self.__WB_MANIFEST);

// Pages: from the network (a fresh index.html with its own nonce and configuration); offline, the
// precached shell, whose router shows what is kept or the network-error page.
registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && isAppNavigation(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache('/')) ?? Response.error();
    }
  },
);

// The shell's own files (entry chunks, texts, icons), from the precache.
addRoute();

// Every other build file once it has loaded (a page opened once opens offline).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * DAY_S, purgeOnQuotaError: true })],
  }),
);

/**
 * Sign-in and sign-out start a new generation: an answer to a call made before is returned to its
 * page but never kept, so a call on its way during a sign-out cannot bring the person's data back.
 */
let generation = 0;
const sameGeneration: WorkboxPlugin = {
  requestWillFetch: ({ request, state }) => {
    if (state) state.generation = generation;
    return Promise.resolve(request);
  },
  cacheWillUpdate: ({ response, state }) => Promise.resolve(state?.generation === generation ? response : null),
};

// The answers the offline views read: from the network, the last one kept for offline.
for (const group of API_CACHE_GROUPS) {
  const strategy = new NetworkFirst({
    cacheName: group.cache,
    // A venue's overloaded Wi-Fi: after this the kept answer shows (the network's still wins if there is none).
    networkTimeoutSeconds: 10,
    // Kept by address only: the language or encoding asked for does not hide the answer offline.
    matchOptions: { ignoreVary: true },
    plugins: [sameGeneration, new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: group.maxEntries, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true })],
  });
  registerRoute(({ url, sameOrigin }) => sameOrigin && apiCacheGroupOf(url.pathname)?.cache === group.cache, strategy, 'GET');
}

self.addEventListener('message', (event) => {
  if (!isForgetMessage(event.data)) return;
  generation += 1;
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith(PERSONAL_CACHE_PREFIX)).map((name) => caches.delete(name))))
      .finally(() => event.ports[0]?.postMessage('forgotten')),
  );
});

// Chunks the page loaded before this worker controlled it: kept now, so the first visit already counts.
self.addEventListener('message', (event) => {
  if (!isCacheAssetsMessage(event.data)) return;
  const { urls } = event.data;
  event.waitUntil(
    caches.open(ASSETS_CACHE).then(async (cache) => {
      for (const url of urls) if (!(await cache.match(url))) await cache.add(url).catch(() => {});
    }),
  );
});

const params = new URL(self.location.href).searchParams;
const scope: WorkerScope = {
  origin: self.location.origin,
  routing: routingContextOf(self.location.hostname, params.get('public'), params.get('mode') === 'single'),
  windows: async () => (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) as readonly WindowClient[] as readonly WindowClientLike[],
  openWindow: (url) => self.clients.openWindow(url),
  showNotification: (title, options) => self.registration.showNotification(title, options),
  askToNavigate: (client, path) =>
    new Promise<boolean>((resolve) => {
      const channel = new MessageChannel();
      const timer = setTimeout(() => resolve(false), 1500);
      channel.port1.onmessage = () => {
        clearTimeout(timer);
        resolve(true);
      };
      client.postMessage({ type: 'lobby:navigate', path }, [channel.port2]);
    }),
};

self.addEventListener('push', (event) => event.waitUntil(handlePush(event.data?.text() ?? null, scope)));

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openRoute(routeOfNotification(event.notification.data), scope));
});
