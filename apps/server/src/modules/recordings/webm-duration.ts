// Writing the Duration into a recording's first part, so players show its length and can seek.
// MediaRecorder cannot know the duration when it writes the header; the reader (webm.ts) finds it.
import { DEFAULT_TIMECODE_SCALE, EBML_ID, readHeader, readUint } from './webm.ts';

/** A size as an EBML variable-size integer of `length` bytes (1 to 8); null when it does not fit. */
export function encodeSize(size: number, length: number): Buffer | null {
  // All value bits set means "unknown", so the largest size of a length is one less.
  if (length < 1 || length > 8 || size >= 2 ** (7 * length) - 1) return null;
  const bytes = Buffer.alloc(length);
  let rest = size;
  for (let i = length - 1; i >= 0; i -= 1) {
    bytes[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  bytes[0] = (bytes[0] ?? 0) | (0x80 >> (length - 1));
  return bytes;
}

const durationElement = (value: number): Buffer => {
  const element = Buffer.alloc(11);
  element.writeUInt16BE(EBML_ID.duration, 0);
  element[2] = 0x88;
  element.writeDoubleBE(value, 3);
  return element;
};

/**
 * The first part with the Duration in its Info (in the Info's TimecodeScale units), or null when
 * that cannot be done safely. A Duration already there is overwritten in place. Inserting one
 * moves every later byte, so it is done only when nothing points at byte positions: a Segment of
 * unknown size and no SeekHead before the Info.
 */
export function withDuration(part: Buffer, durationMs: number): Buffer | null {
  const head = readHeader(part, 0);
  if (typeof head !== 'object' || head.id !== EBML_ID.ebml || head.size === null) return null;
  let offset = head.length + head.size;
  const segment = readHeader(part, offset);
  if (typeof segment !== 'object' || segment.id !== EBML_ID.segment) return null;
  offset += segment.length;
  let seekHead = false;
  for (;;) {
    const child = readHeader(part, offset);
    if (typeof child !== 'object' || child.size === null || child.id === EBML_ID.cluster) return null;
    const dataStart = offset + child.length;
    const dataEnd = dataStart + child.size;
    if (dataEnd > part.length) return null;
    if (child.id === EBML_ID.seekHead) seekHead = true;
    if (child.id === EBML_ID.info) return infoWithDuration(part, { offset, dataStart, dataEnd, sizeLength: child.length - 4 }, durationMs, segment.size === null && !seekHead);
    offset = dataEnd;
  }
}

function infoWithDuration(part: Buffer, info: { offset: number; dataStart: number; dataEnd: number; sizeLength: number }, durationMs: number, mayInsert: boolean): Buffer | null {
  let scale = DEFAULT_TIMECODE_SCALE;
  let stated: { offset: number; size: number } | null = null;
  for (let offset = info.dataStart; offset < info.dataEnd; ) {
    const child = readHeader(part, offset);
    if (typeof child !== 'object' || child.size === null || offset + child.length + child.size > info.dataEnd) return null;
    if (child.id === EBML_ID.timecodeScale && child.size <= 8) scale = readUint(part, offset + child.length, child.size) || DEFAULT_TIMECODE_SCALE;
    if (child.id === EBML_ID.duration) stated = { offset: offset + child.length, size: child.size };
    offset += child.length + child.size;
  }
  const value = (durationMs * 1_000_000) / scale;
  if (stated) {
    if (stated.size !== 4 && stated.size !== 8) return null;
    const copy = Buffer.from(part);
    if (stated.size === 4) copy.writeFloatBE(value, stated.offset);
    else copy.writeDoubleBE(value, stated.offset);
    return copy;
  }
  if (!mayInsert) return null;
  const newSize = info.dataEnd - info.dataStart + 11;
  const size = encodeSize(newSize, info.sizeLength) ?? encodeSize(newSize, 8);
  if (!size) return null;
  return Buffer.concat([part.subarray(0, info.offset + 4), size, part.subarray(info.dataStart, info.dataEnd), durationElement(value), part.subarray(info.dataEnd)]);
}
