// The signed-in person: GET/PATCH /users/me and POST /users/me/change-password (contract.md section 7).
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../auth/authenticate.ts';
import { passwordChangeAttempt } from '../../auth/throttle.ts';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/route.ts';
import { changePassword } from '../auth/service.ts';
import { getMe, updateMe } from './service.ts';

export function userRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, config, limiter, mailer } = deps;
  registerRoute(app, routes.getMe, async ({ request }) => ({ data: await getMe(db, config.secret, requireActor(request).userId) }));
  registerRoute(app, routes.updateMe, async ({ request, body }) => ({ data: await updateMe(db, config.secret, requireActor(request).userId, body) }));
  registerRoute(app, routes.changePassword, async ({ request, body }) => {
    const actor = requireActor(request);
    const succeeded = await passwordChangeAttempt(limiter, actor.userId);
    const ctx = { db, secret: config.secret, publicUrl: config.publicUrl, mailer, sessionsEnded: (ids: string[]) => deps.realtime.disconnectSessions(ids) };
    const revoked = await changePassword(ctx, actor, body.current_password, body.password);
    await succeeded();
    return { data: { revoked } };
  });
}
