import { describe, expect, it } from 'vitest';
import { blockGroup, element, elementSized, ID, recordingBytes, simpleBlock, slices, UNKNOWN_SIZE, webmFile } from '../../../test/support/webm.ts';
import { encodeSize, withDuration } from './webm-duration.ts';
import { readHeader, WebmReader, type WebmSummary } from './webm.ts';

const read = (data: Buffer, sliceSize = data.length): WebmSummary => {
  const reader = new WebmReader();
  for (const piece of slices(data, Math.max(1, sliceSize))) reader.push(piece);
  return reader.end();
};

describe('readHeader', () => {
  it.each([
    ['a 1-byte ID and size', [0xe7, 0x81], { id: 0xe7, size: 1, length: 2 }],
    ['a 4-byte ID, 8-byte unknown size', [0x1f, 0x43, 0xb6, 0x75, ...UNKNOWN_SIZE], { id: 0x1f43b675, size: null, length: 12 }],
    ['a 1-byte unknown size', [0xa3, 0xff], { id: 0xa3, size: null, length: 2 }],
    ['a 2-byte size', [0xa3, 0x40, 0x80], { id: 0xa3, size: 128, length: 3 }],
    ['a size cut short', [0xa3, 0x40], 'more'],
    ['an ID cut short', [0x1a, 0x45], 'more'],
    ['a zero first byte', [0x00, 0x81], 'invalid'],
    ['a 5-byte ID', [0x08, 0x01, 0x02, 0x03, 0x04, 0x81], 'invalid'],
    ['a zero size byte', [0xa3, 0x00], 'invalid'],
  ] as const)('%s', (_name, bytes, expected) => expect(readHeader(Uint8Array.from(bytes), 0)).toEqual(expected));
});

describe('encodeSize', () => {
  it.each([
    [0, 1, [0x80]],
    [126, 1, [0xfe]],
    [127, 1, null],
    [127, 2, [0x40, 0x7f]],
    [300, 8, [0x01, 0, 0, 0, 0, 0, 0x01, 0x2c]],
  ] as const)('%i in %i bytes', (size, length, expected) => expect(encodeSize(size, length)).toEqual(expected === null ? null : Buffer.from(expected)));
});

describe('WebmReader', () => {
  const chrome = recordingBytes(10);
  it.each([
    ['Chrome-like (unknown sizes), read whole', chrome, chrome.length, 10_000, 101],
    ['the same cut in 7-byte slices', chrome, 7, 10_000, 101],
    ['the same one byte at a time', chrome, 1, 10_000, 101],
    ['known sizes everywhere', webmFile({ knownSizes: true, clusters: [{ timecode: 0, blocks: [0, 40] }, { timecode: 5000, blocks: [0, 500] }] }), 13, 5500, 4],
    ['a 10 µs timecode scale', webmFile({ timecodeScale: 10_000, clusters: [{ timecode: 0, blocks: [0] }, { timecode: 30_000, blocks: [25_000] }] }), 5, 550, 2],
    ['blocks after the first cluster start', webmFile({ clusters: [{ timecode: 2000, blocks: [0] }, { timecode: 3000, blocks: [500] }] }), 64, 1500, 2],
    ['negative relative timecodes', webmFile({ clusters: [{ timecode: 1000, blocks: [-1000, 0] }, { timecode: 4000, blocks: [-200] }] }), 9, 3800, 3],
    ['a BlockGroup with a BlockDuration', webmFile({ clusters: [{ timecode: 0, blocks: [0, blockGroup(900, 350)] }] }), 3, 1250, 2],
    ['no blocks at all', webmFile({ clusters: [] }), 10, null, 0],
  ] as const)('%s', (_name, data, sliceSize, durationMs, blocks) => {
    const summary = read(data, sliceSize);
    expect(summary).toMatchObject({ durationMs, blocks, problem: null });
  });

  it('reads the timecode scale and a Duration the file already states', () => {
    const summary = read(webmFile({ timecodeScale: 500_000, duration: 4000, clusters: [{ timecode: 0, blocks: [0, 2000] }] }), 11);
    expect(summary).toMatchObject({ timecodeScale: 500_000, statedDurationMs: 2000, durationMs: 1000 });
  });

  it('skips big elements without holding them (a 3 MB frame in 4 KB slices)', () => {
    const data = webmFile({ clusters: [{ timecode: 0, blocks: [0, simpleBlock(40, 3 * 1024 * 1024), 80] }] });
    expect(read(data, 4096)).toMatchObject({ durationMs: 80, blocks: 3, problem: null });
  });

  it.each([
    ['garbage after the clusters', Buffer.concat([recordingBytes(2), Buffer.from([0x00, 0x00, 0x00])]), /not an EBML element/, 2000],
    ['a file cut inside a frame', recordingBytes(2).subarray(0, -10), /ends inside an element/, 2000],
    ['a file cut inside a block header', recordingBytes(2).subarray(0, -205), /ends inside an element/, 1900],
    ['a leaf of unknown size', Buffer.concat([recordingBytes(1), Buffer.from([0xa3]), UNKNOWN_SIZE]), /unknown size/, 1000],
    ['a block too short for its timecode', Buffer.concat([recordingBytes(1), element(ID.simpleBlock, Buffer.from([0x81, 0x00]))]), /without its timecode/, 1000],
  ] as const)('keeps what it read before %s', (_name, data, problem, durationMs) => {
    const summary = read(data, 100);
    expect(summary.problem).toMatch(problem);
    expect(summary.durationMs).toBe(durationMs);
  });
});

describe('withDuration', () => {
  const durationOf = (data: Buffer) => read(data).statedDurationMs;

  it('inserts a Duration into the Info of a Chrome-like first part, keeping every other byte', () => {
    const whole = recordingBytes(3);
    const [first, ...rest] = slices(whole, 700);
    const written = withDuration(first ?? Buffer.alloc(0), 3000);
    expect(written).not.toBeNull();
    const file = Buffer.concat([written ?? Buffer.alloc(0), ...rest]);
    expect(file.length).toBe(whole.length + 11);
    expect(read(file, 50)).toMatchObject({ statedDurationMs: 3000, durationMs: 3000, blocks: 31, problem: null });
  });

  it.each([
    ['its size still fits the old length', 0, 1],
    ['a longer size when the old one is too short', 110, 8],
  ] as const)('uses the Info scale; %s', (_name, filler, sizeLength) => {
    const scale = element(ID.timecodeScale, Buffer.from([0x07, 0xa1, 0x20]));
    const info = elementSized(ID.info, 1, scale, filler > 0 ? element(ID.void, Buffer.alloc(filler)) : Buffer.alloc(0));
    const bytes = Buffer.concat([element(ID.ebml, Buffer.from('webm')), Buffer.from([0x18, 0x53, 0x80, 0x67]), UNKNOWN_SIZE, info]);
    const written = withDuration(bytes, 1500) ?? Buffer.alloc(0);
    expect(written.length).toBe(bytes.length + 11 + sizeLength - 1);
    expect(read(written)).toMatchObject({ timecodeScale: 500_000, statedDurationMs: 1500, problem: null });
  });

  it('overwrites a Duration already there, in place', () => {
    const data = webmFile({ duration: 1, knownSizes: true, seekHead: true, clusters: [{ timecode: 0, blocks: [0, 900] }] });
    const written = withDuration(data, 900);
    expect(written?.length).toBe(data.length);
    expect(durationOf(written ?? Buffer.alloc(0))).toBe(900);
    expect(durationOf(data)).toBe(1);
  });

  it.each([
    ['a Segment of known size', webmFile({ knownSizes: true, clusters: [{ timecode: 0, blocks: [0] }] })],
    ['a SeekHead before the Info', webmFile({ seekHead: true, clusters: [{ timecode: 0, blocks: [0] }] })],
    ['not a WebM file', Buffer.from('hello, this is not a video at all')],
    ['a first part that ends inside the Info', recordingBytes(1).subarray(0, 30)],
  ] as const)('refuses %s', (_name, data) => expect(withDuration(data, 1000)).toBeNull());
});
