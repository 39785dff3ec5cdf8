import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/errors.ts';
import { FIRST_PART_MIN_BYTES, MAX_ATTEMPTS, PartGatherer, retryable, retryDelayMs, UploadQueue } from './queue.ts';

const noWait = { sleep: async () => undefined };

describe('retryable', () => {
  it.each([
    ['the network', new NetworkError(), true],
    ['a server error', new ApiError(503, 'http.503', 'down'), true],
    ['too many requests', new ApiError(429, 'rate', 'slow down'), true],
    ['a refusal', new ApiError(403, 'auth.forbidden', 'no'), false],
    ['a stopped recording', new ApiError(409, 'recording.not_recording', 'stopped'), false],
    ['a part too big', new ApiError(413, 'payload.too_large', 'big'), false],
    ['anything else', new Error('bug'), false],
  ] as const)('%s: %s', (_name, error, expected) => expect(retryable(error)).toBe(expected));

  it.each([
    [1, 1000],
    [2, 2000],
    [4, 8000],
    [5, 10_000],
    [30, 10_000],
  ] as const)('waits %i: %i ms', (attempt, ms) => expect(retryDelayMs(attempt)).toBe(ms));
});

describe('UploadQueue', () => {
  it('sends one at a time in the order added, retrying a failed one before the next', async () => {
    const log: string[] = [];
    let flaky = 2;
    const waits: number[] = [];
    const queue = new UploadQueue(() => log.push('halt'), { sleep: async (ms) => void waits.push(ms) });
    let running = 0;
    const task = (name: string, fails = false) => async () => {
      running += 1;
      expect(running).toBe(1);
      await Promise.resolve();
      running -= 1;
      if (fails && flaky-- > 0) {
        log.push(`${name}!`);
        throw new NetworkError();
      }
      log.push(name);
    };
    queue.add(task('part 0'));
    queue.add(task('part 1', true));
    queue.add(task('poster'));
    queue.add(task('part 2'));
    await queue.drained();
    expect(log).toEqual(['part 0', 'part 1!', 'part 1!', 'part 1', 'poster', 'part 2']);
    expect(waits).toEqual([1000, 2000]);
    expect(queue.done).toBe(4);
    expect(queue.failed).toBeNull();
  });

  it('stops the line at a refusal: the error goes to onHalt once and later parts are dropped', async () => {
    const halts: unknown[] = [];
    const sent: number[] = [];
    const queue = new UploadQueue((error) => halts.push(error), noWait);
    const refusal = new ApiError(409, 'recording.not_recording', 'stopped');
    queue.add(async () => void sent.push(0));
    queue.add(async () => {
      throw refusal;
    });
    queue.add(async () => void sent.push(2));
    await queue.drained();
    queue.add(async () => void sent.push(3));
    await queue.drained();
    expect(sent).toEqual([0]);
    expect(halts).toEqual([refusal]);
    expect(queue.failed).toBe(refusal);
  });

  it(`gives up after ${MAX_ATTEMPTS} tries of the network`, async () => {
    const halts: unknown[] = [];
    let tries = 0;
    const queue = new UploadQueue((error) => halts.push(error), noWait);
    queue.add(async () => {
      tries += 1;
      throw new NetworkError();
    });
    await queue.drained();
    expect(tries).toBe(MAX_ATTEMPTS);
    expect(halts).toHaveLength(1);
  });

  it('is drained at once when nothing was added, and waits for what is added while draining', async () => {
    const queue = new UploadQueue(() => undefined, noWait);
    await queue.drained();
    const sent: number[] = [];
    queue.add(async () => {
      sent.push(1);
      queue.add(async () => void sent.push(2));
    });
    await queue.drained();
    expect(sent).toEqual([1, 2]);
  });
});

describe('PartGatherer', () => {
  const slice = (size: number, byte = 0x1a) => new Blob([new Uint8Array(size).fill(byte)], { type: 'video/webm' });

  it('holds a first slice shorter than the header (one byte, as a busy Chromium hands over) until enough has come', async () => {
    const parts = new PartGatherer();
    expect(parts.add(slice(1), false)).toBeNull();
    expect(parts.add(slice(0), false)).toBeNull();
    const first = parts.add(slice(FIRST_PART_MIN_BYTES, 0x45), false);
    expect(first?.size).toBe(FIRST_PART_MIN_BYTES + 1);
    expect(new Uint8Array(await first!.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x1a, 0x45]));
    expect(first?.type).toBe('video/webm');
  });

  it('sends every later slice as a part of its own, however small, and skips empty ones', () => {
    const parts = new PartGatherer();
    expect(parts.add(slice(FIRST_PART_MIN_BYTES), false)?.size).toBe(FIRST_PART_MIN_BYTES);
    expect(parts.add(slice(3), false)?.size).toBe(3);
    expect(parts.add(slice(0), false)).toBeNull();
    expect(parts.add(slice(0), true)).toBeNull();
  });

  it('sends what it holds when the recorder stops, however little', () => {
    const parts = new PartGatherer();
    expect(parts.add(slice(10), false)).toBeNull();
    expect(parts.add(slice(5), true)?.size).toBe(15);
  });
});
