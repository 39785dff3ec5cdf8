// Error reporting (contract.md sections 7 "Other", 8 and 9): POST /api/v1/errors (the browser's
// tunnel), and the server's own 5xx errors and sampled request traces, to SENTRY_DSN or the log.
import { ERROR_REPORT_MAX_BYTES, ERROR_REPORTS_PER_MINUTE, routes, SENTRY_ENVELOPE_TYPE } from '@lobby/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { redactUrl } from '../../http/redact.ts';
import { registerRoute } from '../../http/route.ts';
import { ErrorReporter, type RequestTrace } from './reporter.ts';
import { continueTrace, tunnel } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    sentryTrace: RequestTrace | undefined;
  }
}

/** Errors the client caused (4xx: validation, AppErrors below 500) are answers, not faults of the server. */
export function isServerFault(error: FastifyError): boolean {
  if (error instanceof AppError) return error.status >= 500;
  if (Array.isArray(error.validation) && error.validation.length > 0) return false;
  const status = error.statusCode ?? 500;
  return status >= 500;
}

/** Registered before the other modules, so its hooks see every route; the tunnel comes later (errorTunnelRoutes). */
export function errorRoutes(app: FastifyInstance, deps: Deps): ErrorReporter {
  const reporter = new ErrorReporter(deps.config.sentry, deps.config.version, (error) => app.log.warn({ err: error }, 'error report not sent'));
  app.decorateRequest('sentryTrace', undefined);
  // Without a reporting service nothing reads a trace: no ids are drawn and no hooks run.
  if (!reporter.enabled) return reporter;
  app.addHook('onRequest', async (request) => {
    request.sentryTrace = continueTrace(request.headers);
  });
  app.addHook('onError', async (request, _reply, error) => {
    if (!isServerFault(error)) return;
    // Never awaited: the person's answer does not wait on the reporting service.
    void reporter.captureException(error, { trace: request.sentryTrace, method: request.method, route: request.routeOptions.url, url: `${deps.config.publicUrl}${redactUrl(request.url)}` });
  });
  app.addHook('onResponse', async (request, reply) => {
    const trace = request.sentryTrace;
    if (!trace?.sampled || !request.url.startsWith('/api/') || request.routeOptions.url === routes.reportErrors.path.replace(/\{(\w+)\}/g, ':$1')) return;
    void reporter.captureTransaction(trace, { method: request.method, route: request.routeOptions.url ?? 'unknown', status: reply.statusCode });
  });

  return reporter;
}

/** POST /api/v1/errors, after the OpenAPI plugin so the document lists it. */
export async function errorTunnelRoutes(app: FastifyInstance, deps: Deps, reporter: ErrorReporter): Promise<void> {
  // Envelopes as text, in their own scope so no other route takes these content types.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser([SENTRY_ENVELOPE_TYPE, 'text/plain'], { parseAs: 'string', bodyLimit: ERROR_REPORT_MAX_BYTES }, (_request, body, done) => done(null, body));
    registerRoute(scope, routes.reportErrors, async ({ body, request }) => {
      await deps.limiter.check([{ key: `errors:${request.ip}`, limit: ERROR_REPORTS_PER_MINUTE, windowMs: 60_000 }]);
      return { data: await tunnel(reporter, body, request.log) };
    });
  });
}
