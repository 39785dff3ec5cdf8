import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { companies, eventMembers, favorites, ticketTypes, users } from '../../db/schema/index.ts';
import { memberCardColumns } from '../favorites/repo.ts';

const back = alias(favorites, 'back');

/**
 * People connected with a member: the member starred them and they starred the member back.
 * Meetings and chats join here as further ways of being connected when they exist.
 */
export async function mutualStars(db: Db, eventId: number, userId: number, myMemberId: number, limit: number, offset: number) {
  const where = and(eq(favorites.userId, userId), eq(favorites.eventId, eventId), eq(favorites.entityType, 'member'), eq(eventMembers.eventId, eventId));
  const backJoin = and(eq(back.userId, eventMembers.userId), eq(back.eventId, eventId), eq(back.entityType, 'member'), eq(back.entityId, myMemberId));
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    db
      .select(memberCardColumns)
      .from(favorites)
      .innerJoin(eventMembers, eq(eventMembers.id, favorites.entityId))
      .innerJoin(back, backJoin)
      .innerJoin(users, eq(users.id, eventMembers.userId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .leftJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId))
      .where(where)
      .orderBy(desc(favorites.createdAt), desc(favorites.entityId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(favorites).innerJoin(eventMembers, eq(eventMembers.id, favorites.entityId)).innerJoin(back, backJoin).where(where),
  ]);
  return { rows, total: n };
}
