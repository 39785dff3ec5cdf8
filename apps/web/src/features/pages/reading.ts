// The pure parts of the organiser pages' reading side (issue 14): where a listed page opens, which
// page a route without an id shows, and whether the content brings its own heading.
import { BlockType, PAGE_SLUG_PATTERN, type PageContent, type PageKind, type PageSummary } from '@lobby/contract';

/** The path inside the event where a page opens: stub/{slug}, frame/{slug} or partyspace. */
export function pagePathOf(page: Pick<PageSummary, 'slug' | 'kind'>): string {
  switch (page.kind) {
    case 'frame':
      return `frame/${page.slug}`;
    case 'partyspace':
      return 'partyspace';
    default:
      return `stub/${page.slug}`;
  }
}

/** The first listed page of a kind (frame without an id, partyspace), or null when there is none. */
export const firstOfKind = <T extends Pick<PageSummary, 'kind'>>(pages: readonly T[], kind: PageKind): T | null => pages.find((page) => page.kind === kind) ?? null;

/** A slug the API could know; anything else is not found without asking. */
export const isPageSlug = (value: string | undefined): value is string => value !== undefined && PAGE_SLUG_PATTERN.test(value);

/**
 * Whether the first shown block is a Cover or a Title, which show the page's heading themselves:
 * the page's own h1 is then for screen readers only.
 */
export function opensWithHeading(content: PageContent | null): boolean {
  const first = content?.blocks.find((block) => !block.hidden);
  return first?.id === BlockType.Cover || first?.id === BlockType.Title;
}

/** The tab's title on a page: the page, then the event (the event layout's own title is the event's). */
export const documentTitleOf = (pageTitle: string, eventTitle: string): string => `${pageTitle} · ${eventTitle} · Lobby`;
