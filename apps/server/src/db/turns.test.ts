import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeTurns, Turns } from './turns.ts';

const later = <T>(value: T): Promise<T> => new Promise((resolve) => setImmediate(() => resolve(value)));

describe('Turns', () => {
  it('runs one piece of work at a time, in the order asked', async () => {
    const turns = new Turns();
    const log: string[] = [];
    let running = 0;
    const work = (name: string) =>
      turns.run(async () => {
        running += 1;
        expect(running).toBe(1);
        log.push(`start ${name}`);
        await later(null);
        log.push(`end ${name}`);
        running -= 1;
        return name;
      });
    expect(await Promise.all([work('a'), work('b'), work('c')])).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(turns.waiting).toBe(0);
  });

  it('never starts work inside the caller, even with nothing waiting', async () => {
    const turns = new Turns();
    let started = false;
    const done = turns.run(async () => {
      started = true;
    });
    expect(started).toBe(false);
    await Promise.resolve();
    expect(started).toBe(false);
    await done;
    expect(started).toBe(true);
  });

  it('lets the event loop turn between two pieces of work, so what arrives meanwhile is read first', async () => {
    // A database mutex that hands over in a microtask would run b before the callback a scheduled.
    const turns = new Turns();
    const log: string[] = [];
    await Promise.all([
      turns.run(async () => {
        log.push('a');
        setImmediate(() => log.push('arrived while a ran'));
      }),
      turns.run(async () => {
        log.push('b');
      }),
    ]);
    expect(log).toEqual(['a', 'arrived while a ran', 'b']);
  });

  it('passes a failure to its caller and goes on with the next', async () => {
    const turns = new Turns();
    const failing = turns.run(async () => {
      throw new Error('no such table');
    });
    const throwingAtOnce = turns.run((() => {
      throw new Error('thrown before any promise');
    }) as () => Promise<never>);
    const next = turns.run(async () => 'next');
    await expect(failing).rejects.toThrow('no such table');
    await expect(throwingAtOnce).rejects.toThrow('thrown before any promise');
    await expect(next).resolves.toBe('next');
  });
});

describe('takeTurns on PGlite', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = takeTurns(await PGlite.create());
    await client.exec('create table t (n int)');
  });
  afterAll(async () => {
    await client.close();
  });

  it('answers queries, sql`` and exec through the turns', async () => {
    const turns = new Turns();
    const other = takeTurns(await PGlite.create(), turns);
    try {
      const one = other.query<{ n: number }>('select 1 as n');
      const two = other.sql<{ n: number }>`select ${2}::int as n`;
      const three = other.exec('select 3 as n');
      expect(turns.waiting).toBe(3);
      expect((await one).rows[0]?.n).toBe(1);
      expect((await two).rows[0]?.n).toBe(2);
      expect((await three)[0]?.rows[0]).toEqual({ n: 3 });
    } finally {
      await other.close();
    }
  });

  it('holds one turn for a whole transaction: its own statements run inside it, others wait for the commit', async () => {
    await client.exec('delete from t');
    const seen: number[] = [];
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into t values (1)');
      await later(null);
      await tx.query('insert into t values (2)');
      return (await tx.query<{ c: number }>('select count(*)::int as c from t')).rows[0]?.c;
    });
    const outside = client.query<{ c: number }>('select count(*)::int as c from t').then((result) => {
      seen.push(result.rows[0]?.c ?? -1);
    });
    expect(await transaction).toBe(2);
    await outside;
    expect(seen).toEqual([2]);
  });

  it('keeps going after a failed statement and a rolled-back transaction', async () => {
    await expect(client.query('select * from no_such_table')).rejects.toThrow(/no_such_table/);
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into t values (99)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await client.query<{ c: number }>('select count(*)::int as c from t where n = 99')).rows[0]?.c).toBe(0);
  });
});
