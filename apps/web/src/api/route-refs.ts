import type { HttpMethod, RouteDef, routes } from '@lobby/contract';

type Routes = typeof routes;

/**
 * A route's address (id, method, path) with its full definition kept as a type only. The contract's
 * route table holds every zod schema, so importing it pulls zod and all schemas into the first load;
 * the shell's own calls use these references instead (route-refs.test.ts checks them against the
 * contract, so they cannot drift).
 */
export interface RouteRef<D extends RouteDef> {
  readonly id: string;
  readonly method: HttpMethod;
  readonly path: string;
  /** Never set: carries the definition's type for callApi's request and response types. */
  readonly def?: D;
}

/** A schema-free reference to the contract route K; a feature's own references are checked against the contract by its tests. */
export const routeRef = <K extends keyof Routes>(id: Routes[K]['id'], method: Routes[K]['method'], path: Routes[K]['path']): RouteRef<Routes[K]> => ({ id, method, path });
const ref = routeRef;

/** The calls made before any page's code has loaded: session, the person, the event and its switcher. */
export const shellRoutes = {
  getMe: ref<'getMe'>('users.me', 'GET', '/api/v1/users/me'),
  updateMe: ref<'updateMe'>('users.me.update', 'PATCH', '/api/v1/users/me'),
  getTimezone: ref<'getTimezone'>('timezones.get', 'GET', '/api/v1/timezones/{id}'),
  logout: ref<'logout'>('auth.logout', 'POST', '/api/v1/auth/logout'),
  refreshSession: ref<'refreshSession'>('auth.refresh', 'POST', '/api/v1/auth/refresh'),
  listEvents: ref<'listEvents'>('events.list', 'GET', '/api/v1/events'),
  getEvent: ref<'getEvent'>('events.get', 'GET', '/api/v1/events/{slug}'),
  getMyMembership: ref<'getMyMembership'>('members.me', 'GET', '/api/v1/{eventId}/members/me'),
  /** The bell in the top bar. */
  countUnreadNotifications: ref<'countUnreadNotifications'>('notifications.unread', 'GET', '/api/v1/notifications/unread'),
} satisfies { [K in keyof Routes]?: RouteRef<Routes[K]> };

/**
 * The calls of the pages people open first (the events list, an event home, the people directory)
 * and of the components those pages load with them: their chunks stay free of zod and the
 * contract's schemas, which are off the first paint's critical path (docs/decisions.md, first load).
 */
export const pageRoutes = {
  registerForEvent: ref<'registerForEvent'>('events.register', 'POST', '/api/v1/events/{slug}/register'),
  listPasses: ref<'listPasses'>('events.passes', 'GET', '/api/v1/events/{slug}/passes'),
  listBrandings: ref<'listBrandings'>('events.brandings', 'GET', '/api/v1/events/{eventId}/brandings'),
  listMembers: ref<'listMembers'>('members.list', 'GET', '/api/v1/{eventId}/members'),
  listDictionaries: ref<'listDictionaries'>('dictionaries.list', 'GET', '/api/v1/dictionaries'),
  addFavorite: ref<'addFavorite'>('favorites.add', 'PUT', '/api/v1/{eventId}/favorites/{type}/{id}'),
  removeFavorite: ref<'removeFavorite'>('favorites.remove', 'DELETE', '/api/v1/{eventId}/favorites/{type}/{id}'),
  listFavoriteMembers: ref<'listFavoriteMembers'>('favorites.users', 'GET', '/api/v1/{eventId}/favorites/users'),
  listFavoriteCompanies: ref<'listFavoriteCompanies'>('favorites.companies', 'GET', '/api/v1/{eventId}/favorites/companies'),
} satisfies { [K in keyof Routes]?: RouteRef<Routes[K]> };
