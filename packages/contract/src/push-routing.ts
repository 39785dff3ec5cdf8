// Push routing and deep links (product.md section 2 "Push routing (native shell)" and "Deep links
// (native)"; contract.md "Native app behaviour"): where a tapped push or an opened link leads.
// Pure functions, shared by the service worker, the web app and the native shell. Kept free of zod.

/** What a push carries besides its title and text (the server's push payload `data`). */
export interface PushData {
  type: string;
  event_id?: number | null;
  event_slug?: string | null;
  meeting_id?: number | null;
  channel_id?: string | null;
  lesson_id?: number | null;
  lecture_id?: number | null;
  hall_id?: number | null;
  request_id?: number | null;
  member_id?: number | null;
  /** A custom push may carry an address: in the app when it is the product's, else in a browser. */
  url?: string | null;
}

export type PushRoute = { kind: 'app'; path: string } | { kind: 'external'; url: string } | { kind: 'invalid'; log: typeof INCORRECT_PUSH_DATA };

export const INCORRECT_PUSH_DATA = 'incorrect route push data';

// The contract has no DOM or Node types: the platform's URL, as much of it as these rules read.
interface Query {
  set(name: string, value: string): void;
  toString(): string;
  [Symbol.iterator](): Iterator<[string, string]>;
}
interface Url {
  href: string;
  protocol: string;
  hostname: string;
  pathname: string;
  search: string;
  username: string;
  password: string;
  searchParams: Query;
}
const URL = (globalThis as unknown as { URL: new (input: string, base?: string) => Url }).URL;
const URLSearchParams = (globalThis as unknown as { URLSearchParams: new (init?: string) => Query }).URLSearchParams;

export interface RoutingContext {
  /** The product's own hosts (PUBLIC_URL's host and its event subdomains' base). */
  productHosts: readonly string[];
  /** Single-event mode: the event's pages sit at the top level, not under /events/{slug}. */
  singleEvent: boolean;
}

const MEETING_LIST_TYPES = new Set(['meeting_confirmed', 'meeting_canceled', 'meeting_rescheduled']);
const CALENDAR_TYPES = new Set(['new_meeting_request_v2', 'meeting_confirmed_v2', 'meeting_canceled_v2', 'meeting_rescheduled_v2', 'meeting_reminder_v2']);
const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** A path containing expo or lectures opens with the page chat open (query chat=open). */
export function withChatOpen(path: string): string {
  const [pathname = '', query = ''] = path.split('?', 2);
  if (!/(^|\/)(expo|lectures)(\/|$)/.test(pathname)) return path;
  const params = new URLSearchParams(query);
  params.set('chat', 'open');
  return `${pathname}?${params.toString()}`;
}

function hostIsProduct(host: string, productHosts: readonly string[]): boolean {
  const lower = host.toLowerCase();
  return productHosts.some((product) => lower === product.toLowerCase() || lower.endsWith(`.${product.toLowerCase()}`));
}

/**
 * An event's own subdomain: one label in front of a product host (summit.lobby.events: the
 * three-part host of the spec), not www.
 */
function eventSubdomain(host: string, productHosts: readonly string[]): string | null {
  const lower = host.toLowerCase();
  for (const product of productHosts) {
    const base = product.toLowerCase();
    if (!lower.endsWith(`.${base}`)) continue;
    const sub = lower.slice(0, -base.length - 1);
    if (!sub.includes('.') && sub !== 'www' && SLUG.test(sub)) return sub;
  }
  return null;
}

/** The app's path of a product address: an event subdomain's pages sit under /events/{subdomain}/. */
function appPathOf(url: Url, productHosts: readonly string[]): string {
  const sub = eventSubdomain(url.hostname, productHosts);
  return sub === null ? url.pathname || '/' : `/events/${sub}/${url.pathname.replace(/^\/+/, '')}`;
}

/** The event's base path: /events/{slug} in general mode, the top level in single-event mode. */
const eventBase = (slug: string, ctx: RoutingContext) => (ctx.singleEvent ? '' : `/events/${slug}`);

/**
 * Where a tapped push leads: new_message the event's chats with the channel, homework_status_updated
 * the academy lesson, new_meeting_request the meeting as an invite, the other meeting types the list
 * item, the V2 types and the reminder the calendar item, custom_push the notifications, other types
 * the event's root (Lobby's own lecture reminder, showcase decision and deal suggestion open what
 * their notification opens). A url opens in the app when it is the product's, else outside. A push
 * of an event without the event is refused with 'incorrect route push data' (only logged).
 */
export function pushRoute(data: PushData, ctx: RoutingContext): PushRoute {
  if (typeof data.url === 'string' && data.url !== '') {
    const inner = productPath(data.url, ctx.productHosts);
    if (inner !== null) return { kind: 'app', path: withChatOpen(inner) };
    try {
      const url = new URL(data.url);
      if (url.protocol === 'https:' || url.protocol === 'http:') return { kind: 'external', url: url.href };
    } catch {
      // Not an address: routed by its type below.
    }
  }
  const slug = typeof data.event_slug === 'string' && SLUG.test(data.event_slug) ? data.event_slug : null;
  if (data.type === 'custom_push') return { kind: 'app', path: slug ? `${eventBase(slug, ctx)}/notifications` : '/notifications' };
  if (slug === null) return { kind: 'invalid', log: INCORRECT_PUSH_DATA };
  const base = eventBase(slug, ctx);
  const at = (path: string): PushRoute => ({ kind: 'app', path: withChatOpen(`${base}/${path}`) });
  switch (data.type) {
    case 'new_message':
      return at(typeof data.channel_id === 'string' && /^[0-9a-f-]{36}$/i.test(data.channel_id) ? `chats/${data.channel_id}` : 'chats');
    case 'homework_status_updated':
      return isId(data.lesson_id) ? at(`academy/lesson/${data.lesson_id}`) : at('academy/program');
    case 'new_meeting_request':
      return isId(data.meeting_id) ? at(`meetings/list/${data.meeting_id}?isInvite=true`) : at('meetings');
    case 'lecture_reminder':
      return isId(data.hall_id) && isId(data.lecture_id) ? at(`lectures/${data.hall_id}/${data.lecture_id}`) : at('program');
    case 'showcase_decision':
      return isId(data.request_id) ? at(`showcase/showcase-game/${data.request_id}`) : at('showcase');
    case 'deal_suggestion':
      return isId(data.member_id) ? at(`members/${data.member_id}/create-meeting`) : at('showcase');
    default:
      if (MEETING_LIST_TYPES.has(data.type)) return isId(data.meeting_id) ? at(`meetings/list/${data.meeting_id}`) : at('meetings');
      if (CALENDAR_TYPES.has(data.type)) return isId(data.meeting_id) ? at(`calendar/${data.meeting_id}`) : at('calendar');
      return { kind: 'app', path: base === '' ? '/' : `${base}/` };
  }
}

/** The in-app path of a product address (its host or a relative path), or null when it is another site's. */
function productPath(raw: string, productHosts: readonly string[]): string | null {
  if (raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\')) {
    const url = new URL(raw, 'https://product.invalid');
    return `${url.pathname}${url.search}`;
  }
  try {
    const url = new URL(raw);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return null;
    return hostIsProduct(url.hostname, productHosts) ? `${appPathOf(url, productHosts)}${url.search}` : null;
  } catch {
    return null;
  }
}

export type DeepLink = { kind: 'window'; path: string } | { kind: 'router'; path: string; query: Record<string, string> };

export interface DeepLinkContext {
  /** The product's base hosts: an event's own subdomain is one label in front of one of them. */
  productHosts: readonly string[];
  /** App-link prefixes put in front of real addresses (a custom scheme, a link service). */
  appLinkPrefixes: readonly string[];
}

/**
 * A link opened in the native app: an app-link prefix is removed; a link of the product's own host
 * becomes an in-app path; one whose host has three parts (an event's subdomain) becomes
 * /events/{subdomain}/ followed by its path; a path without /events/ opens in the same window, one
 * with it goes to the router with its path and query. Anything else is not the app's: null.
 */
export function deepLinkRoute(raw: string, ctx: DeepLinkContext): DeepLink | null {
  let link = raw.trim();
  let prefixed = false;
  for (const prefix of ctx.appLinkPrefixes) {
    if (prefix !== '' && link.toLowerCase().startsWith(prefix.toLowerCase())) {
      link = link.slice(prefix.length);
      prefixed = true;
      break;
    }
  }
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(link);
  // Only an app link may carry a bare path (the app's own); anything else must be a full address.
  if (!absolute && !prefixed) return null;
  let url: Url;
  try {
    url = absolute ? new URL(link) : new URL(link.startsWith('/') ? link : `/${link}`, `https://${ctx.productHosts[0] ?? 'product.invalid'}`);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || !hostIsProduct(url.hostname, ctx.productHosts)) return null;
  const path = appPathOf(url, ctx.productHosts);
  if (!path.includes('/events/')) return { kind: 'window', path: `${path}${url.search}` };
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!Object.hasOwn(query, key) && key !== '__proto__') query[key] = value;
  return { kind: 'router', path, query };
}
