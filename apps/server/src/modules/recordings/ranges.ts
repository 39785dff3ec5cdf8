// HTTP byte ranges (RFC 9110 section 14) over a recording stored in parts: what a video player
// asks for when it seeks, and which parts hold those bytes.

export interface Range {
  start: number;
  /** Included. */
  end: number;
}

/**
 * The one range a Range header asks for within `size` bytes: 'all' when there is no header or it
 * cannot be read (a server may ignore it), 'unsatisfiable' when it starts past the end (416).
 * Several ranges at once are answered whole: players ask for one.
 */
export function parseRange(header: string | undefined, size: number): Range | 'all' | 'unsatisfiable' {
  if (header === undefined) return 'all';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return 'all';
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'all';
  if (from === '') {
    // A suffix: the last `to` bytes.
    const length = Number(to);
    if (length === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (!Number.isSafeInteger(start) || start >= size) return 'unsatisfiable';
  if (end < start) return 'all';
  return { start, end };
}

export interface PartSlice {
  /** Index of the part in the list. */
  index: number;
  /** Bytes of that part, both included. */
  start: number;
  end: number;
}

/** The parts (by their sizes, in order) that hold `range`, and the bytes of each. */
export function partSlices(sizes: readonly number[], range: Range): PartSlice[] {
  const slices: PartSlice[] = [];
  let offset = 0;
  sizes.forEach((size, index) => {
    const first = offset;
    const last = offset + size - 1;
    offset += size;
    if (size === 0 || last < range.start || first > range.end) return;
    slices.push({ index, start: Math.max(range.start, first) - first, end: Math.min(range.end, last) - first });
  });
  return slices;
}
