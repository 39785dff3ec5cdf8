// Local mailbox of the demo: lets a person follow mailed links without an SMTP server.
// It exists only in demo mode without SMTP_URL; open to guests only while the server listens on
// loopback alone, otherwise readable by platform staff (config.ts: mailboxMode).
import { ErrorCode, routes, type Mail } from '@lobby/contract';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { outbox, users } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { registerRoute } from '../../http/route.ts';
import { mailboxVerdict } from './policy.ts';

type Row = typeof outbox.$inferSelect;
const summary = (row: Row) => ({ id: row.id, to: row.toEmail, subject: row.subject, kind: row.kind as Mail['kind'], status: row.status, created_at: row.createdAt.toISOString() });

export function mailboxRoutes(app: FastifyInstance, { db, config }: Deps): void {
  const authorize = async (request: FastifyRequest): Promise<void> => {
    let isStaff = false;
    if (config.mailbox === 'staff' && request.actor) {
      const [user] = await db.select({ isStaff: users.isStaff }).from(users).where(eq(users.id, request.actor.userId)).limit(1);
      isStaff = user?.isStaff ?? false;
    }
    const verdict = mailboxVerdict(config.mailbox, { signedIn: request.actor !== null, isStaff });
    if (verdict === 'off') throw new AppError(404, ErrorCode.routeNotFound, 'The local mailbox is not enabled on this server.');
    if (verdict === 'sign_in') throw new AppError(401, ErrorCode.unauthorized, 'Please sign in to continue.');
    if (verdict === 'forbidden') throw new AppError(403, ErrorCode.forbidden, 'Only platform staff may read the local mailbox on a server reachable from the network.');
  };

  registerRoute(app, routes.listMailbox, async ({ query, request }) => {
    await authorize(request);
    const conditions: SQL[] = [];
    if (query['filter[to]']) conditions.push(eq(outbox.toEmail, query['filter[to]'].toLowerCase()));
    const rows = await db
      .select()
      .from(outbox)
      .where(and(...conditions))
      .orderBy(desc(outbox.id))
      .limit(100);
    return { data: rows.map(summary) };
  });

  registerRoute(app, routes.getMail, async ({ params, request }) => {
    await authorize(request);
    const [row] = await db.select().from(outbox).where(eq(outbox.id, params.id)).limit(1);
    if (!row) throw new AppError(404, ErrorCode.notFound, `No mail ${params.id}.`);
    return { data: { ...summary(row), text: row.text, html: row.html } };
  });
}
