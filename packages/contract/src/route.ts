import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Statuses a route may answer with besides its success status; each uses the error shape. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/**
 * One call of Lobby's API, declared once. The server registers it (validation, serialisation,
 * OpenAPI) and the web client derives its typed request function from the same object.
 * `path` uses OpenAPI placeholders: `/api/v1/timezones/{id}`.
 */
export interface RouteDef<
  P extends z.ZodObject | undefined = z.ZodObject | undefined,
  Q extends z.ZodObject | undefined = z.ZodObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  tags: readonly string[];
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** 302: the call answers with a redirect (Location header), no body. */
  status?: 200 | 201 | 202 | 204 | 302;
  errors: readonly ErrorStatus[];
  /** Non-error statuses answered with their own body (e.g. health's 503 with the health report). */
  otherResponses?: Partial<Record<number, z.ZodType>>;
  /** true when the call needs a signed-in person. */
  auth?: boolean;
}

export function defineRoute<
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(def: RouteDef<P, Q, B, R>): RouteDef<P, Q, B, R> {
  return def;
}

type Schema<T> = [NonNullable<T>] extends [never] ? undefined : NonNullable<T> extends z.ZodType ? NonNullable<T> : undefined;
type In<T> = Schema<T> extends z.ZodType ? z.input<Schema<T>> : never;

/** What a caller passes: params, query and body as the schemas accept them. */
export type RouteInput<D extends RouteDef> = (Schema<D['params']> extends undefined ? { params?: undefined } : { params: In<D['params']> }) &
  (Schema<D['query']> extends undefined ? { query?: undefined } : { query?: In<D['query']> }) &
  (Schema<D['body']> extends undefined ? { body?: undefined } : undefined extends In<D['body']> ? { body?: In<D['body']> } : { body: In<D['body']> });

export type RouteOutput<D extends RouteDef> = z.output<D['response']>;

/** Fills `{name}` placeholders with URL-encoded values. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Serialises a query object; arrays repeat their key (`filter[tags][]=1&filter[tags][]=2`). */
export function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const pairs: string[] = [];
  const add = (key: string, value: unknown) => pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) add(key, item);
    else add(key, value);
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}
