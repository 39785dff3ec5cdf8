import { describe, expect, it } from 'vitest';
import { SessionAccessCache } from './session-cache.ts';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const live = (value: string, expiresAt = Number.MAX_SAFE_INTEGER) => ({ value, sessionExpiresAt: expiresAt });

describe('SessionAccessCache', () => {
  it('answers what was stored for the same session, person and event only', () => {
    const cache = new SessionAccessCache<string>(2000, 100, clock().now);
    cache.set('s1', 1, 10, cache.generation, live('a'));
    const cases: [string, number, number, string | undefined][] = [
      ['s1', 1, 10, 'a'],
      ['s2', 1, 10, undefined], // another session of the same person
      ['s1', 2, 10, undefined], // the same session id claimed for another person
      ['s1', 1, 11, undefined], // another event
    ];
    for (const [session, user, event, expected] of cases) expect(cache.get(session, user, event), `${session}/${user}/${event}`).toBe(expected);
  });

  it('forgets an entry after its time to live and at the session expiry, whichever comes first', () => {
    const time = clock();
    const cache = new SessionAccessCache<string>(2000, 100, time.now);
    cache.set('long', 1, 10, cache.generation, live('a'));
    cache.set('ending', 1, 10, cache.generation, live('b', time.now() + 500));
    time.advance(499);
    expect(cache.get('ending', 1, 10)).toBe('b');
    time.advance(1);
    expect(cache.get('ending', 1, 10)).toBeUndefined();
    expect(cache.get('long', 1, 10)).toBe('a');
    time.advance(1500);
    expect(cache.get('long', 1, 10)).toBeUndefined();
  });

  it('empties on clear, and refuses a read that began before the clear', () => {
    const cache = new SessionAccessCache<string>(2000, 100, clock().now);
    cache.set('s1', 1, 10, cache.generation, live('a'));
    const before = cache.generation;
    cache.clear();
    expect(cache.get('s1', 1, 10)).toBeUndefined();
    // A read that started before the change (and may hold what the change replaced) is not kept.
    cache.set('s1', 1, 10, before, live('stale'));
    expect(cache.get('s1', 1, 10)).toBeUndefined();
    cache.set('s1', 1, 10, cache.generation, live('fresh'));
    expect(cache.get('s1', 1, 10)).toBe('fresh');
  });

  it('stays within its size', () => {
    const cache = new SessionAccessCache<string>(2000, 3, clock().now);
    for (let event = 1; event <= 10; event += 1) cache.set('s', 1, event, cache.generation, live(String(event)));
    expect(cache.size).toBeLessThanOrEqual(3);
    expect(cache.get('s', 1, 10)).toBe('10');
  });

  it('keeps nothing when off', () => {
    const cache = new SessionAccessCache<string>(0);
    cache.set('s1', 1, 10, cache.generation, live('a'));
    expect(cache.enabled).toBe(false);
    expect(cache.get('s1', 1, 10)).toBeUndefined();
  });

  describe('load', () => {
    /** A read the test finishes by hand, counting how often it was started. */
    function reads() {
      const started: { resolve(value: ReturnType<typeof live> | null): void; reject(error: Error): void }[] = [];
      const read = () =>
        new Promise<ReturnType<typeof live> | null>((resolve, reject) => {
          started.push({ resolve, reject });
        });
      return { started, read };
    }

    it('shares one read between requests that miss together, and remembers its answer', async () => {
      const cache = new SessionAccessCache<string>(2000, 100, clock().now);
      const { started, read } = reads();
      const answers = [cache.load('s1', 1, 10, read), cache.load('s1', 1, 10, read), cache.load('s1', 1, 10, read)];
      expect(started).toHaveLength(1);
      // Another event, person or session is another read.
      void cache.load('s1', 1, 11, read);
      void cache.load('s2', 1, 10, read);
      expect(started).toHaveLength(3);
      started[0]?.resolve(live('a'));
      expect(await Promise.all(answers)).toEqual(['a', 'a', 'a']);
      expect(await cache.load('s1', 1, 10, read)).toBe('a');
      expect(started).toHaveLength(3);
    });

    it('never lets a request join a read that began before a change, nor keeps that read', async () => {
      const cache = new SessionAccessCache<string>(2000, 100, clock().now);
      const { started, read } = reads();
      const before = cache.load('s1', 1, 10, read);
      cache.clear();
      const after = cache.load('s1', 1, 10, read);
      expect(started).toHaveLength(2);
      started[0]?.resolve(live('stale'));
      started[1]?.resolve(live('fresh'));
      expect([await before, await after]).toEqual(['stale', 'fresh']);
      expect(cache.get('s1', 1, 10)).toBe('fresh');
    });

    it('shares a refusal or a failure but keeps neither: the next request reads again', async () => {
      const cache = new SessionAccessCache<string>(2000, 100, clock().now);
      const { started, read } = reads();
      const refused = [cache.load('s1', 1, 10, read), cache.load('s1', 1, 10, read)];
      started[0]?.resolve(null);
      expect(await Promise.all(refused)).toEqual([null, null]);
      const failing = [cache.load('s1', 1, 10, read), cache.load('s1', 1, 10, read)];
      expect(started).toHaveLength(2);
      started[1]?.reject(new Error('database down'));
      for (const answer of failing) await expect(answer).rejects.toThrow('database down');
      void cache.load('s1', 1, 10, read);
      expect(started).toHaveLength(3);
    });

    it('reads every time when off', async () => {
      const cache = new SessionAccessCache<string>(0);
      const { started, read } = reads();
      const answers = [cache.load('s1', 1, 10, read), cache.load('s1', 1, 10, read)];
      expect(started).toHaveLength(2);
      for (const one of started) one.resolve(live('a'));
      expect(await Promise.all(answers)).toEqual(['a', 'a']);
      expect(cache.size).toBe(0);
    });
  });
});
