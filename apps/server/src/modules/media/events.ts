import { ErrorCode } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

export async function findEventById(db: Db, id: number): Promise<void> {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, id), eq(events.active, true)))
    .limit(1);
  if (!event) throw new AppError(404, ErrorCode.eventNotFound, `Event ${id} was not found.`);
}
