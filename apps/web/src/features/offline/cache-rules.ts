// What the service worker keeps for reading offline (issue 18, "Installable, and useful offline"),
// shared by the worker (src/sw.ts) and the page. Pure: no DOM, no worker API.
import { PERSONAL_CACHE_PREFIX } from './personal-caches.ts';

/** Hashed build files (/assets/...): kept as they are first loaded, so pages opened once open offline. */
export const ASSETS_CACHE = 'lobby-assets';

export { PERSONAL_CACHE_PREFIX };

export interface ApiCacheGroup {
  cache: string;
  /** Oldest entries go beyond this many addresses (each query string is its own address). */
  maxEntries: number;
  /** The contract's GET routes (their path templates) whose last answer is kept. */
  paths: readonly string[];
}

/**
 * The calls the offline views read: the shell (the person, the event and the membership, which
 * every event page loads first), the agenda (accepted meetings, starred lectures from the program)
 * with the badge page (my badge, the companies that scanned it), and the chats (the list and the
 * newest page of the channels opened recently).
 * cache-rules.test.ts checks each path against the contract and that nothing else is kept.
 */
export const API_CACHE_GROUPS: readonly ApiCacheGroup[] = [
  { cache: `${PERSONAL_CACHE_PREFIX}shell`, maxEntries: 20, paths: ['/api/v1/users/me', '/api/v1/events/{slug}', '/api/v1/{eventId}/members/me'] },
  { cache: `${PERSONAL_CACHE_PREFIX}agenda`, maxEntries: 30, paths: ['/api/v1/{eventId}/meetings', '/api/v1/{eventId}/program', '/api/v1/{eventId}/badge/me', '/api/v1/{eventId}/leads/mine'] },
  {
    cache: `${PERSONAL_CACHE_PREFIX}chats`,
    maxEntries: 60,
    paths: ['/api/v1/chat/channels', '/api/v1/chat/channels/unreadmessages', '/api/v1/chat/channels/{id}', '/api/v1/chat/channels/{id}/messages'],
  },
];

/** A path template as a matcher: each {param} is one path segment. */
export const templatePattern = (template: string): RegExp =>
  new RegExp(`^${template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^/]+')}$`);

const matchers = API_CACHE_GROUPS.map((group) => ({ group, patterns: group.paths.map(templatePattern) }));

/** The cache group of a same-origin GET by its path, or null when its answers are never kept. */
export function apiCacheGroupOf(pathname: string): ApiCacheGroup | null {
  return matchers.find(({ patterns }) => patterns.some((pattern) => pattern.test(pathname)))?.group ?? null;
}

/**
 * Page addresses the worker answers offline with the app shell: not the API, not files (a path
 * with an extension answers 404 from the server, not the app), not the mail links' redirect.
 */
export function isAppNavigation(pathname: string): boolean {
  return !/^\/(api|eventhub|demo)(\/|$)/.test(pathname) && !/\.[a-z0-9]{1,8}$/i.test(pathname);
}

/** The page's list of build files it loaded before the worker controlled it (the worker keeps them). */
export interface CacheAssetsMessage {
  type: 'lobby:cache-assets';
  urls: string[];
}

export function isCacheAssetsMessage(value: unknown): value is CacheAssetsMessage {
  const message = value as Partial<CacheAssetsMessage> | null;
  return message?.type === 'lobby:cache-assets' && Array.isArray(message.urls) && message.urls.length <= 500 && message.urls.every((url) => typeof url === 'string' && url.startsWith('/assets/'));
}

/**
 * The page asks the worker to forget the person (sign-in, sign-out): it deletes the personal caches
 * and keeps no answer of a call that started before, so a call still on its way cannot write them
 * again. It answers on the message's port.
 */
export const FORGET_MESSAGE = 'lobby:forget';

export const isForgetMessage = (value: unknown): boolean => (value as { type?: unknown } | null)?.type === FORGET_MESSAGE;
