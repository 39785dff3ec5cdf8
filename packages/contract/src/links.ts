/**
 * Control characters (C0, DEL, C1) and the backslash. Browsers drop tabs and newlines from URLs
 * and read `\` as `/`, so `/\t/evil.example` or `/\evil.example` would leave the site.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\\]/;

/** A path on this site: one `/`, then anything but a second `/` or `\` (`//host` is another site). */
export function isSameOriginPath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) && !UNSAFE_CHARACTER.test(value);
}

/**
 * A picture address: absolute `https://...`, or a path on this server that starts with exactly
 * one `/` followed by something other than `/` (`//host/x.png` and `/\host/x.png` load from
 * other hosts). Never whitespace, quotes, angle brackets, control characters or backslashes.
 */
// eslint-disable-next-line no-control-regex -- excluding control characters is the point
export const PICTURE_URL = /^(?:https:\/\/[^\s"'<>\\\u0000-\u001f\u007f-\u009f]+|\/(?!\/)[^\s"'<>\\\u0000-\u001f\u007f-\u009f]+)$/;

type EventHubAction = { path: string; entity: boolean };

/** Where `eventhub/index.html?event=&action=&entity=&redirect=` leads (product.md section 2). A Map: no inherited names. */
const ACTIONS = new Map<string, EventHubAction>([
  ['event', { path: '', entity: false }],
  ['meeting', { path: '/meetings/list', entity: true }],
  ['meetings', { path: '/meetings/list', entity: false }],
  ['calendar', { path: '/calendar', entity: true }],
  ['chat', { path: '/chats', entity: true }],
  ['chats', { path: '/chats', entity: false }],
  ['lecture', { path: '/lectures', entity: true }],
  ['member', { path: '/members', entity: true }],
  ['members', { path: '/members', entity: false }],
  ['company', { path: '/companies', entity: true }],
  ['news', { path: '/news', entity: true }],
  ['lesson', { path: '/academy/lesson', entity: true }],
  ['program', { path: '/program', entity: false }],
  ['notifications', { path: '/notifications', entity: false }],
]);

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const ENTITY = /^[A-Za-z0-9_-]{1,64}$/;
const REDIRECT_MAX = 2000;

/** A query value as a string: repeated parameters (arrays) count by their first value, like URLSearchParams.get. */
const text = (value: unknown): string | undefined => {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
};

/**
 * A decoded path made fit for a Location header: non-ASCII and reserved-unsafe characters are
 * percent-encoded (a header must be ASCII). undefined for text encodeURI refuses (lone surrogates).
 */
function encodePath(path: string): string | undefined {
  try {
    return encodeURI(path);
  } catch {
    return undefined;
  }
}

export interface EventHubQuery {
  event?: unknown;
  action?: unknown;
  entity?: unknown;
  redirect?: unknown;
}

/** The same-origin, ASCII-only path an eventhub link leads to; `/` when nothing in it is usable. */
export function eventHubTarget(params: EventHubQuery): string {
  const redirect = text(params.redirect);
  if (redirect && redirect.length <= REDIRECT_MAX && isSameOriginPath(redirect)) {
    const encoded = encodePath(redirect);
    if (encoded) return encoded;
  }
  const event = text(params.event);
  if (!event || !SLUG.test(event)) return '/';
  const base = `/events/${event}`;
  const actionName = text(params.action);
  const action = actionName === undefined ? undefined : ACTIONS.get(actionName);
  if (!action) return base;
  if (!action.entity) return `${base}${action.path}`;
  const entity = text(params.entity);
  return entity && ENTITY.test(entity) ? `${base}${action.path}/${entity}` : base;
}
