import { and, asc, count, desc, eq, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, newsFeeds, newsItems } from '../../db/schema/index.ts';
import type { FeedEntry } from './feed.ts';

export type NewsRow = typeof newsItems.$inferSelect;
export type FeedRow = typeof newsFeeds.$inferSelect;
export interface NewsWithFeed {
  item: NewsRow;
  feedName: string | null;
}

const columns = { item: newsItems, feedName: newsFeeds.name };

export async function findActiveEventId(db: Db, eventId: number): Promise<boolean> {
  const [row] = await db.select({ id: events.id }).from(events).where(and(eq(events.id, eventId), eq(events.active, true))).limit(1);
  return row !== undefined;
}

/** Pinned first, then newest; the id breaks ties so pages never repeat or skip an item. */
const order = [desc(newsItems.pinned), desc(newsItems.publishedAt), desc(newsItems.id)];

export async function listPublished(db: Db, eventId: number, now: Date, limit: number, offset: number) {
  const where = and(eq(newsItems.eventId, eventId), eq(newsItems.hidden, false), lte(newsItems.publishedAt, now));
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    db.select(columns).from(newsItems).leftJoin(newsFeeds, eq(newsFeeds.id, newsItems.feedId)).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ n: count() }).from(newsItems).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function listAll(db: Db, eventId: number, source: 'organiser' | 'feed' | undefined, limit: number, offset: number) {
  const where = and(eq(newsItems.eventId, eventId), source ? eq(newsItems.source, source) : undefined);
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    db.select(columns).from(newsItems).leftJoin(newsFeeds, eq(newsFeeds.id, newsItems.feedId)).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ n: count() }).from(newsItems).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function findNews(db: Db, eventId: number, id: number): Promise<NewsWithFeed | undefined> {
  const [row] = await db.select(columns).from(newsItems).leftJoin(newsFeeds, eq(newsFeeds.id, newsItems.feedId)).where(and(eq(newsItems.id, id), eq(newsItems.eventId, eventId))).limit(1);
  return row;
}

export type NewsValues = { title: string; body: string; publishedAt: Date; pinned: boolean };

export async function insertNews(db: Db, eventId: number, values: NewsValues): Promise<number> {
  const [row] = await db.insert(newsItems).values({ eventId, source: 'organiser', ...values }).returning({ id: newsItems.id });
  if (!row) throw new Error('no news row');
  return row.id;
}

export const updateNews = (db: Db, eventId: number, id: number, values: Partial<NewsValues> & { hidden?: boolean; coverKey?: string | null }) =>
  db.update(newsItems).set({ ...values, updatedAt: new Date() }).where(and(eq(newsItems.id, id), eq(newsItems.eventId, eventId)));

export const deleteNewsRow = (db: Db, eventId: number, id: number) => db.delete(newsItems).where(and(eq(newsItems.id, id), eq(newsItems.eventId, eventId)));

// Feeds ----------------------------------------------------------------------------------------

export const feedsOf = (db: Db, eventId: number) =>
  db
    .select({ feed: newsFeeds, items: sql<number>`(select count(*)::int from ${newsItems} i where i.feed_id = news_feeds.id)` })
    .from(newsFeeds)
    .where(eq(newsFeeds.eventId, eventId))
    .orderBy(asc(newsFeeds.id));

/**
 * The event's feeds become exactly these: a kept address keeps its row (and its items, hidden ones
 * staying hidden), a dropped one goes with its items, a new one is added.
 */
export function replaceFeeds(db: Db, eventId: number, feeds: { url: string; name: string }[]): Promise<void> {
  return db.transaction(async (tx) => {
    const urls = feeds.map((feed) => feed.url);
    await tx.delete(newsFeeds).where(and(eq(newsFeeds.eventId, eventId), urls.length > 0 ? notInArray(newsFeeds.url, urls) : undefined));
    for (const feed of feeds) {
      await tx
        .insert(newsFeeds)
        .values({ eventId, url: feed.url, name: feed.name })
        .onConflictDoUpdate({ target: [newsFeeds.eventId, newsFeeds.url], set: { name: feed.name } });
    }
  });
}

export const feedRows = (db: Db, eventId: number) => db.select().from(newsFeeds).where(eq(newsFeeds.eventId, eventId)).orderBy(asc(newsFeeds.id));

/**
 * A refresh's entries, deduplicated by (feed, guid): known ones get their new text, the hidden
 * flag and the publish date stay as they were.
 */
export async function storeEntries(db: Db, feed: FeedRow, entries: FeedEntry[], at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    for (const entry of entries) {
      await tx
        .insert(newsItems)
        .values({ eventId: feed.eventId, source: 'feed', feedId: feed.id, guid: entry.guid, title: entry.title, body: entry.body, link: entry.link, publishedAt: entry.publishedAt })
        .onConflictDoUpdate({ target: [newsItems.feedId, newsItems.guid], set: { title: entry.title, body: entry.body, link: entry.link, updatedAt: at } });
    }
    await tx.update(newsFeeds).set({ lastFetchedAt: at, lastError: null }).where(eq(newsFeeds.id, feed.id));
  });
}

/** A failed refresh says why and keeps every item it had. */
export const markFeedFailed = (db: Db, feedId: number, message: string, at: Date) => db.update(newsFeeds).set({ lastFetchedAt: at, lastError: message.slice(0, 500) }).where(eq(newsFeeds.id, feedId));
