// Hand-built WebM (EBML) bytes for the recordings' tests: the shape Chrome's MediaRecorder writes
// (an EBML header, a Segment and Clusters of unknown size, no Duration, no SeekHead or Cues), and
// variations of it.

/** An ID's bytes as written (IDs keep their marker bits). */
function idBytes(id: number): Buffer {
  const bytes: number[] = [];
  for (let rest = id; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from(bytes);
}

/** A size as the shortest variable-size integer, or of `length` bytes. */
export function vint(size: number, length?: number): Buffer {
  let width = length ?? 1;
  while (length === undefined && size >= 2 ** (7 * width) - 1) width += 1;
  const bytes = Buffer.alloc(width);
  let rest = size;
  for (let i = width - 1; i >= 0; i -= 1) {
    bytes[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  bytes[0] = (bytes[0] ?? 0) | (0x80 >> (width - 1));
  return bytes;
}

/** The 8-byte "unknown size". */
export const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

export const element = (id: number, ...children: Buffer[]): Buffer => {
  const data = Buffer.concat(children);
  return Buffer.concat([idBytes(id), vint(data.length), data]);
};
export const elementSized = (id: number, sizeLength: number, ...children: Buffer[]): Buffer => {
  const data = Buffer.concat(children);
  return Buffer.concat([idBytes(id), vint(data.length, sizeLength), data]);
};
export const unknownSized = (id: number, ...children: Buffer[]): Buffer => Buffer.concat([idBytes(id), UNKNOWN_SIZE, ...children]);

export const uint = (id: number, value: number): Buffer => {
  const bytes: number[] = [];
  for (let rest = value; rest > 0 || bytes.length === 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return element(id, Buffer.from(bytes));
};
export const float64 = (id: number, value: number): Buffer => {
  const data = Buffer.alloc(8);
  data.writeDoubleBE(value);
  return element(id, data);
};
export const float32 = (id: number, value: number): Buffer => {
  const data = Buffer.alloc(4);
  data.writeFloatBE(value);
  return element(id, data);
};
const text = (id: number, value: string): Buffer => element(id, Buffer.from(value, 'utf8'));

export const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  muxingApp: 0x4d80,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  codecId: 0x86,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  blockDuration: 0x9b,
  void: 0xec,
} as const;

/** A SimpleBlock of track 1 at `relative` (a keyframe) with `payload` bytes of frame data. */
export function simpleBlock(relative: number, payload = 24, track = 1): Buffer {
  const head = Buffer.alloc(3);
  head.writeInt16BE(relative, 0);
  head[2] = 0x80;
  return element(ID.simpleBlock, vint(track), head, Buffer.alloc(payload, 0x5a));
}

/** A BlockGroup with one Block at `relative` lasting `duration`. */
export function blockGroup(relative: number, duration: number, track = 2): Buffer {
  const head = Buffer.alloc(3);
  head.writeInt16BE(relative, 0);
  return element(ID.blockGroup, element(ID.block, vint(track), head, Buffer.alloc(16, 0x33)), uint(ID.blockDuration, duration));
}

export const ebmlHeader = (): Buffer => element(ID.ebml, text(ID.docType, 'webm'));

export interface WebmShape {
  /** Nanoseconds per timecode unit (1 ms when not given). */
  timecodeScale?: number;
  /** Each Cluster's timecode and its blocks' relative timecodes. */
  clusters: { timecode: number; blocks: (number | Buffer)[] }[];
  /** A Duration already in the Info (float64, timecode units). */
  duration?: number;
  /** Known sizes everywhere (a finished file), instead of Chrome's unknown ones. */
  knownSizes?: boolean;
  seekHead?: boolean;
  /** Frame data per SimpleBlock. */
  payload?: number;
}

/** A WebM file of the given shape. */
export function webmFile(shape: WebmShape): Buffer {
  const info = element(
    ID.info,
    uint(ID.timecodeScale, shape.timecodeScale ?? 1_000_000),
    text(ID.muxingApp, 'Lobby tests'),
    ...(shape.duration === undefined ? [] : [float64(ID.duration, shape.duration)]),
  );
  const tracks = element(ID.tracks, element(ID.trackEntry, uint(ID.trackNumber, 1), text(ID.codecId, 'V_VP8')));
  const clusters = shape.clusters.map(({ timecode, blocks }) => {
    const children = [uint(ID.timecode, timecode), ...blocks.map((block) => (typeof block === 'number' ? simpleBlock(block, shape.payload) : block))];
    return shape.knownSizes ? element(ID.cluster, ...children) : unknownSized(ID.cluster, ...children);
  });
  const seekHead = shape.seekHead ? [element(ID.seekHead, element(ID.void, Buffer.alloc(4)))] : [];
  const body = [...seekHead, info, tracks, ...clusters];
  return Buffer.concat([ebmlHeader(), shape.knownSizes ? element(ID.segment, ...body) : unknownSized(ID.segment, ...body)]);
}

/**
 * `seconds` of a recording as MediaRecorder writes it: one Cluster a second, a frame every 100 ms
 * and a last one at exactly `seconds`, so the duration read back is exact.
 */
export function recordingBytes(seconds: number, payload = 200): Buffer {
  const clusters = [];
  for (let second = 0; second < seconds; second += 1) {
    const blocks = Array.from({ length: 10 }, (_, frame) => frame * 100);
    if (second === seconds - 1) blocks.push(1000);
    clusters.push({ timecode: second * 1000, blocks });
  }
  return webmFile({ clusters, payload });
}

/** Bytes cut in pieces of about `size` (MediaRecorder's parts end anywhere). */
export function slices(data: Buffer, size: number): Buffer[] {
  const pieces: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += size) pieces.push(data.subarray(offset, offset + size));
  return pieces;
}
