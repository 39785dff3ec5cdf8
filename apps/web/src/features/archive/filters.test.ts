import { describe, expect, it } from 'vitest';
import { isPlayerUrl, readFilters, toApiQuery, withFilter } from './filters.ts';

describe('archive filters in the address', () => {
  it('reads valid filters and leaves out malformed ones', () => {
    expect(readFilters(new URLSearchParams('category=3&tag=ai&speaker=12&source=jitsi&event=2&page=4'))).toEqual({ category: 3, tag: 'ai', speaker: 12, source: 'jitsi', event: 2, page: 4 });
    expect(readFilters(new URLSearchParams('category=17&speaker=-1&source=vimeo&event=abc&page=0&tag='))).toEqual({ page: 1 });
    expect(readFilters(new URLSearchParams('category=0&speaker=1e3'))).toEqual({ page: 1 });
  });

  it('a changed filter goes back to page 1; an emptied one leaves the address', () => {
    const params = new URLSearchParams('category=3&page=2');
    expect(withFilter(params, 'tag', 'ai').toString()).toBe('category=3&tag=ai');
    expect(withFilter(params, 'category', '').toString()).toBe('');
    expect(withFilter(params, 'page', '3').toString()).toBe('category=3&page=3');
  });

  it('sends only the filters that are set', () => {
    expect(toApiQuery({ page: 1, category: 2 })).toEqual({ page: 1, per_page: 12, 'filter[category]': 2 });
  });

  it('lets only https addresses into the player', () => {
    expect(isPlayerUrl('https://www.youtube-nocookie.com/embed/abcdefghijk')).toBe(true);
    expect(isPlayerUrl('javascript:alert(1)')).toBe(false);
    expect(isPlayerUrl('http://example.org/x')).toBe(false);
    expect(isPlayerUrl(null)).toBe(false);
  });
});
