import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventMembers, ticketTypes, users } from '../../db/schema/index.ts';

export const listTicketTypes = (db: Db, eventId: number) => db.select().from(ticketTypes).where(eq(ticketTypes.eventId, eventId)).orderBy(asc(ticketTypes.sort), asc(ticketTypes.id));

/**
 * Takes one ticket of a type: `issued` rises only while under the quota, in a single statement, so
 * concurrent registrations can never issue more than the quota.
 */
export async function takeTicket(db: Db, ticketTypeId: number): Promise<boolean> {
  const rows = await db
    .update(ticketTypes)
    .set({ issued: sql`${ticketTypes.issued} + 1` })
    .where(and(eq(ticketTypes.id, ticketTypeId), or(isNull(ticketTypes.quota), lt(ticketTypes.issued, ticketTypes.quota))))
    .returning({ id: ticketTypes.id });
  return rows.length > 0;
}

export async function returnTicket(db: Db, ticketTypeId: number): Promise<void> {
  await db
    .update(ticketTypes)
    .set({ issued: sql`greatest(${ticketTypes.issued} - 1, 0)` })
    .where(eq(ticketTypes.id, ticketTypeId));
}

/** Adds a membership unless there is one; answers the row and whether it is new. */
export async function addMember(db: Db, values: typeof eventMembers.$inferInsert): Promise<{ row: typeof eventMembers.$inferSelect; created: boolean }> {
  const [created] = await db.insert(eventMembers).values(values).onConflictDoNothing({ target: [eventMembers.eventId, eventMembers.userId] }).returning();
  if (created) return { row: created, created: true };
  const [existing] = await db
    .select()
    .from(eventMembers)
    .where(and(eq(eventMembers.eventId, values.eventId), eq(eventMembers.userId, values.userId)))
    .limit(1);
  if (!existing) throw new Error('membership vanished');
  return { row: existing, created: false };
}

/** The event's members among lower-cased e-mails, as e-mail to user id (uploads name people by e-mail). */
export async function memberUsersByEmail(db: Db, eventId: number, emails: string[]): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ email: users.email, userId: users.id })
    .from(eventMembers)
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .where(and(eq(eventMembers.eventId, eventId), inArray(sql`lower(${users.email})`, emails)));
  return new Map(rows.map((row) => [row.email.toLowerCase(), row.userId]));
}
