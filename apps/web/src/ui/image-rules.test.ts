import { CROP_RATIOS } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { isAcceptedImage, ratioValue } from './image-rules.ts';

describe('image input rules', () => {
  it.each([
    ['16:9', 16 / 9],
    ['4:3', 4 / 3],
    ['1:1', 1],
    ['2:3', 2 / 3],
    ['free', undefined],
  ])('ratio %s is %s', (ratio, value) => {
    expect(ratioValue(ratio)).toBe(value);
  });

  it('offers exactly the ratios of the spec', () => {
    expect(CROP_RATIOS).toEqual(['16:9', '4:3', '1:1', '2:3', 'free']);
  });

  it.each([
    ['a.png', 'image/png', true],
    ['a.jpg', 'image/jpeg', true],
    ['a.gif', 'image/gif', true],
    ['a.svg', 'image/svg+xml', false],
    ['a.txt', 'text/plain', false],
    // No type from the browser: the extension decides (png, jpg, jpeg, gif).
    ['a.jpeg', '', true],
    ['a.webp', '', false],
  ])('%s (%s) accepted: %s', (name, type, accepted) => {
    expect(isAcceptedImage(new File(['x'], name, { type }))).toBe(accepted);
  });
});
