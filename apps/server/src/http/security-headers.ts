import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers (CSP, HSTS, frame options, ...) on every response. The middleware is built once,
 * here: its directives are parsed and checked at start (a bad directive stops the server there),
 * and a request only evaluates the per-response values (the script nonce, the framed origins).
 * The Fastify plugin built a whole helmet middleware per request, which parsed and validated every
 * directive again: about 40 µs a request (docs/decisions.md, "Members directory").
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
