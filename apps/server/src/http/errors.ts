import { describeIssue, englishFormMessage, ErrorCode, type ErrorBody } from '@lobby/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
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

/**
 * Turns zod issues into `{ field, message, key, params }`: the field names the failing input, the
 * message is English, key and params let the web app say it in the person's language.
 */
function validationDetails(error: FastifyError & { validation: ValidationIssue[] }) {
  const part = (error.validationContext ?? 'body') as Part;
  return error.validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    const described = describeIssue({ ...(issue.params ?? {}), code: issue.keyword, message: issue.message ?? '' } as Parameters<typeof describeIssue>[0]);
    return { field: path ? `${partName[part]}.${path}` : partName[part], message: englishFormMessage(described), key: described.key, params: described.params };
  });
}

/** Fastify's own 4xx codes mapped to stable codes of the contract. */
const fastifyCodes: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ErrorCode.payloadTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ErrorCode.unsupportedMediaType,
  FST_ERR_CTP_EMPTY_JSON_BODY: ErrorCode.validation,
  FST_ERR_CTP_INVALID_JSON_BODY: ErrorCode.validation,
  FST_ERR_RATE_LIMIT_EXCEEDED: ErrorCode.tooManyRequests,
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationDetails(error as FastifyError & { validation: ValidationIssue[] });
      const first = fields[0];
      const message = first ? `Invalid value for "${first.field}": ${first.message}` : 'The request is invalid.';
      return reply.status(400).send(errorBody(ErrorCode.validation, message, { fields }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match the contract');
      return reply.status(500).send(errorBody(ErrorCode.internal, 'Something went wrong on our side. Please try again.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = fastifyCodes[error.code] ?? (status === 404 ? ErrorCode.notFound : `http.${status}`);
      return reply.status(status).send(errorBody(code, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(status >= 500 ? status : 500).send(errorBody(ErrorCode.internal, 'Something went wrong on our side. Please try again.'));
  });
}
