import type { VideoSource } from '@lobby/contract';
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { archiveConsents, archiveVideos, eventMembers, events, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql.ts';

export type VideoRow = typeof archiveVideos.$inferSelect;
export interface VideoWithEvent {
  video: VideoRow;
  event: { id: number; name: string };
}

export interface VideoFilters {
  category?: number | undefined;
  tag?: string | undefined;
  speaker?: number | undefined;
  source?: VideoSource | undefined;
  event?: number | undefined;
  query?: string | undefined;
}

/** The user-facing archive shows videos of active events only: a draft event's name stays unseen. */
function whereOf(filters: VideoFilters, activeOnly: boolean): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    activeOnly ? eq(events.active, true) : undefined,
    filters.category !== undefined ? eq(archiveVideos.category, filters.category) : undefined,
    filters.tag !== undefined ? sql`${archiveVideos.tags} @> array[${filters.tag}]::text[]` : undefined,
    filters.speaker !== undefined ? sql`${archiveVideos.speakerIds} @> array[${filters.speaker}]::integer[]` : undefined,
    filters.source !== undefined ? eq(archiveVideos.videoSource, filters.source) : undefined,
    filters.event !== undefined ? eq(archiveVideos.eventId, filters.event) : undefined,
    filters.query !== undefined ? ilike(archiveVideos.title, containsPattern(filters.query)) : undefined,
  ];
  return and(...parts);
}

const columns = { video: archiveVideos, event: { id: events.id, name: events.name } };

/** Newest first; the id breaks ties so pages never repeat or skip a video. */
export async function listVideos(db: Db, filters: VideoFilters, activeOnly: boolean, limit: number, offset: number): Promise<{ rows: VideoWithEvent[]; total: number }> {
  const where = whereOf(filters, activeOnly);
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    db.select(columns).from(archiveVideos).innerJoin(events, eq(events.id, archiveVideos.eventId)).where(where).orderBy(desc(archiveVideos.date), desc(archiveVideos.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(archiveVideos).innerJoin(events, eq(events.id, archiveVideos.eventId)).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function findVideo(db: Db, id: number, scope: { activeOnly: boolean; eventId?: number }): Promise<VideoWithEvent | undefined> {
  const [row] = await db
    .select(columns)
    .from(archiveVideos)
    .innerJoin(events, eq(events.id, archiveVideos.eventId))
    .where(and(eq(archiveVideos.id, id), scope.activeOnly ? eq(events.active, true) : undefined, scope.eventId !== undefined ? eq(archiveVideos.eventId, scope.eventId) : undefined))
    .limit(1);
  return row;
}

export type SpeakerRow = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'avatarKey' | 'avatarThumbKey'>;

export async function usersByIds(db: Db, ids: readonly number[]): Promise<Map<number, SpeakerRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatarKey: users.avatarKey, avatarThumbKey: users.avatarThumbKey })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function consentedAmong(db: Db, userId: number, videoIds: readonly number[]): Promise<Set<number>> {
  if (videoIds.length === 0) return new Set();
  const rows = await db
    .select({ id: archiveConsents.videoId })
    .from(archiveConsents)
    .where(and(eq(archiveConsents.userId, userId), inArray(archiveConsents.videoId, [...videoIds])));
  return new Set(rows.map((row) => row.id));
}

/** ON CONFLICT DO NOTHING: agreeing twice (or twice at once) keeps one row. */
export const addConsent = (db: Db, videoId: number, userId: number) => db.insert(archiveConsents).values({ videoId, userId }).onConflictDoNothing();

export const deleteVideoRow = (db: Db, id: number) => db.delete(archiveVideos).where(eq(archiveVideos.id, id)).returning({ id: archiveVideos.id, previewKey: archiveVideos.previewKey });

export async function membersAmong(db: Db, eventId: number, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: eventMembers.userId })
    .from(eventMembers)
    .where(and(eq(eventMembers.eventId, eventId), inArray(eventMembers.userId, [...userIds])));
  return new Set(rows.map((row) => row.id));
}

export type VideoValues = Omit<typeof archiveVideos.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'previewKey'>;

export async function insertVideo(db: Db, values: VideoValues): Promise<VideoRow> {
  const [row] = await db.insert(archiveVideos).values(values).returning();
  if (!row) throw new Error('no archive video row');
  return row;
}

export async function updateVideo(db: Db, id: number, eventId: number, values: Partial<VideoValues> & { previewKey?: string | null }): Promise<VideoRow | undefined> {
  const [row] = await db
    .update(archiveVideos)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(archiveVideos.id, id), eq(archiveVideos.eventId, eventId)))
    .returning();
  return row;
}

/** What the archive can be filtered by: values that videos of active events have. */
export async function filterValues(db: Db) {
  const active = sql`${archiveVideos.eventId} in (select id from ${events} where ${events.active})`;
  const [categories, tags, speakerIds, eventRows, sources] = await Promise.all([
    db.selectDistinct({ v: archiveVideos.category }).from(archiveVideos).where(active).orderBy(asc(archiveVideos.category)),
    db.execute(sql`select distinct t as v from ${archiveVideos}, unnest(${archiveVideos.tags}) as t where ${active} order by 1 limit 500`) as unknown as Promise<{ rows: { v: string }[] }>,
    db.execute(sql`select distinct s as v from ${archiveVideos}, unnest(${archiveVideos.speakerIds}) as s where ${active} limit 500`) as unknown as Promise<{ rows: { v: number }[] }>,
    db
      .selectDistinct({ id: events.id, name: events.name })
      .from(events)
      .innerJoin(archiveVideos, eq(archiveVideos.eventId, events.id))
      .where(eq(events.active, true))
      .orderBy(asc(events.name), asc(events.id)),
    db.selectDistinct({ v: archiveVideos.videoSource }).from(archiveVideos).where(active).orderBy(asc(archiveVideos.videoSource)),
  ]);
  return {
    categories: categories.map((row) => row.v),
    tags: tags.rows.map((row) => row.v),
    speakerIds: speakerIds.rows.map((row) => Number(row.v)),
    events: eventRows,
    sources: sources.map((row) => row.v),
  };
}
