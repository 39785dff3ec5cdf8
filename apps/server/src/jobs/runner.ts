import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { claimJobs, completeJob, failJob, type JobRow } from './queue.ts';

export type JobHandler = (job: JobRow) => Promise<void>;

export interface RunnerOptions {
  pollMs?: number;
  batch?: number;
  lockSeconds?: number;
}

/** Polls the job table and runs handlers; `nudge()` runs it at once after an enqueue on this node. */
export class JobRunner {
  readonly worker = `${process.pid}-${randomBytes(3).toString('hex')}`;
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: RunnerOptions = {},
  ) {}

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
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
    const batch = await claimJobs(this.db, this.worker, this.options.batch ?? 10, this.options.lockSeconds ?? 60);
    for (const job of batch) {
      const handler = this.handlers.get(job.kind);
      try {
        if (!handler) throw new Error(`No handler for job kind "${job.kind}"`);
        await handler(job);
        await completeJob(this.db, job.id);
      } catch (error) {
        const outcome = await failJob(this.db, job, error);
        this.log.warn({ job: job.id, kind: job.kind, attempt: job.attempts, outcome, err: error }, 'job failed');
      }
    }
    return batch.length;
  }
}
