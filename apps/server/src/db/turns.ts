// Fair turns on the embedded database (docs/decisions.md, "PGlite takes requests in the order they
// came"). PGlite runs every statement on this process's own thread, one at a time, and its own
// mutex hands the engine to the next waiter in a microtask: a queue of statements then drains in
// one go, without the event loop reading a socket in between. Under load that serves whatever
// happened to be read together first, and the requests read late wait a whole extra round: on the
// members bench two connections in ten took twice the others' time, turn after turn. Here the
// next statement is started from setImmediate instead, so between two statements the event loop
// polls once more and what arrived meanwhile queues behind what came before it.
import { setImmediate as nextTurn } from 'node:timers';

/**
 * One at a time, in the order asked, each from its own turn of the event loop. Even a statement
 * that finds the engine free waits for setImmediate: run at once, it would run inside the poll
 * callback that read its request, and every request read in that poll would then be served in
 * socket order before the loop looked for newer ones (the unfairness described above).
 */
export class Turns {
  #running = false;
  readonly #waiting: (() => Promise<void>)[] = [];

  run<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push(async () => {
        try {
          resolve(await work());
        } catch (error) {
          reject(error as Error);
        }
      });
      if (!this.#running) {
        this.#running = true;
        nextTurn(this.#next);
      }
    });
  }

  readonly #next = (): void => {
    const work = this.#waiting.shift();
    if (!work) {
      this.#running = false;
      return;
    }
    void work().finally(() => nextTurn(this.#next));
  };

  /** Statements waiting for their turn (tests). */
  get waiting(): number {
    return this.#waiting.length;
  }
}

/**
 * The entry points of PGlite that take its mutex. Statements of a transaction go through the
 * transaction object, not these, so a transaction holds one turn from BEGIN to COMMIT, as it holds
 * PGlite's own mutex, and never waits for a turn inside its own.
 */
const ENTRY_POINTS = ['query', 'exec', 'transaction', 'describeQuery'] as const;

type Entry = (...args: unknown[]) => Promise<unknown>;

/** Routes the client's own entry points through one Turns (sql`` calls query, so it follows). */
export function takeTurns<C extends object>(client: C, turns = new Turns()): C {
  const target = client as unknown as Record<(typeof ENTRY_POINTS)[number], Entry>;
  for (const name of ENTRY_POINTS) {
    const original = target[name];
    if (typeof original !== 'function') throw new Error(`the database client has no ${name}()`);
    const bound = original.bind(client);
    target[name] = (...args: unknown[]) => turns.run(() => bound(...args));
  }
  return client;
}
