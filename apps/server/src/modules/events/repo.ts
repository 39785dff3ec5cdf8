import { and, asc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { EventGroup } from '@lobby/contract';
import type { Db } from '../../db/client.ts';
import { brandings, eventMembers, events, media, meetingPoints } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql.ts';

export type EventRow = typeof events.$inferSelect;
export type MediaRow = typeof media.$inferSelect;
export type PointRow = typeof meetingPoints.$inferSelect;

export interface EventRecord {
  event: EventRow;
  media: MediaRow[];
  points: PointRow[];
}


/** Which group an event falls in at `now`; the same rule the list filters by. */
export function groupCondition(group: EventGroup, now: Date): SQL {
  if (group === 'past') return sql`${events.dateTo} < ${now}`;
  if (group === 'upcoming') return sql`${events.dateFrom} > ${now}`;
  return sql`${events.dateFrom} <= ${now} and ${events.dateTo} >= ${now}`;
}

export async function findActiveEvents(db: Db, filter: { query?: string; group?: EventGroup; now: Date }): Promise<EventRecord[]> {
  const conditions: SQL[] = [eq(events.active, true)];
  if (filter.query) {
    const pattern = containsPattern(filter.query);
    const match = or(ilike(events.name, pattern), ilike(events.tagline, pattern));
    if (match) conditions.push(match);
  }
  if (filter.group) conditions.push(groupCondition(filter.group, filter.now));
  const rows = await db
    .select()
    .from(events)
    .where(and(...conditions))
    .orderBy(asc(events.dateFrom), asc(events.id));
  return withRelations(db, rows);
}

/** Active events the user is a member of, and those open to all users. */
export async function findMyEvents(db: Db, userId: number): Promise<EventRecord[]> {
  const member = db
    .select({ one: sql`1` })
    .from(eventMembers)
    .where(and(eq(eventMembers.eventId, events.id), eq(eventMembers.userId, userId)));
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.active, true), or(eq(events.isAllUsers, true), exists(member))))
    .orderBy(asc(events.dateFrom), asc(events.id));
  return withRelations(db, rows);
}

export const findBrandings = (db: Db, eventId: number) => db.select().from(brandings).where(eq(brandings.eventId, eventId)).orderBy(asc(brandings.sort), asc(brandings.id));

export async function findActiveEvent(db: Db, ref: string): Promise<EventRecord | undefined> {
  const key = /^\d+$/.test(ref) ? eq(events.id, Number(ref)) : eq(events.slug, ref);
  const rows = await db
    .select()
    .from(events)
    .where(and(key, eq(events.active, true)))
    .limit(1);
  const [record] = await withRelations(db, rows);
  return record;
}

/** Loads media and meeting points of many events in two queries, not one per event. */
export async function withRelations(db: Db, rows: EventRow[]): Promise<EventRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [mediaRows, pointRows] = await Promise.all([
    db
      .select()
      .from(media)
      .where(and(eq(media.ownerType, 'event'), inArray(media.ownerId, ids)))
      .orderBy(asc(media.sort), asc(media.id)),
    db
      .select()
      .from(meetingPoints)
      .where(inArray(meetingPoints.eventId, ids))
      .orderBy(asc(meetingPoints.sort), asc(meetingPoints.id)),
  ]);
  return rows.map((event) => ({
    event,
    media: mediaRows.filter((m) => m.ownerId === event.id),
    points: pointRows.filter((p) => p.eventId === event.id),
  }));
}
