import { describeIssue, englishFormMessage, ErrorCode, type DescribedIssue, type ErrorBody } from '@lobby/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An error a service throws on purpose; it reaches the client in the one error shape. */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details?: Record<string, unknown>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(404, code, message, details);

export const errorBody = (code: string, message: string, details?: Record<string, unknown>): ErrorBody => ({
  error: details ? { code, message, details } : { code, message },
});

type Part = 'params' | 'querystring' | 'body' | 'headers';
const partName: Record<Part, string> = { params: 'path', querystring: 'query', body: 'body', headers: 'header' };

type ValidationIssue = { keyword: string; instancePath: string; message?: string; params?: Record<string, unknown> };

const isDescribed = (value: unknown): value is DescribedIssue =>
  typeof value === 'object' && value !== null && typeof (value as DescribedIssue).key === 'string' && typeof (value as DescribedIssue).params === 'object';

/**
 * Turns validation issues into `{ field, message, key, params }`: the field names the failing
 * input, the message is English, key and params let the web app say it in the person's language.
 * Contract routes describe each issue while validating (route.ts); others fall back to the issue.
 */
function validationDetails(error: FastifyError & { validation: ValidationIssue[] }) {
  const part = (error.validationContext ?? 'body') as Part;
  return error.validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    const given = issue.params?.described;
    const described = isDescribed(given) ? given : describeIssue({ ...(issue.params ?? {}), code: issue.keyword, message: issue.message ?? '' } as Parameters<typeof describeIssue>[0]);
    return { field: path ? `${partName[part]}.${path}` : partName[part], message: englishFormMessage(described), key: described.key, params: described.params };
  });
}

/** Fastify's own 4xx errors: a stable code of the contract and a sentence a person can act on. */
const fastifyErrors: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ErrorCode.payloadTooLarge, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: ErrorCode.unsupportedMediaType, message: 'This content type is not accepted here; send JSON (application/json).' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: ErrorCode.validation, message: 'The Content-Length header does not match the body.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ErrorCode.validation, message: 'The body is empty although the content type says JSON.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ErrorCode.validation, message: 'The body is not valid JSON.' },
  FST_ERR_BAD_URL: { code: ErrorCode.badUrl, message: 'The address is not valid: it has a broken percent-encoding.' },
  FST_ERR_MAX_PARAM_LENGTH: { code: ErrorCode.uriTooLong, message: 'A part of the address is too long.' },
  FST_ERR_RATE_LIMIT_EXCEEDED: { code: ErrorCode.tooManyRequests, message: 'Too many requests. Try again later.' },
};

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/** A 4xx from Fastify itself (body parsing, router) in Lobby's error shape. */
function frameworkClientError(error: FastifyError, status: number): ErrorBody {
  const known = fastifyErrors[error.code];
  if (known) return errorBody(known.code, known.message);
  if (status === 404) return errorBody(ErrorCode.notFound, 'Not found.');
  return errorBody(`http.${status}`, error.message);
}

/**
 * Fastify's `frameworkErrors` option: errors the router raises before any route or error handler
 * runs (a path with broken percent-encoding: 400; a path parameter past maxParamLength: 414).
 * Without it Fastify answers them in its own shape.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    void reply.status(status).send(frameworkClientError(error, status));
    return;
  }
  request.log.error({ err: error }, 'router error');
  void reply.status(500).send(errorBody(ErrorCode.internal, INTERNAL_MESSAGE));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(errorBody(error.code, error.message, error.details));
    }
    // Schema validation of any route: contract routes (route.ts) and the zod type provider's own.
    if (hasZodFastifySchemaValidationErrors(error) || (Array.isArray(error.validation) && error.validation.length > 0)) {
      const fields = validationDetails(error as FastifyError & { validation: ValidationIssue[] });
      const first = fields[0];
      const message = first ? `Invalid value for "${first.field}": ${first.message}` : 'The request is invalid.';
      return reply.status(400).send(errorBody(ErrorCode.validation, message, { fields }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match the contract');
      return reply.status(500).send(errorBody(ErrorCode.internal, INTERNAL_MESSAGE));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send(frameworkClientError(error, status));
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(status >= 500 ? status : 500).send(errorBody(ErrorCode.internal, INTERNAL_MESSAGE));
  });
}
