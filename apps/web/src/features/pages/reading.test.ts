import { ZPageContent } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { samplePage } from './page-samples.test-data.ts';
import { documentTitleOf, firstOfKind, isPageSlug, opensWithHeading, pagePathOf } from './reading.ts';

const content = ZPageContent.parse(samplePage);
const byId = (...blockIds: string[]) => ({ ...content, blocks: blockIds.map((id) => content.blocks.find((block) => block.blockId === id)).filter((block) => block !== undefined) });

describe('the organiser pages for reading', () => {
  it('open each kind at its own address', () => {
    expect(pagePathOf({ slug: 'about', kind: 'stub' })).toBe('stub/about');
    expect(pagePathOf({ slug: 'schedule', kind: 'frame' })).toBe('frame/schedule');
    expect(pagePathOf({ slug: 'evening', kind: 'partyspace' })).toBe('partyspace');
  });

  it('find the first page of a kind in the listed order, or none', () => {
    const pages = [
      { slug: 'about', kind: 'stub' as const, title: 'About' },
      { slug: 'map', kind: 'frame' as const, title: 'Map' },
      { slug: 'tickets', kind: 'frame' as const, title: 'Tickets' },
    ];
    expect(firstOfKind(pages, 'frame')?.slug).toBe('map');
    expect(firstOfKind(pages, 'partyspace')).toBeNull();
    expect(firstOfKind([], 'stub')).toBeNull();
  });

  it('take only slugs the API could know', () => {
    expect(isPageSlug('about-the-summit')).toBe(true);
    expect(isPageSlug('a')).toBe(true);
    expect(isPageSlug(undefined)).toBe(false);
    expect(isPageSlug('About')).toBe(false);
    expect(isPageSlug('-about')).toBe(false);
    expect(isPageSlug('../admin')).toBe(false);
  });

  it('leave the heading to a Cover or Title that opens the page, hidden blocks not counted', () => {
    expect(opensWithHeading(byId('cover', 'markdown'))).toBe(true);
    expect(opensWithHeading(byId('title', 'markdown'))).toBe(true);
    expect(opensWithHeading(byId('secret', 'cover'))).toBe(true);
    expect(opensWithHeading(byId('markdown', 'cover'))).toBe(false);
    expect(opensWithHeading(byId('secret'))).toBe(false);
    expect(opensWithHeading(null)).toBe(false);
  });

  it('name the tab after the page and the event', () => {
    expect(documentTitleOf('Venue', 'Lobby Summit')).toBe('Venue · Lobby Summit · Lobby');
  });
});
