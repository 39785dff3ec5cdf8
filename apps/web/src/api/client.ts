import { buildPath, buildQuery, type RouteDef, type RouteInput, type RouteOutput } from '@lobby/contract';
import { queryOptions } from '@tanstack/react-query';
import { currentLanguage } from '../i18n/index.ts';
import { ApiError, NetworkError } from './errors.ts';

/**
 * Calls one contract route. Request and response types come from the contract's zod schemas,
 * so there are no hand-written request types. Sends Accept-Language with the current language.
 */
export async function callApi<D extends RouteDef>(route: D, input: RouteInput<D>, signal?: AbortSignal): Promise<RouteOutput<D>> {
  const url = buildPath(route.path, (input.params ?? {}) as Record<string, string | number>) + buildQuery(input.query as Record<string, unknown> | undefined);
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLanguage() };
  let body: string | undefined;
  if (input.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input.body);
  }
  let response: Response;
  try {
    response = await fetch(url, { method: route.method, headers, body, signal, credentials: 'same-origin' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError(error);
  }
  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) throw ApiError.from(response.status, payload);
  return payload as RouteOutput<D>;
}

/** TanStack Query options for a GET route; the key is the route id and its input. */
export function apiQuery<D extends RouteDef>(route: D, input: RouteInput<D>) {
  return queryOptions({
    queryKey: [route.id, input] as const,
    queryFn: ({ signal }) => callApi(route, input, signal),
  });
}
