import { describe, expect, it } from 'vitest';
import { originalLink } from './links.ts';

describe("a feed item's original link", () => {
  it('keeps http and https addresses only', () => {
    expect(originalLink('https://example.org/a?b=1')).toBe('https://example.org/a?b=1');
    expect(originalLink('http://example.org/')).toBe('http://example.org/');
    expect(originalLink('javascript:alert(1)')).toBeNull();
    expect(originalLink('data:text/html,hi')).toBeNull();
    expect(originalLink('/relative')).toBeNull();
    expect(originalLink(null)).toBeNull();
  });
});
