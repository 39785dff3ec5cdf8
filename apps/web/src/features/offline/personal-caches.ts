/** Every cache holding a person's own answers starts with this (cache-rules.ts); sign-out and sign-in delete them all. */
export const PERSONAL_CACHE_PREFIX = 'lobby-api-';

/**
 * Forgets what the service worker kept of the signed-in person (agenda, badge, chats), so the next
 * person on this device never reads it. Build files and the app shell stay.
 */
export async function clearPersonalCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PERSONAL_CACHE_PREFIX)).map((name) => caches.delete(name)));
}
