import { ErrorCode, type TicketType, type TicketTypeInput } from '@lobby/contract';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventMembers, ticketTypes } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { presentTicketType } from '../members/present.ts';

const columns = (input: TicketTypeInput) => ({
  code: input.code,
  name: input.name,
  kind: input.kind,
  features: [...new Set(input.features)],
  quota: input.quota ?? null,
  selfService: input.self_service,
  upgradeUrl: input.upgrade_url || null,
  ...(input.meeting_quota === undefined ? {} : { meetingQuota: input.meeting_quota }),
  ...(input.sort === undefined ? {} : { sort: input.sort }),
});

async function checkCode(db: Db, eventId: number, code: string, exceptId?: number): Promise<void> {
  const [row] = await db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, eventId), eq(ticketTypes.code, code)))
    .limit(1);
  if (row && row.id !== exceptId) throw new AppError(409, ErrorCode.ticketCodeTaken, `Another ticket type of this event has the code "${code}".`, { fields: [{ field: 'body.code', message: 'This code is taken.' }] });
}

export async function findTicketType(db: Db, eventId: number, id: number) {
  const [row] = await db
    .select()
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, eventId), eq(ticketTypes.id, id)))
    .limit(1);
  if (!row) throw new AppError(404, ErrorCode.notFound, `Ticket type ${id} is not part of this event.`);
  return row;
}

export async function createTicketType(db: Db, eventId: number, input: TicketTypeInput): Promise<TicketType> {
  await checkCode(db, eventId, input.code);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(ticketTypes).where(eq(ticketTypes.eventId, eventId));
  const [row] = await db
    .insert(ticketTypes)
    .values({ eventId, sort: n, ...columns(input) })
    .returning();
  if (!row) throw new Error('no ticket type row');
  return presentTicketType(row);
}

export async function updateTicketType(db: Db, eventId: number, id: number, input: TicketTypeInput): Promise<TicketType> {
  const current = await findTicketType(db, eventId, id);
  await checkCode(db, eventId, input.code, id);
  if (input.quota !== null && input.quota !== undefined && input.quota < current.issued) {
    throw new AppError(409, ErrorCode.quotaBelowIssued, `${current.issued} tickets of this type are already issued; the quota cannot be lower.`, {
      fields: [{ field: 'body.quota', message: `At least ${current.issued}.` }],
    });
  }
  const [row] = await db.update(ticketTypes).set(columns(input)).where(eq(ticketTypes.id, id)).returning();
  if (!row) throw new Error('ticket type vanished');
  return presentTicketType(row);
}

export async function deleteTicketType(db: Db, eventId: number, id: number): Promise<void> {
  await findTicketType(db, eventId, id);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(eventMembers).where(eq(eventMembers.ticketTypeId, id));
  if (n > 0) throw new AppError(409, ErrorCode.ticketTypeInUse, `${n} people hold this ticket; give them another one first.`);
  await db.delete(ticketTypes).where(eq(ticketTypes.id, id));
}
