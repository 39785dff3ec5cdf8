// Local mailbox of the embedded mode: lets a person follow mailed links without an SMTP server.
// Never on with DATABASE_URL unless LOBBY_MAILBOX=1 (README, configuration).
import { ErrorCode, routes, type Mail } from '@lobby/contract';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { registerRoute } from '../../http/route.ts';

type Row = typeof outbox.$inferSelect;
const summary = (row: Row) => ({ id: row.id, to: row.toEmail, subject: row.subject, kind: row.kind as Mail['kind'], status: row.status, created_at: row.createdAt.toISOString() });

export function mailboxRoutes(app: FastifyInstance, { db, config }: Deps): void {
  const disabled = () => new AppError(404, ErrorCode.routeNotFound, 'The local mailbox is not enabled on this server.');

  registerRoute(app, routes.listMailbox, async ({ query }) => {
    if (!config.mailbox) throw disabled();
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

  registerRoute(app, routes.getMail, async ({ params }) => {
    if (!config.mailbox) throw disabled();
    const [row] = await db.select().from(outbox).where(eq(outbox.id, params.id)).limit(1);
    if (!row) throw new AppError(404, ErrorCode.notFound, `No mail ${params.id}.`);
    return { data: { ...summary(row), text: row.text, html: row.html } };
  });
}
