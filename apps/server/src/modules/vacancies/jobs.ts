// The jobs feed's import on the durable queue: when the feed is saved, on demand, and every 30
// minutes for as long as the event has a feed.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { fetchFeedText } from '../news/feed.ts';
import { parseJobFeed } from './feed.ts';
import { findFeed, markFeedFailed, storeJobs } from './feed-repo.ts';

export const JOB_FEED_IMPORT = 'vacancies.feed_import';
export const JOB_FEED_EVERY_MS = 30 * 60_000;

/** Queues an import of the event's feed now. */
export const queueImport = (db: Db, eventId: number) => enqueueJob(db, JOB_FEED_IMPORT, { eventId }, { maxAttempts: 3 });

/**
 * Plans the next periodic import unless one is planned already; under a transaction-wide advisory
 * lock per event, so two nodes finishing imports at once plan one, not two.
 */
async function planNext(db: Db, eventId: number, jobId: number, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${JOB_FEED_IMPORT}:${eventId}`}))`);
    const planned = (await tx.execute(sql`
      select 1 from jobs where kind = ${JOB_FEED_IMPORT} and id <> ${jobId} and done_at is null and failed_at is null
        and run_at > now() and (payload->>'eventId')::int = ${eventId} limit 1`)) as unknown as { rows: unknown[] };
    if (planned.rows.length === 0) await enqueueJob(tx, JOB_FEED_IMPORT, { eventId }, { runAt: new Date(now + JOB_FEED_EVERY_MS), maxAttempts: 3 });
  });
}

/** Imports the event's feed; a broken feed records why and keeps its jobs. Answers whether the event has a feed. */
export async function importEventFeed(db: Db, eventId: number, allowPrivate: boolean): Promise<boolean> {
  const feed = await findFeed(db, eventId);
  if (!feed) return false;
  const at = new Date();
  try {
    await storeJobs(db, feed, await parseJobFeed(await fetchFeedText(feed.url, { allowPrivate }), at), at);
  } catch (error) {
    await markFeedFailed(db, feed, error instanceof Error ? error.message : String(error), at);
  }
  return true;
}

export function jobFeedHandler(db: Db, allowPrivate: boolean): JobHandler {
  return async (job) => {
    const eventId = Number(job.payload.eventId);
    if (!Number.isInteger(eventId)) return;
    if (await importEventFeed(db, eventId, allowPrivate)) await planNext(db, eventId, job.id, Date.now());
  };
}
