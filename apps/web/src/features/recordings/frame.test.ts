import { describe, expect, it } from 'vitest';
import { fitRect, formatElapsed, isWide, pickMimeType, WEBM_TYPES } from './frame.ts';

describe('fitRect: a picture inside the 1280x720 frame, whole and centred', () => {
  it.each([
    ['16:9 fills it', 1920, 1080, { x: 0, y: 0, width: 1280, height: 720 }],
    ['4:3 (a webcam) gets bars at the sides', 640, 480, { x: 160, y: 0, width: 960, height: 720 }],
    ['a portrait phone gets wide bars', 720, 1280, { x: 438, y: 0, width: 405, height: 720 }],
    ['an ultrawide screen gets bars above and below', 3440, 1440, { x: 0, y: 92, width: 1280, height: 536 }],
    ['a small source is scaled up', 320, 180, { x: 0, y: 0, width: 1280, height: 720 }],
    ['no picture yet fills it (with black)', 0, 0, { x: 0, y: 0, width: 1280, height: 720 }],
  ] as const)('%s', (_name, width, height, expected) => expect(fitRect(width, height, 1280, 720)).toEqual(expected));
});

describe('isWide', () => {
  it.each([
    [1280, 720, true],
    [1920, 1080, true],
    [854, 480, true],
    [640, 480, false],
    [1280, 800, false],
    [undefined, 720, false],
    [1280, 0, false],
  ] as const)('%s x %s: %s', (width, height, expected) => expect(isWide(width, height)).toBe(expected));
});

describe('pickMimeType', () => {
  it('takes the first WebM type the browser records', () => {
    expect(pickMimeType(() => true)).toBe(WEBM_TYPES[0]);
    expect(pickMimeType((type) => !type.includes('vp9'))).toBe('video/webm;codecs=vp8,opus');
    expect(pickMimeType((type) => type === 'video/webm')).toBe('video/webm');
    expect(pickMimeType((type) => type === 'video/mp4')).toBeNull();
  });
});

describe('formatElapsed', () => {
  it.each([
    [0, '0:00'],
    [999, '0:00'],
    [10_500, '0:10'],
    [61_000, '1:01'],
    [3_600_000, '1:00:00'],
    [-5, '0:00'],
  ] as const)('%i ms: %s', (ms, expected) => expect(formatElapsed(ms)).toBe(expected));
});
