import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect.ts';

describe('safeRedirect', () => {
  it.each([
    ['/events/summit', '/events/summit'],
    ['/events/summit/program?tab=day-2#top', '/events/summit/program?tab=day-2#top'],
    ['/', '/'],
    [null, '/'],
    [undefined, '/'],
    ['', '/'],
    ['https://evil.example', '/'],
    ['evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/a\\b', '/'],
    // Browsers drop tabs and newlines from URLs: each of these would become //evil.example.
    ['/\t/evil.example', '/'],
    ['/\n/evil.example', '/'],
    ['/\r/evil.example', '/'],
    ['/\r\n/evil.example', '/'],
    // Any other control character, DEL and C1 controls too.
    ['/\u0000/evil.example', '/'],
    ['/\u0001x', '/'],
    ['/x\u007f', '/'],
    ['/x\u0085', '/'],
  ])('%j -> %s', (value, target) => {
    expect(safeRedirect(value)).toBe(target);
  });
});
