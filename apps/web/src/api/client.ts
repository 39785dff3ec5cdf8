import { buildPath, buildQuery, type RouteDef, type RouteInput, type RouteOutput } from '@lobby/contract';
import { queryOptions } from '@tanstack/react-query';
import { currentLanguage } from '../i18n/index.ts';
import { ApiError, NetworkError } from './errors.ts';
import type { RouteRef } from './route-refs.ts';
import { refreshSession } from './refresh.ts';
import { isExpiring, readToken } from './session.ts';
import { traceHeaders } from '../lib/trace.ts';

/** Called when the session cannot be refreshed: the person is signed out (set by features/auth). */
let onSessionLost: () => void = () => {};
export const setSessionLostHandler = (handler: () => void) => {
  onSessionLost = handler;
};

async function send(route: RouteRef<RouteDef>, url: string, body: string | undefined, token: string | undefined, signal?: AbortSignal): Promise<Response> {
  // The page's trace goes along, so the server's errors and timings link to what the browser did.
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLanguage(), ...traceHeaders() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(url, { method: route.method, headers, body, signal, credentials: 'same-origin' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError(error);
  }
}

const keepOnNetworkError = (error: unknown): null => {
  if (error instanceof NetworkError) return null;
  throw error;
};

/**
 * Calls one contract route (its definition, or a schema-free reference from route-refs.ts). Request and response types come from the contract's zod schemas, so
 * there are no hand-written request types. Sends Accept-Language and, when signed in, the access
 * token; on a 401 it refreshes once and retries, and if that fails the person is signed out
 * (contract.md section 7).
 */
export async function callApi<D extends RouteDef>(route: D | RouteRef<D>, input: RouteInput<D>, signal?: AbortSignal): Promise<RouteOutput<D>> {
  const url = buildPath(route.path, (input.params ?? {}) as Record<string, string | number>) + buildQuery(input.query as Record<string, unknown> | undefined);
  const body = input.body === undefined ? undefined : JSON.stringify(input.body);
  let token = readToken();
  // Offline the refresh cannot reach the server, but the service worker may still answer from what
  // it kept (issue 18): the call goes on with the old token instead of failing here.
  if (token && isExpiring(token)) token = (await refreshSession(token.access_token).catch(keepOnNetworkError)) ?? token;
  let response = await send(route, url, body, token?.access_token, signal);
  if (response.status === 401 && token) {
    const fresh = await refreshSession(token.access_token);
    if (fresh) response = await send(route, url, body, fresh.access_token, signal);
    else onSessionLost();
  }
  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) throw ApiError.from(response.status, payload);
  return payload as RouteOutput<D>;
}

/** TanStack Query options for a GET route; the key is the route id and its input. */
export function apiQuery<D extends RouteDef>(route: D | RouteRef<D>, input: RouteInput<D>) {
  return queryOptions({
    queryKey: [route.id, input] as const,
    queryFn: ({ signal }) => callApi(route, input, signal),
  });
}
