import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatChannels, chatMessages, companies, contactExchanges, eventMembers, favorites, meetings, ticketTypes, users } from '../../db/schema/index.ts';
import { memberCardColumns } from '../favorites/repo.ts';

/**
 * People a member is connected with in an event: they starred each other, they have an accepted
 * meeting, both wrote in their private chat, or one scanned the other's badge.
 */
export async function connectedMembers(db: Db, eventId: number, userId: number, myMemberId: number, limit: number, offset: number) {
  const starredAt = sql<Date | null>`(select f.created_at from ${favorites} f where f.user_id = ${userId} and f.event_id = ${eventId} and f.entity_type = 'member' and f.entity_id = ${eventMembers.id}
      and exists (select 1 from ${favorites} b where b.user_id = ${eventMembers.userId} and b.event_id = ${eventId} and b.entity_type = 'member' and b.entity_id = ${myMemberId}))`;
  const metAt = sql<Date | null>`(select max(m.updated_at) from ${meetings} m where m.event_id = ${eventId} and m.status = 'accepted'
      and ((m.organizer_id = ${userId} and m.invitee_id = ${eventMembers.userId}) or (m.invitee_id = ${userId} and m.organizer_id = ${eventMembers.userId})))`;
  const chattedAt = sql<Date | null>`(select c.updated_at from ${chatChannels} c where c.event_id = ${eventId}
      and c.pair_low = least(${userId}::int, ${eventMembers.userId}) and c.pair_high = greatest(${userId}::int, ${eventMembers.userId})
      and exists (select 1 from ${chatMessages} cm where cm.channel_id = c.id and cm.sender_id = ${userId})
      and exists (select 1 from ${chatMessages} cm where cm.channel_id = c.id and cm.sender_id = ${eventMembers.userId}))`;
  const exchangedAt = sql<Date | null>`(select x.created_at from ${contactExchanges} x where x.event_id = ${eventId}
      and x.user_low = least(${userId}::int, ${eventMembers.userId}) and x.user_high = greatest(${userId}::int, ${eventMembers.userId}))`;
  const where = and(eq(eventMembers.eventId, eventId), ne(eventMembers.userId, userId), sql`(${starredAt} is not null or ${metAt} is not null or ${chattedAt} is not null or ${exchangedAt} is not null)`);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...memberCardColumns, starredAt, metAt, chattedAt, exchangedAt })
      .from(eventMembers)
      .innerJoin(users, eq(users.id, eventMembers.userId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .leftJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId))
      .where(where)
      .orderBy(desc(sql`greatest(${starredAt}, ${metAt}, ${chattedAt}, ${exchangedAt})`), asc(eventMembers.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(eventMembers).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}
