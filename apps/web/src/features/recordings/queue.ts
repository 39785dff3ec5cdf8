// The upload line of a running recording: parts (and the poster) go one at a time in the order
// they were made, each retried until it is through, so a closed tab loses only what was not sent.
import { ApiError, NetworkError } from '../../api/errors.ts';

/** How long to wait before the next try of a failed upload: 1 s, 2 s, 4 s... up to 10 s. */
export const retryDelayMs = (attempt: number): number => Math.min(10_000, 1000 * 2 ** Math.max(0, attempt - 1));

/** About five minutes of tries: by then the server has stopped a silent recording anyway. */
export const MAX_ATTEMPTS = 30;

/** Worth trying again: the network, the server's own trouble, or a request to slow down. */
export function retryable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (error instanceof ApiError) return error.status >= 500 || error.status === 429 || error.status === 408;
  return false;
}

export interface QueueDeps {
  sleep: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs uploads one after another in the order they were added. A task that fails for a reason
 * that will not pass (a 4xx) stops the line: `onHalt` gets the error and later tasks are dropped.
 */
export class UploadQueue {
  private tail: Promise<void> = Promise.resolve();
  private halted: unknown = null;
  private pending = 0;
  /** Tasks that went through. */
  done = 0;

  constructor(
    private readonly onHalt: (error: unknown) => void,
    private readonly deps: QueueDeps = { sleep: realSleep },
  ) {}

  get failed(): unknown {
    return this.halted;
  }

  add(task: () => Promise<unknown>): void {
    this.pending += 1;
    this.tail = this.tail.then(async () => {
      try {
        if (this.halted === null) await this.attempt(task);
      } finally {
        this.pending -= 1;
      }
    });
  }

  /** Resolves once every task added so far went through or was dropped. */
  async drained(): Promise<void> {
    while (this.pending > 0) await this.tail;
  }

  private async attempt(task: () => Promise<unknown>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await task();
        this.done += 1;
        return;
      } catch (error) {
        if (!retryable(error) || attempt >= MAX_ATTEMPTS) {
          this.halted = error;
          this.onHalt(error);
          return;
        }
        await this.deps.sleep(retryDelayMs(attempt));
      }
    }
  }
}

/**
 * The least a recording's first part holds before it goes up. MediaRecorder can hand over its first
 * slice with only part of the WebM header in it (one byte, seen on a busy machine), and the server
 * checks part 0 starts a WebM file: the first slices are gathered until the header is whole.
 */
export const FIRST_PART_MIN_BYTES = 1024;

/**
 * Turns MediaRecorder's slices into parts: every slice is a part of its own, except at the start,
 * where slices are held until FIRST_PART_MIN_BYTES have come (or the recorder stopped: `last`).
 */
export class PartGatherer {
  private held: Blob[] = [];
  private heldBytes = 0;
  private sent = 0;

  /** The part to send now, or null while the first one is still being gathered. */
  add(slice: Blob, last: boolean): Blob | null {
    if (slice.size > 0) {
      this.held.push(slice);
      this.heldBytes += slice.size;
    }
    if (this.heldBytes === 0) return null;
    if (this.sent === 0 && this.heldBytes < FIRST_PART_MIN_BYTES && !last) return null;
    const part = this.held.length === 1 ? this.held[0]! : new Blob(this.held, { type: this.held[0]!.type });
    this.held = [];
    this.heldBytes = 0;
    this.sent += 1;
    return part;
  }
}
