/**
 * A short memory of the session check of event reads (loadSessionAccess), for a server that is
 * the only node (docs/decisions.md, "Session access cache"). Each read of an event costs Lobby one
 * round trip to the database before its own query; a person paging a directory or a program
 * repeats the same check many times a second.
 *
 * What keeps it exact:
 * - any change made through this server empties it, before the answer of the change leaves (the
 *   onSend hook of every request that is not a GET or HEAD, and every finished job): a person who
 *   signs out, an organiser who removes a member, an upgrade of a ticket are seen by the very next
 *   request;
 * - a read that began before such a change is never stored after it (the generation);
 * - a session's expiry is kept with it and checked on every hit;
 * - what changes without this server knowing (a row edited by hand) lives at most `ttlMs`;
 * - requests that miss together share one read (`load`), but only a read that began after the
 *   last change: many parallel calls of one page, or an entry expiring under load, cost one round
 *   trip instead of one each.
 * With REDIS_URL, several nodes share the database and one node's change could not empty the
 * others' memory before its answer leaves, so the cache is off there.
 */

export interface CachedSession<T> {
  value: T;
  /** When the session itself expires (epoch ms). */
  sessionExpiresAt: number;
}

interface Entry<T> extends CachedSession<T> {
  storedAt: number;
}

export class SessionAccessCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Reads under way, each with the generation it began in. */
  private readonly reading = new Map<string, { generation: number; read: Promise<T | null> }>();
  private generationValue = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Taken before a read of the database; `set` stores the read only if nothing changed since. */
  get generation(): number {
    return this.generationValue;
  }

  private static key(sessionId: string, userId: number, eventId: number): string {
    return `${sessionId}\n${userId}\n${eventId}`;
  }

  get(sessionId: string, userId: number, eventId: number): T | undefined {
    if (!this.enabled) return undefined;
    const key = SessionAccessCache.key(sessionId, userId, eventId);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    if (now - entry.storedAt >= this.ttlMs || now >= entry.sessionExpiresAt) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(sessionId: string, userId: number, eventId: number, generation: number, found: CachedSession<T>): void {
    if (!this.enabled || generation !== this.generationValue) return;
    // Bounded: at the cap it starts over rather than keeping an order of use.
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(SessionAccessCache.key(sessionId, userId, eventId), { ...found, storedAt: this.now() });
  }

  /**
   * The remembered answer, or the answer of `read`: shared with the requests that ask while it
   * runs (until the next `clear`, after which a new read starts). Only a found, live session is
   * stored; null (refused) is read again next time.
   */
  async load(sessionId: string, userId: number, eventId: number, read: () => Promise<CachedSession<T> | null>): Promise<T | null> {
    const cached = this.get(sessionId, userId, eventId);
    if (cached !== undefined) return cached;
    if (!this.enabled) return (await read())?.value ?? null;
    const key = SessionAccessCache.key(sessionId, userId, eventId);
    const generation = this.generationValue;
    const running = this.reading.get(key);
    if (running && running.generation === generation) return running.read;
    const pending = read().then((found) => {
      if (found) this.set(sessionId, userId, eventId, generation, found);
      return found?.value ?? null;
    });
    const entry = { generation, read: pending };
    this.reading.set(key, entry);
    const done = () => {
      if (this.reading.get(key) === entry) this.reading.delete(key);
    };
    pending.then(done, done);
    return pending;
  }

  /** Something may have changed: forget everything, and refuse reads that began before now. */
  clear(): void {
    this.generationValue += 1;
    this.entries.clear();
    this.reading.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
