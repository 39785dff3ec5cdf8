import type { Language, RouteDef } from '@lobby/contract';
import { requireActor } from '../auth/authenticate.ts';
import { AppError } from './errors.ts';
import { findInputProblem, INPUT_DEPTH_MAX } from './input.ts';
import { describeIssue, englishFormMessage, ErrorCode, wholeNumberHints, ZErrorBody } from '@lobby/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { serializerCompiler as zodSerializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
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

/**
 * 400 for input the database could not store (NUL) or nested past INPUT_DEPTH_MAX, before zod or
 * a query sees it.
 */
async function guardInput(request: FastifyRequest): Promise<void> {
  const problem = findInputProblem(request.params, 'path') ?? findInputProblem(request.query, 'query') ?? findInputProblem(request.body, 'body');
  if (!problem) return;
  if (problem.kind === 'nul') {
    const message = 'Text must not contain the NUL character.';
    throw new AppError(400, ErrorCode.validation, `Invalid value for "${problem.field}": ${message}`, { fields: [{ field: problem.field, message, key: 'invalid_characters', params: {} }] });
  }
  // The field is the part (body, query), not the 64-level path, which says nothing to a person.
  const field = problem.field.split('.')[0] ?? 'body';
  const message = `Must not be nested more than ${INPUT_DEPTH_MAX} levels deep.`;
  throw new AppError(400, ErrorCode.validation, `Invalid value for "${field}": ${message}`, { fields: [{ field, message, key: 'invalid', params: {} }] });
}

/** The raw value at a zod path, own properties only; undefined when nothing was given there. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || typeof key === 'symbol' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/**
 * zod validation for contract routes. Each failure carries its message key already worked out
 * (`params.described`), with what the finished zod issue no longer knows: whether a value was
 * given (so "abc" for an id is not "required") and whether a number had to be whole.
 */
// Fastify types `schema` as the whole route schema; at run time it is the zod schema of one part.
const validatorCompiler = ({ schema }: { schema: unknown }) => (data: unknown) => {
  const hints = wholeNumberHints();
  const result = (schema as z.ZodType).safeParse(data, { error: hints.error });
  if (result.success) return { value: result.data };
  const error: FastifySchemaValidationError[] = result.error.issues.map((issue) => {
    const raw = valueAt(data, issue.path);
    const described = describeIssue(issue, { given: raw !== undefined && raw !== null, whole: hints.wholeFor(issue) });
    return { keyword: issue.code, instancePath: `/${issue.path.map(String).join('/')}`, schemaPath: '', message: englishFormMessage(described), params: { described } };
  });
  return { error };
};

/** `/api/v1/timezones/{id}` -> `/api/v1/timezones/:id` */
export const fastifyPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

export interface RouteOptions {
  /**
   * The success answer is built by presenters typed with the contract's output type (object
   * literals, so TypeScript refuses an undeclared field), so it is written with JSON.stringify
   * without zod's encode pass over every field, about 0.1 ms for a page of 24 member cards (docs/
   * decisions.md, Members directory). Error answers still go through their schema. A test keeps
   * each such route's answer equal to its contract encoding.
   */
  presented?: boolean;
}

/** The success schema of a `presented` route is written as is; every other schema through zod. */
const presentedSerializer =
  (success: z.ZodType) =>
  (route: { schema: unknown; method: string; url: string; httpStatus?: string }): ((data: unknown) => string) =>
    route.schema === success ? (data) => JSON.stringify(data) : zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);

/**
 * Registers one contract route: zod validates params, query and body (400 in the error shape),
 * the response is serialised through the contract schema (undeclared fields dropped) unless the
 * route is `presented`, and the declared error statuses appear in OpenAPI.
 */
export function registerRoute<D extends RouteDef>(app: FastifyInstance, def: D, handler: Handler<D>, options: RouteOptions = {}): void {
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
    validatorCompiler,
    ...(options.presented ? { serializerCompiler: presentedSerializer(def.response) } : {}),
    preValidation: guardInput,
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
