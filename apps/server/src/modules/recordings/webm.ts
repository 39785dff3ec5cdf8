// A small streaming reader of WebM (Matroska's EBML) for recordings made by the browser's
// MediaRecorder: the duration is not in the file (the recorder cannot know it when it writes the
// header), so it is read from the blocks' timecodes; webm-duration.ts then writes it into the first
// part. Chrome writes the Segment and each Cluster with an unknown size and no SeekHead or Cues.

export const EBML_ID = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  blockDuration: 0x9b,
  cues: 0x1c53bb6b,
  chapters: 0x1043a770,
  tags: 0x1254c367,
  attachments: 0x1941a469,
  void: 0xec,
} as const;

/** Nanoseconds per timecode unit unless the Info says otherwise (1 ms). */
export const DEFAULT_TIMECODE_SCALE = 1_000_000;

/** The Segment's children: one of them ends a Cluster of unknown size. */
const SEGMENT_CHILDREN = new Set<number>([EBML_ID.seekHead, EBML_ID.info, EBML_ID.tracks, EBML_ID.cluster, EBML_ID.cues, EBML_ID.chapters, EBML_ID.tags, EBML_ID.attachments]);
/** Elements read inside; everything else is skipped without being held. */
const MASTERS = new Set<number>([EBML_ID.segment, EBML_ID.info, EBML_ID.cluster, EBML_ID.blockGroup]);
const SMALL_VALUES = new Set<number>([EBML_ID.timecodeScale, EBML_ID.timecode, EBML_ID.blockDuration, EBML_ID.duration]);

export interface ElementHeader {
  id: number;
  /** null: unknown size (all value bits set), which only masters may have. */
  size: number | null;
  /** Bytes of the ID and the size together. */
  length: number;
}

/** Length of a variable-size integer from its first byte (1 to 8), or 0 for an invalid byte. */
const vintLength = (first: number): number => (first === 0 ? 0 : Math.clz32(first) - 23);

/**
 * An element's ID and size at `offset`, or 'more' when the bytes end first, or 'invalid'.
 * IDs are at most 4 bytes and keep their marker bits; sizes lose them.
 */
export function readHeader(data: Uint8Array, offset: number): ElementHeader | 'more' | 'invalid' {
  if (offset >= data.length) return 'more';
  const idLength = vintLength(data[offset] ?? 0);
  if (idLength === 0 || idLength > 4) return 'invalid';
  if (offset + idLength >= data.length) return 'more';
  let id = 0;
  for (let i = 0; i < idLength; i += 1) id = id * 256 + (data[offset + i] ?? 0);
  const sizeOffset = offset + idLength;
  const first = data[sizeOffset] ?? 0;
  const sizeLength = vintLength(first);
  if (sizeLength === 0) return 'invalid';
  if (sizeOffset + sizeLength > data.length) return 'more';
  let size = first & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i += 1) {
    const byte = data[sizeOffset + i] ?? 0;
    size = size * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { id, size: allOnes ? null : size, length: idLength + sizeLength };
}

export const readUint = (data: Uint8Array, offset: number, size: number): number => {
  let value = 0;
  for (let i = 0; i < size; i += 1) value = value * 256 + (data[offset + i] ?? 0);
  return value;
};

const readFloat = (data: Uint8Array, offset: number, size: number): number | null => {
  const view = new DataView(data.buffer, data.byteOffset + offset, size);
  if (size === 4) return view.getFloat32(0);
  if (size === 8) return view.getFloat64(0);
  return size === 0 ? 0 : null;
};

export interface WebmSummary {
  /** From the first block's start to the last block's end; null when no block was found. */
  durationMs: number | null;
  timecodeScale: number;
  blocks: number;
  /** The Duration the file already states, in milliseconds (a finished file has one). */
  statedDurationMs: number | null;
  /** null when the whole input was read; otherwise why the reading stopped (what was read still counts). */
  problem: string | null;
}

interface Open {
  id: number;
  /** Absolute offset where the element ends; null for an unknown size. */
  end: number | null;
}

/**
 * Reads WebM bytes pushed in any slicing (parts end in the middle of elements) and keeps only what
 * the duration needs: the Info's TimecodeScale, each Cluster's Timecode and each block's relative
 * timecode (and a BlockGroup's BlockDuration). Skipped elements are never held in memory.
 */
export class WebmReader {
  private pending: Buffer = Buffer.alloc(0);
  /** Absolute offset of pending[0]. */
  private position = 0;
  private skip = 0;
  private readonly open: Open[] = [];
  private timecodeScale = DEFAULT_TIMECODE_SCALE;
  private statedDuration: number | null = null;
  private clusterTimecode = 0;
  private group: { start: number | null; duration: number } | null = null;
  private first: number | null = null;
  private last: number | null = null;
  private blocks = 0;
  private problem: string | null = null;

  push(chunk: Uint8Array): void {
    if (this.problem) return;
    let data = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.skip > 0) {
      const skipped = Math.min(this.skip, data.length);
      this.skip -= skipped;
      this.position += skipped;
      data = data.subarray(skipped);
    }
    if (data.length === 0) return;
    this.pending = this.pending.length === 0 ? data : Buffer.concat([this.pending, data]);
    this.parse();
  }

  end(): WebmSummary {
    if (!this.problem && (this.skip > 0 || this.pending.length > 0)) this.problem = 'the file ends inside an element';
    this.closeUntil(Number.POSITIVE_INFINITY);
    const toMs = (units: number) => Math.round((units * this.timecodeScale) / 1_000_000);
    return {
      durationMs: this.first === null || this.last === null ? null : toMs(this.last - this.first),
      timecodeScale: this.timecodeScale,
      blocks: this.blocks,
      statedDurationMs: this.statedDuration === null ? null : toMs(this.statedDuration),
      problem: this.problem,
    };
  }

  private fail(problem: string): void {
    this.problem = problem;
    this.pending = Buffer.alloc(0);
  }

  private consume(bytes: number): void {
    this.pending = this.pending.subarray(bytes);
    this.position += bytes;
  }

  /** Closes every open element that ends at or before `offset` (a BlockGroup closes with its block). */
  private closeUntil(offset: number): void {
    for (let top = this.open.at(-1); top && top.end !== null && top.end <= offset; top = this.open.at(-1)) this.close();
    if (offset === Number.POSITIVE_INFINITY) while (this.open.length > 0) this.close();
  }

  private close(): void {
    const closed = this.open.pop();
    if (closed?.id === EBML_ID.blockGroup && this.group) {
      if (this.group.start !== null) this.block(this.group.start, this.group.duration);
      this.group = null;
    }
  }

  private block(start: number, duration: number): void {
    this.blocks += 1;
    this.first = this.first === null ? start : Math.min(this.first, start);
    this.last = this.last === null ? start + duration : Math.max(this.last, start + duration);
  }

  private parse(): void {
    for (;;) {
      this.closeUntil(this.position);
      const header = readHeader(this.pending, 0);
      if (header === 'more') return;
      if (header === 'invalid') return this.fail(`not an EBML element at byte ${this.position}`);
      // An element that cannot belong to an open master of unknown size ends it (Chrome's Clusters).
      for (let top = this.open.at(-1); top && top.end === null && !this.belongsTo(header.id, top.id); top = this.open.at(-1)) this.close();
      if (MASTERS.has(header.id)) {
        this.consume(header.length);
        this.open.push({ id: header.id, end: header.size === null ? null : this.position + header.size });
        if (header.id === EBML_ID.cluster) this.clusterTimecode = 0;
        if (header.id === EBML_ID.blockGroup) this.group = { start: null, duration: 0 };
        continue;
      }
      if (header.size === null) return this.fail(`an element of unknown size at byte ${this.position} that may not have one`);
      if (SMALL_VALUES.has(header.id)) {
        if (header.size > 8) return this.fail(`a value of ${header.size} bytes at byte ${this.position}`);
        if (this.pending.length < header.length + header.size) return;
        this.value(header.id, header.length, header.size);
        this.consume(header.length + header.size);
        continue;
      }
      if (header.id === EBML_ID.simpleBlock || header.id === EBML_ID.block) {
        const needed = Math.min(header.size, 11);
        if (this.pending.length < header.length + needed) return;
        const trackLength = vintLength(this.pending[header.length] ?? 0);
        if (trackLength === 0 || trackLength + 2 > header.size) return this.fail(`a block without its timecode at byte ${this.position}`);
        const relative = this.pending.readInt16BE(header.length + trackLength);
        const start = this.clusterTimecode + relative;
        if (header.id === EBML_ID.simpleBlock) this.block(start, 0);
        else if (this.group) this.group.start = start;
      }
      this.consume(header.length);
      this.skipBytes(header.size);
    }
  }

  private belongsTo(child: number, parent: number): boolean {
    if (child === EBML_ID.ebml || child === EBML_ID.segment) return false;
    if (parent === EBML_ID.segment) return true;
    return !SEGMENT_CHILDREN.has(child);
  }

  private value(id: number, headerLength: number, size: number): void {
    const inInfo = this.open.at(-1)?.id === EBML_ID.info;
    if (id === EBML_ID.duration) {
      if (inInfo) this.statedDuration = readFloat(this.pending, headerLength, size);
      return;
    }
    const value = readUint(this.pending, headerLength, size);
    if (id === EBML_ID.timecodeScale && inInfo && value > 0) this.timecodeScale = value;
    else if (id === EBML_ID.timecode && this.open.at(-1)?.id === EBML_ID.cluster) this.clusterTimecode = value;
    else if (id === EBML_ID.blockDuration && this.group) this.group.duration = value;
  }

  /** Skips an element's data: what is pending now, and the rest as it arrives (push() discards it). */
  private skipBytes(size: number): void {
    const now = Math.min(size, this.pending.length);
    this.consume(now);
    this.skip = size - now;
  }
}

/** Reads a whole WebM stream (the parts in order) and sums it up. */
export async function readWebm(chunks: AsyncIterable<Uint8Array>): Promise<WebmSummary> {
  const reader = new WebmReader();
  for await (const chunk of chunks) reader.push(chunk);
  return reader.end();
}
