// Queries of a member's own badge and of contact exchanges.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyUsers, contactExchanges, eventCompanies, eventMembers, favorites, ticketTypes, users } from '../../db/schema/index.ts';
import { memberCardColumns } from '../favorites/repo.ts';

/** Records the exchange once per pair (lower id first); false when the two had exchanged before. */
export async function insertExchange(db: Db, eventId: number, low: number, high: number): Promise<boolean> {
  const rows = await db.insert(contactExchanges).values({ eventId, userLow: low, userHigh: high }).onConflictDoNothing().returning({ low: contactExchanges.userLow });
  return rows.length > 0;
}

/** A member's card as the directory shows it, and whether `viewerId` starred them. */
export async function memberCardOf(db: Db, eventId: number, userId: number, viewerId: number) {
  const starred = sql<boolean>`exists (select 1 from ${favorites} f where f.user_id = ${viewerId} and f.event_id = ${eventId} and f.entity_type = 'member' and f.entity_id = ${eventMembers.id})`;
  const [row] = await db
    .select({ ...memberCardColumns, starred })
    .from(eventMembers)
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId))
    .where(and(eq(eventMembers.eventId, eventId), eq(eventMembers.userId, userId)))
    .limit(1);
  return row;
}

/** Companies of the event in which the person holds a role (their booths' leads). */
export const leadCompaniesOf = (db: Db, eventId: number, userId: number) =>
  db
    .select({ id: companies.id, name: companies.name, roles: companyUsers.roles })
    .from(companyUsers)
    .innerJoin(eventCompanies, and(eq(eventCompanies.companyId, companyUsers.companyId), eq(eventCompanies.eventId, eventId)))
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(and(eq(companyUsers.userId, userId), sql`cardinality(${companyUsers.roles}) > 0`))
    .orderBy(companies.name);
