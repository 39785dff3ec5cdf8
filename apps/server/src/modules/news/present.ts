import type { AdminNewsItem, NewsCard, NewsFeed, NewsItem } from '@lobby/contract';
import type { FileUrls } from '../../files/urls.ts';
import { isVisible } from './policy.ts';
import type { FeedRow, NewsWithFeed } from './repo.ts';

const SUMMARY_MAX = 240;

/** The first lines of a markdown (or plain) text, without its marks. */
export function summaryOf(body: string): string {
  const text = body
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1).trimEnd()}…` : text;
}

export function presentCard({ item, feedName }: NewsWithFeed, files: FileUrls): NewsCard {
  return {
    id: String(item.id),
    title: item.title,
    summary: summaryOf(item.body),
    // Feed items never carry a picture: no remote image is loaded on our pages.
    cover_url: item.source === 'organiser' ? files.url(item.coverKey) : null,
    published_at: item.publishedAt.toISOString(),
    pinned: item.pinned,
    source: item.source,
    feed_name: item.source === 'feed' ? feedName : null,
  };
}

export const presentItem = (row: NewsWithFeed, files: FileUrls): NewsItem => ({ ...presentCard(row, files), body: row.item.body, link: row.item.link });

export const presentAdminItem = (row: NewsWithFeed, files: FileUrls, now: Date): AdminNewsItem => ({
  ...presentItem(row, files),
  hidden: row.item.hidden,
  published: isVisible({ publishedAt: row.item.publishedAt, hidden: false }, now),
});

export const presentFeed = ({ feed, items }: { feed: FeedRow; items: number }): NewsFeed => ({
  url: feed.url,
  name: feed.name,
  last_fetched_at: feed.lastFetchedAt?.toISOString() ?? null,
  last_error: feed.lastError,
  items: Number(items),
});
