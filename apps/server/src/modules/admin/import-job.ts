// CSV imports as durable jobs: the request only checks and queues the rows; the job runner issues
// the tickets in small batches, saves progress after each, and the back office polls it.
import { ErrorCode, type ImportJob, type ImportReport, type Language } from '@lobby/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, jobs } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { enqueueJob, type JobRow } from '../../jobs/queue.ts';
import type { JobHandler, JobRate, JobRunner } from '../../jobs/runner.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { listTicketTypes } from '../members/repo.ts';
import { findUser } from '../users/repo.ts';
import { emptyReport, importRow, type Column, type ParsedImport } from './import.ts';
import { mailTicket } from './members.ts';
import type { EventRow } from './policy.ts';

export const IMPORT_JOB = 'members.import';
export const INVITE_MAIL_JOB = 'members.invite_mail';

/** Rows per batch: progress is saved between batches (the event loop is served after every row). */
export const IMPORT_BATCH_ROWS = 50;
/** Batches per turn: then the job goes back in line, so mails and other jobs are not held up. */
export const IMPORT_BATCHES_PER_TURN = 10;
/** Invitation mails of imports handed to the mailer per runner turn (one turn a second by default). */
export const INVITE_MAIL_RATE: JobRate = { perTurn: 10 };

interface ImportPayload {
  eventId: number;
  language: Language;
  firstRow: number;
  total: number;
  columns: (Column | null)[];
  /** Dropped when the import is done: the people's data then lives in their accounts, not here. */
  rows?: string[][];
  progress: { processed: number; report: ImportReport };
}

interface Services {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  jobs: JobRunner;
}

const payloadOf = (job: Pick<JobRow, 'payload'>): ImportPayload => job.payload as unknown as ImportPayload;

/** Queues an import of rows already checked by parseImport; answers the job as the API shows it. */
export async function startImport(services: Services, event: EventRow, parsed: ParsedImport, firstRow: number, language: Language): Promise<ImportJob> {
  const payload: ImportPayload = { eventId: event.id, language, firstRow, total: parsed.records.length, columns: parsed.columns, rows: parsed.records, progress: { processed: 0, report: emptyReport() } };
  // Failures inside rows are in the report; a job fails only when the database does, so a few tries suffice.
  const id = await enqueueJob(services.db, IMPORT_JOB, payload as unknown as Record<string, unknown>, { maxAttempts: 3 });
  services.jobs.nudge();
  return { id, status: 'queued', total: parsed.records.length, processed: 0, report: emptyReport() };
}

/** One import of one event; another event's import id answers 404 as if it did not exist. */
export async function getImport(db: Db, eventId: number, importId: number): Promise<ImportJob> {
  const [row] = await db
    .select({
      id: jobs.id,
      doneAt: jobs.doneAt,
      failedAt: jobs.failedAt,
      attempts: jobs.attempts,
      total: sql<number>`(${jobs.payload}->>'total')::int`,
      progress: sql<ImportPayload['progress']>`${jobs.payload}->'progress'`,
    })
    .from(jobs)
    .where(and(eq(jobs.id, importId), eq(jobs.kind, IMPORT_JOB), sql`(${jobs.payload}->>'eventId')::int = ${eventId}`))
    .limit(1);
  if (!row) throw new AppError(404, ErrorCode.importNotFound, `Import ${importId} of event ${eventId} was not found.`);
  const status = row.doneAt ? 'done' : row.failedAt ? 'failed' : row.attempts > 0 || row.progress.processed > 0 ? 'running' : 'queued';
  return { id: row.id, status, total: Number(row.total), processed: row.progress.processed, report: row.progress.report };
}

/**
 * Issues the tickets of one import, a batch at a time. After each batch the progress (and the
 * report so far) is saved with the claim extended, and the event loop gets a turn: on PGlite every
 * query runs on this thread, so without the pause HTTP requests would wait for the whole import.
 * A retry after a crash goes on from the saved progress.
 */
export function importJobHandler(services: Services): JobHandler {
  return async (job) => {
    const payload = payloadOf(job);
    const [event] = await services.db.select().from(events).where(eq(events.id, payload.eventId)).limit(1);
    if (!event) return; // The event was deleted; nothing left to import into.
    const types = await listTicketTypes(services.db, event.id);
    const ctx = { db: services.db, mailer: services.mailer, publicUrl: services.publicUrl, language: payload.language };
    const notify = async (user: { id: number }, createdUser: boolean) => {
      await enqueueJob(services.db, INVITE_MAIL_JOB, { eventId: event.id, userId: user.id, createdUser });
    };
    const { report } = payload.progress;
    const rows = payload.rows ?? [];
    let processed = payload.progress.processed;
    for (let turn = 0; turn < IMPORT_BATCHES_PER_TURN && processed < rows.length; turn += 1) {
      const end = Math.min(processed + IMPORT_BATCH_ROWS, rows.length);
      for (let index = processed; index < end; index += 1) {
        // Every statement of the row gives the event loop a turn (PGlite's through db/turns.ts,
        // PostgreSQL's by waiting on its socket), so requests are read between rows.
        await importRow(ctx, event, types, payload.columns, rows[index] ?? [], payload.firstRow + index, report, notify);
      }
      processed = end;
      const progress = JSON.stringify({ processed, report });
      await services.db.execute(
        processed < rows.length
          ? sql`update jobs set payload = jsonb_set(payload, '{progress}', ${progress}::jsonb), locked_until = now() + interval '60 seconds' where id = ${job.id}`
          : sql`update jobs set payload = jsonb_set(payload - 'rows', '{progress}', ${progress}::jsonb) where id = ${job.id}`,
      );
    }
    if (processed < rows.length) return 'again';
    // Tell the runner this node has mails to send; they go at INVITE_MAIL_RATE.
    services.jobs.nudge();
  };
}

/** Sends the ticket mail of one imported person (new account: sign-in link; known: event link). */
export function inviteMailHandler(services: Services): JobHandler {
  return async (job) => {
    const eventId = Number(job.payload.eventId);
    const [event] = await services.db.select().from(events).where(eq(events.id, eventId)).limit(1);
    const user = await findUser(services.db, Number(job.payload.userId));
    if (!event || !user) return;
    await mailTicket(services, event, user, job.payload.createdUser === true);
  };
}

export function registerImportJobs(services: Services): void {
  services.jobs.register(IMPORT_JOB, importJobHandler(services));
  services.jobs.register(INVITE_MAIL_JOB, inviteMailHandler(services), INVITE_MAIL_RATE);
}
