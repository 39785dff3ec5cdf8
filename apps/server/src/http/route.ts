import type { Language, RouteDef } from '@lobby/contract';
import { requireActor } from '../auth/authenticate.ts';
import { AppError } from './errors.ts';
import { ErrorCode, ZErrorBody } from '@lobby/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Out<T> = [NonNullable<T>] extends [never] ? undefined : [NonNullable<T>] extends [z.ZodType] ? z.output<NonNullable<T>> : undefined;

export interface HandlerContext<D extends RouteDef> {
  params: Out<D['params']>;
  query: Out<D['query']>;
  body: Out<D['body']>;
  lang: Language;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Answers the response body, or the reply itself after a redirect. */
export type Handler<D extends RouteDef> = (ctx: HandlerContext<D>) => Promise<z.input<D['response']> | FastifyReply>;

/** Finds a NUL character anywhere in decoded input; PostgreSQL text cannot hold one. */
function nulField(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulField(item, `${path}.${index}`);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = nulField(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

/** 400 for input the database could not store, before it reaches a query. */
async function rejectNul(request: FastifyRequest): Promise<void> {
  const field = nulField(request.params, 'path') ?? nulField(request.query, 'query') ?? nulField(request.body, 'body');
  if (field) {
    const message = 'Text must not contain the NUL character.';
    throw new AppError(400, ErrorCode.validation, `Invalid value for "${field}": ${message}`, { fields: [{ field, message, key: 'invalid_characters', params: {} }] });
  }
}

/** `/api/v1/timezones/{id}` -> `/api/v1/timezones/:id` */
export const fastifyPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Registers one contract route: zod validates params, query and body (400 in the error shape),
 * the response is serialised through the contract schema (undeclared fields dropped), and the
 * declared error statuses appear in OpenAPI.
 */
export function registerRoute<D extends RouteDef>(app: FastifyInstance, def: D, handler: Handler<D>): void {
  const status = def.status ?? 200;
  const response: Record<number, z.ZodType> = { [status]: def.response };
  for (const code of def.errors) response[code] = ZErrorBody;
  for (const [code, schema] of Object.entries(def.otherResponses ?? {})) if (schema) response[Number(code)] = schema;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: fastifyPath(def.path),
    schema: {
      operationId: def.id,
      summary: def.summary,
      tags: [...def.tags],
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response,
      ...(def.auth ? { security: [{ bearerAuth: [] }] } : {}),
    },
    // Authentication is checked before the body is read or validated: a guest learns nothing from 400s.
    ...(def.auth ? { onRequest: async (request: FastifyRequest) => void requireActor(request) } : {}),
    preValidation: rejectNul,
    handler: async (request, reply) => {
      reply.status(status);
      const result = await handler({
        params: request.params as Out<D['params']>,
        query: request.query as Out<D['query']>,
        body: request.body as Out<D['body']>,
        lang: request.lang,
        request,
        reply,
      });
      return result;
    },
  });
}
