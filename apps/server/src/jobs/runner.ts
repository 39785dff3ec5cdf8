import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { claimJobs, completeJob, failJob, requeueJob, type JobRow } from './queue.ts';

/** Runs one job; answering 'again' puts it back in line to go on later (work done in turns). */
export type JobHandler = (job: JobRow) => Promise<void | 'again'>;

/** A kind run at a bounded rate: at most `perTurn` jobs per turn, one turn per `rateIntervalMs` on a node. */
export interface JobRate {
  perTurn: number;
}

export interface RunnerOptions {
  pollMs?: number;
  batch?: number;
  lockSeconds?: number;
  /** Least time between two turns of a rate-limited kind (JobRate); default one second. */
  rateIntervalMs?: number;
  /** Called after each job, whatever its outcome (a job may have changed what requests read). */
  afterJob?: () => void;
}

/** Polls the job table and runs handlers; `nudge()` runs it at once after an enqueue on this node. */
export class JobRunner {
  readonly worker = `${process.pid}-${randomBytes(3).toString('hex')}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly rates = new Map<string, JobRate>();
  private readonly lastTurn = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: RunnerOptions = {},
  ) {}

  register(kind: string, handler: JobHandler, rate?: JobRate): void {
    this.handlers.set(kind, handler);
    if (rate) this.rates.set(kind, rate);
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  nudge(): void {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    let handled = 0;
    try {
      handled = await this.runOnce();
    } catch (error) {
      this.log.error({ err: error }, 'job runner tick failed');
    }
    // Keep going while there is work; otherwise wait for the next poll.
    if (!this.stopped) this.schedule(handled > 0 ? 0 : (this.options.pollMs ?? 1000));
  }

  /** Claims and runs one batch; answers how many jobs it handled. */
  runOnce(): Promise<number> {
    this.running ??= this.work().finally(() => (this.running = undefined));
    return this.running;
  }

  private async work(): Promise<number> {
    const limited = [...this.rates.keys()];
    const lockSeconds = this.options.lockSeconds ?? 60;
    const batch = await claimJobs(this.db, this.worker, this.options.batch ?? 10, lockSeconds, { except: limited });
    // Rate-limited kinds get a turn of at most `perTurn` jobs once per interval, however busy the
    // rest of the queue is; what is left waits in the table for the next turn.
    const interval = this.options.rateIntervalMs ?? 1000;
    for (const kind of limited) {
      const last = this.lastTurn.get(kind);
      if (last !== undefined && Date.now() - last < interval) continue;
      const claimed = await claimJobs(this.db, this.worker, this.rates.get(kind)?.perTurn ?? 1, lockSeconds, { only: kind });
      if (claimed.length > 0) this.lastTurn.set(kind, Date.now());
      batch.push(...claimed);
    }
    for (const job of batch) {
      const handler = this.handlers.get(job.kind);
      try {
        if (!handler) throw new Error(`No handler for job kind "${job.kind}"`);
        if ((await handler(job)) === 'again') await requeueJob(this.db, job.id);
        else await completeJob(this.db, job.id);
      } catch (error) {
        const outcome = await failJob(this.db, job, error);
        this.log.warn({ job: job.id, kind: job.kind, attempt: job.attempts, outcome, err: error }, 'job failed');
      } finally {
        this.options.afterJob?.();
      }
    }
    return batch.length;
  }
}
