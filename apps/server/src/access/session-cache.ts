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
 * - what changes without this server knowing (a row edited by hand) lives at most `ttlMs`.
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

  /** Something may have changed: forget everything, and refuse reads that began before now. */
  clear(): void {
    this.generationValue += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
