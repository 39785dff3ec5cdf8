// The news feeds' refresh on the durable queue: on a change of feeds, on demand, and every 30
// minutes for as long as the event has feeds.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { fetchFeedText, parseFeed } from './feed.ts';
import { feedRows, markFeedFailed, storeEntries } from './repo.ts';

export const NEWS_REFRESH_JOB = 'news.refresh';
export const NEWS_REFRESH_EVERY_MS = 30 * 60_000;

/** Queues a refresh of an event's feeds at once. */
export const queueRefresh = (db: Db, eventId: number) => enqueueJob(db, NEWS_REFRESH_JOB, { eventId }, { maxAttempts: 3 });

/**
 * Plans the next periodic refresh unless one is already planned. Under a transaction-wide advisory
 * lock per event, so two nodes finishing refreshes at once plan one, not two.
 */
async function planNext(db: Db, eventId: number, jobId: number, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`news.refresh:${eventId}`}))`);
    const planned = (await tx.execute(sql`
      select 1 from jobs where kind = ${NEWS_REFRESH_JOB} and id <> ${jobId} and done_at is null and failed_at is null
        and run_at > now() and (payload->>'eventId')::int = ${eventId} limit 1`)) as unknown as { rows: unknown[] };
    if (planned.rows.length === 0) await enqueueJob(tx as unknown as Db, NEWS_REFRESH_JOB, { eventId }, { runAt: new Date(now + NEWS_REFRESH_EVERY_MS), maxAttempts: 3 });
  });
}

/** Refreshes every feed of one event; a broken feed records why and keeps its items. */
export async function refreshEventFeeds(db: Db, eventId: number, allowPrivate: boolean): Promise<number> {
  const feeds = await feedRows(db, eventId);
  for (const feed of feeds) {
    const at = new Date();
    try {
      const entries = await parseFeed(await fetchFeedText(feed.url, { allowPrivate }), at);
      await storeEntries(db, feed, entries, at);
    } catch (error) {
      await markFeedFailed(db, feed.id, error instanceof Error ? error.message : String(error), at);
    }
  }
  return feeds.length;
}

export function newsRefreshHandler(db: Db, allowPrivate: boolean): JobHandler {
  return async (job) => {
    const eventId = Number(job.payload.eventId);
    if (!Number.isInteger(eventId)) return;
    const feeds = await refreshEventFeeds(db, eventId, allowPrivate);
    if (feeds > 0) await planNext(db, eventId, job.id, Date.now());
  };
}
