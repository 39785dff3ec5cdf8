import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, eventCompanies, eventMembers, favorites, lectures, ticketTypes, users } from '../../db/schema/index.ts';

export type FavoriteEntity = 'member' | 'company' | 'lecture';

export async function memberOfEvent(db: Db, eventId: number, memberId: number): Promise<boolean> {
  const [row] = await db.select({ id: eventMembers.id }).from(eventMembers).where(and(eq(eventMembers.id, memberId), eq(eventMembers.eventId, eventId))).limit(1);
  return row !== undefined;
}

export async function lectureOfEvent(db: Db, eventId: number, lectureId: number): Promise<boolean> {
  const [row] = await db.select({ id: lectures.id }).from(lectures).where(and(eq(lectures.id, lectureId), eq(lectures.eventId, eventId))).limit(1);
  return row !== undefined;
}

export async function companyOfEvent(db: Db, eventId: number, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: eventCompanies.companyId })
    .from(eventCompanies)
    .where(and(eq(eventCompanies.companyId, companyId), eq(eventCompanies.eventId, eventId)))
    .limit(1);
  return row !== undefined;
}

/** ON CONFLICT DO NOTHING keeps one row however many stars arrive at once. */
export const addStar = (db: Db, userId: number, eventId: number, entityType: FavoriteEntity, entityId: number) =>
  db.insert(favorites).values({ userId, eventId, entityType, entityId }).onConflictDoNothing();

export const removeStar = (db: Db, userId: number, eventId: number, entityType: FavoriteEntity, entityId: number) =>
  db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.eventId, eventId), eq(favorites.entityType, entityType), eq(favorites.entityId, entityId)));

const mine = (userId: number, eventId: number, entityType: FavoriteEntity) => and(eq(favorites.userId, userId), eq(favorites.eventId, eventId), eq(favorites.entityType, entityType));

/** Columns the compact cards need: the member, the person, their company and whether the ticket lifts them. */
export const memberCardColumns = {
  member: eventMembers,
  user: users,
  company: { id: companies.id, name: companies.name, logoKey: companies.logoKey },
  features: ticketTypes.features,
};

export async function starredMembers(db: Db, userId: number, eventId: number, limit: number, offset: number) {
  // Joining event_members on the event drops stars of people who have since left it.
  const where = and(mine(userId, eventId, 'member'), eq(eventMembers.eventId, eventId));
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    db
      .select(memberCardColumns)
      .from(favorites)
      .innerJoin(eventMembers, eq(eventMembers.id, favorites.entityId))
      .innerJoin(users, eq(users.id, eventMembers.userId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .leftJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId))
      .where(where)
      .orderBy(desc(favorites.createdAt), desc(favorites.entityId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(favorites).innerJoin(eventMembers, eq(eventMembers.id, favorites.entityId)).where(where),
  ]);
  return { rows, total: n };
}

export async function starredCompanies(db: Db, userId: number, eventId: number, limit: number, offset: number) {
  const join = and(eq(eventCompanies.companyId, favorites.entityId), eq(eventCompanies.eventId, eventId));
  const where = mine(userId, eventId, 'company');
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    db
      .select({
        company: companies,
        sponsorType: eventCompanies.sponsorType,
        membersCount: sql<number>`(select count(*)::int from company_users cu where cu.company_id = ${companies.id})`,
      })
      .from(favorites)
      .innerJoin(eventCompanies, join)
      .innerJoin(companies, eq(companies.id, favorites.entityId))
      .where(where)
      .orderBy(desc(favorites.createdAt), desc(favorites.entityId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(favorites).innerJoin(eventCompanies, join).where(where),
  ]);
  return { rows, total: n };
}
