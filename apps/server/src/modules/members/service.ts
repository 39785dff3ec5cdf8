import { ErrorCode, type EventMember } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import type { AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { eventMembers, events } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { presentMember } from './present.ts';
import { loadMe } from '../users/me.ts';
import { findUser } from '../users/repo.ts';
import { addMember, listTicketTypes, returnTicket, takeTicket } from './repo.ts';

type EventRow = typeof events.$inferSelect;

const isOver = (event: EventRow, now = new Date()) => event.dateTo < now && (!event.hubDateTo || event.hubDateTo < now);

async function findEventById(db: Db, id: number): Promise<EventRow> {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.active, true)))
    .limit(1);
  if (!event) throw new AppError(404, ErrorCode.eventNotFound, `Event ${id} was not found.`);
  return event;
}

/**
 * Joins the signed-in person to an event. Open-to-all and automatic-registration events take
 * everyone with their default free pass; a chosen self-service pass must have some left.
 */
export async function joinEvent(db: Db, userId: number, event: EventRow, ticketTypeId?: number): Promise<void> {
  if (isOver(event)) throw new AppError(409, ErrorCode.eventOver, 'This event is over.');
  const [existing] = await db
    .select({ id: eventMembers.id })
    .from(eventMembers)
    .where(and(eq(eventMembers.eventId, event.id), eq(eventMembers.userId, userId)))
    .limit(1);
  if (existing) return;
  const types = await listTicketTypes(db, event.id);
  const type = ticketTypeId === undefined ? types.find((t) => t.selfService) : types.find((t) => t.id === ticketTypeId);
  if (ticketTypeId !== undefined && !type?.selfService) throw new AppError(403, ErrorCode.ticketNotAvailable, 'This ticket cannot be taken by registering; ask the organisers.');
  if (ticketTypeId === undefined && !event.isAllUsers && !event.autoReg) {
    throw new AppError(403, ErrorCode.registrationClosed, 'Registration for this event is by invitation or ticket only.');
  }
  if (type && !(await takeTicket(db, type.id))) throw new AppError(409, ErrorCode.passesExhausted, `No "${type.name}" passes are left.`, { ticket_type_id: type.id });
  const { created } = await addMember(db, { eventId: event.id, userId, ticketTypeId: type?.id ?? null, roleIds: [1] });
  if (!created && type) await returnTicket(db, type.id);
}

export async function registerForEvent(db: Db, secret: string, access: AccessSource, userId: number, event: EventRow, ticketTypeId?: number): Promise<EventMember> {
  await joinEvent(db, userId, event, ticketTypeId);
  await access.refresh(event.id);
  return myMembership(db, secret, access, event);
}

/** The person in the event; members of open-to-all events are enrolled on first visit. */
export async function myMembership(db: Db, secret: string, source: AccessSource, eventOrId: EventRow | number): Promise<EventMember> {
  const event = typeof eventOrId === 'number' ? await findEventById(db, eventOrId) : eventOrId;
  let access = await source.get(event.id);
  if (!access.member && event.isAllUsers && access.userId !== null && !isOver(event)) {
    await joinEvent(db, access.userId, event);
    access = await source.refresh(event.id);
  }
  if (!access.member) throw new AppError(404, ErrorCode.memberNotFound, 'You are not a member of this event.');
  const user = await findUser(db, access.member.userId);
  if (!user) throw new AppError(404, ErrorCode.memberNotFound, 'You are not a member of this event.');
  return presentMember(access.member, access, await listTicketTypes(db, event.id), event, await loadMe(db, secret, user));
}
