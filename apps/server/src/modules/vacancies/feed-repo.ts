// The event's jobs feed and the jobs it brought (Drizzle only).
import { and, count, desc, eq, ilike, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { externalJobs, jobFeeds } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql.ts';

export type JobFeedRow = typeof jobFeeds.$inferSelect;
export interface ExternalJobEntry {
  guid: string;
  title: string;
  companyName: string;
  url: string;
  location: string;
  summary: string;
  publishedAt: Date | null;
}

export async function listExternal(db: Db, eventId: number, query: string | undefined, page: number, perPage: number) {
  const pattern = query ? containsPattern(query) : undefined;
  const where = and(eq(externalJobs.eventId, eventId), pattern ? or(ilike(externalJobs.title, pattern), ilike(externalJobs.companyName, pattern), ilike(externalJobs.summary, pattern)) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(externalJobs)
      .where(where)
      .orderBy(sql`${externalJobs.publishedAt} desc nulls last`, desc(externalJobs.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(externalJobs).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function findFeed(db: Db, eventId: number): Promise<JobFeedRow | undefined> {
  const [row] = await db.select().from(jobFeeds).where(eq(jobFeeds.eventId, eventId)).limit(1);
  return row;
}

export async function countJobs(db: Db, eventId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(externalJobs).where(eq(externalJobs.eventId, eventId));
  return row?.n ?? 0;
}

/** A new address starts afresh: the jobs of the old feed go. The same address keeps its jobs. */
export function saveFeed(db: Db, eventId: number, url: string): Promise<void> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(jobFeeds).where(eq(jobFeeds.eventId, eventId)).for('update');
    if (current?.url === url) return;
    await tx.delete(externalJobs).where(eq(externalJobs.eventId, eventId));
    await tx
      .insert(jobFeeds)
      .values({ eventId, url })
      .onConflictDoUpdate({ target: jobFeeds.eventId, set: { url, fetchedAt: null, error: null } });
  });
}

/** No feed any more: it goes with its jobs. */
export function removeFeed(db: Db, eventId: number): Promise<void> {
  return db.transaction(async (tx) => {
    await tx.delete(externalJobs).where(eq(externalJobs.eventId, eventId));
    await tx.delete(jobFeeds).where(eq(jobFeeds.eventId, eventId));
  });
}

/**
 * A successful import: the event's jobs become the feed's items, deduplicated by guid (a known
 * job keeps its id and gets its new text; a job the feed no longer lists is filled, and goes).
 * Only if the feed is still the one read: an address changed meanwhile keeps its fresh start.
 */
export async function storeJobs(db: Db, feed: JobFeedRow, entries: readonly ExternalJobEntry[], at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(jobFeeds).where(eq(jobFeeds.eventId, feed.eventId)).for('update');
    if (!current || current.url !== feed.url) return false;
    const guids = entries.map((entry) => entry.guid);
    await tx.delete(externalJobs).where(and(eq(externalJobs.eventId, feed.eventId), guids.length > 0 ? notInArray(externalJobs.guid, guids) : undefined));
    for (const entry of entries) {
      const values = { title: entry.title, companyName: entry.companyName, url: entry.url, location: entry.location, summary: entry.summary, publishedAt: entry.publishedAt, fetchedAt: at };
      await tx
        .insert(externalJobs)
        .values({ eventId: feed.eventId, guid: entry.guid, ...values })
        .onConflictDoUpdate({ target: [externalJobs.eventId, externalJobs.guid], set: values });
    }
    await tx.update(jobFeeds).set({ fetchedAt: at, error: null }).where(eq(jobFeeds.eventId, feed.eventId));
    return true;
  });
}

/** A failed import says why and keeps the jobs it had. */
export const markFeedFailed = (db: Db, feed: JobFeedRow, message: string, at: Date) =>
  db
    .update(jobFeeds)
    .set({ fetchedAt: at, error: message.slice(0, 500) })
    .where(and(eq(jobFeeds.eventId, feed.eventId), eq(jobFeeds.url, feed.url)));
