import { ErrorCode } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { accessFor, type EventAccess } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

export type EventRow = typeof events.$inferSelect;

const forbidden = () => new AppError(403, ErrorCode.forbidden, 'Only the organisers of this event can do that.');

/** The back office is for platform staff and the event's organisers (product.md section 6). */
export async function requireManage(request: FastifyRequest, db: Db, eventId: number): Promise<{ event: EventRow; access: EventAccess }> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  const access = await accessFor(request, db, eventId);
  if (!event) {
    // Nothing is revealed to people who could not manage it anyway.
    if (!access.isStaff) throw forbidden();
    throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  }
  if (!access.can('event.manage')) throw forbidden();
  return { event, access };
}

export async function requireCreate(request: FastifyRequest, db: Db): Promise<EventAccess> {
  const access = await accessFor(request, db, null);
  if (!access.can('event.create')) throw new AppError(403, ErrorCode.forbidden, 'Only organisers can create events.');
  return access;
}
