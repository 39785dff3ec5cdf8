import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

export type JobRow = typeof jobs.$inferSelect;

/** Adds a job; pass the transaction that writes what the job is about, so both commit or neither. */
export async function enqueueJob(db: Db, kind: string, payload: Record<string, unknown>, options: { runAt?: Date; maxAttempts?: number } = {}): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({ kind, payload, runAt: options.runAt ?? new Date(), maxAttempts: options.maxAttempts ?? 8 })
    .returning({ id: jobs.id });
  if (!row) throw new Error('no job row');
  return row.id;
}

/** Which kinds a claim may take: only one kind, or every kind but some. */
export interface ClaimFilter {
  only?: string;
  except?: readonly string[];
}

const kindFilter = (filter: ClaimFilter) => {
  if (filter.only !== undefined) return sql`and kind = ${filter.only}`;
  if (filter.except && filter.except.length > 0) return sql`and kind not in (${sql.join(filter.except.map((kind) => sql`${kind}`), sql`, `)})`;
  return sql``;
};

/**
 * Claims up to `limit` due jobs for `worker` for `lockSeconds`. SKIP LOCKED lets any number of
 * nodes claim at once without waiting on each other or taking the same job.
 */
export async function claimJobs(db: Db, worker: string, limit: number, lockSeconds: number, filter: ClaimFilter = {}): Promise<JobRow[]> {
  if (limit <= 0) return [];
  const result = (await db.execute(sql`
    update jobs set locked_until = now() + make_interval(secs => ${lockSeconds}), locked_by = ${worker}, attempts = attempts + 1
    where id in (
      select id from jobs
      where done_at is null and failed_at is null and run_at <= now() and (locked_until is null or locked_until < now()) ${kindFilter(filter)}
      order by run_at, id
      limit ${limit}
      for update skip locked
    )
    returning id`)) as unknown as { rows: { id: number | string }[] };
  const ids = result.rows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  return db.select().from(jobs).where(inArray(jobs.id, ids));
}

/**
 * Puts a job that did part of its work back in line behind the jobs already due, so a long job
 * (an import) shares the runner with short ones (sign-in mails). The claim's attempt is given
 * back: attempts count failures, not turns.
 */
export async function requeueJob(db: Db, id: number): Promise<void> {
  await db.execute(sql`update jobs set run_at = now(), locked_until = null, locked_by = null, attempts = greatest(attempts - 1, 0) where id = ${id}`);
}

export async function completeJob(db: Db, id: number): Promise<void> {
  await db.execute(sql`update jobs set done_at = now(), locked_until = null where id = ${id}`);
}

/** Exponential back-off: 5 s, 10 s, 20 s, ... capped at one hour. */
export const backoffSeconds = (attempts: number): number => Math.min(3600, 5 * 2 ** Math.max(0, attempts - 1));

export async function failJob(db: Db, job: JobRow, error: unknown): Promise<'retry' | 'failed'> {
  const message = error instanceof Error ? error.message : String(error);
  if (job.attempts >= job.maxAttempts) {
    await db.execute(sql`update jobs set failed_at = now(), locked_until = null, last_error = ${message} where id = ${job.id}`);
    return 'failed';
  }
  await db.execute(sql`update jobs set run_at = now() + make_interval(secs => ${backoffSeconds(job.attempts)}), locked_until = null, last_error = ${message} where id = ${job.id}`);
  return 'retry';
}
