import { describe, expect, it } from 'vitest';
import { parseRange, partSlices } from './ranges.ts';

describe('parseRange', () => {
  it.each([
    ['no header', undefined, 1000, 'all'],
    ['from a byte to the end', 'bytes=100-', 1000, { start: 100, end: 999 }],
    ['a closed range', 'bytes=0-499', 1000, { start: 0, end: 499 }],
    ['an end past the size', 'bytes=900-5000', 1000, { start: 900, end: 999 }],
    ['the last bytes', 'bytes=-200', 1000, { start: 800, end: 999 }],
    ['more last bytes than there are', 'bytes=-5000', 1000, { start: 0, end: 999 }],
    ['the last byte exactly', 'bytes=999-999', 1000, { start: 999, end: 999 }],
    ['a start at the size', 'bytes=1000-', 1000, 'unsatisfiable'],
    ['a start past the size', 'bytes=2000-3000', 1000, 'unsatisfiable'],
    ['no last bytes', 'bytes=-0', 1000, 'unsatisfiable'],
    ['an empty file', 'bytes=0-', 0, 'unsatisfiable'],
    ['an end before the start (ignored)', 'bytes=500-100', 1000, 'all'],
    ['several ranges (answered whole)', 'bytes=0-10,20-30', 1000, 'all'],
    ['another unit', 'items=0-10', 1000, 'all'],
    ['nothing asked', 'bytes=-', 1000, 'all'],
    ['garbage', 'bytes=abc-def', 1000, 'all'],
  ] as const)('%s', (_name, header, size, expected) => expect(parseRange(header, size)).toEqual(expected));
});

describe('partSlices', () => {
  const sizes = [100, 50, 0, 200];
  it.each([
    ['everything', { start: 0, end: 349 }, [{ index: 0, start: 0, end: 99 }, { index: 1, start: 0, end: 49 }, { index: 3, start: 0, end: 199 }]],
    ['inside one part', { start: 10, end: 20 }, [{ index: 0, start: 10, end: 20 }]],
    ['across a boundary', { start: 90, end: 120 }, [{ index: 0, start: 90, end: 99 }, { index: 1, start: 0, end: 20 }]],
    ['skipping an empty part', { start: 149, end: 150 }, [{ index: 1, start: 49, end: 49 }, { index: 3, start: 0, end: 0 }]],
    ['the last byte', { start: 349, end: 349 }, [{ index: 3, start: 199, end: 199 }]],
    ['the first byte of a part', { start: 100, end: 100 }, [{ index: 1, start: 0, end: 0 }]],
  ] as const)('%s', (_name, range, expected) => expect(partSlices(sizes, range)).toEqual(expected));
});
