// Health: GET /api/health (database reachable, version, mode) for load balancers and operators.
import { routes, type Health } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/route.ts';

export function healthRoutes(app: FastifyInstance, deps: Deps): void {
  registerRoute(app, routes.getHealth, async ({ reply }) => {
    const [database, redis] = await Promise.all([deps.database.ping(), deps.redis ? deps.redis.ping() : Promise.resolve(null)]);
    const health: Health = {
      status: database && redis !== false ? 'ok' : 'degraded',
      version: deps.config.version,
      mode: deps.database.kind === 'pglite' ? 'embedded' : 'postgres',
      database: database ? 'up' : 'down',
      redis: redis === null ? 'off' : redis ? 'up' : 'down',
      uptime_s: Math.round(process.uptime()),
    };
    // A node without its database cannot serve; without Redis it still can, degraded.
    if (!database) reply.status(503).header('retry-after', '5');
    return health;
  });
}
