// News (product.md section 2 /news and /news/{id}; contract.md section 7 "two news sources").
// Organisers write news in the back office; up to two RSS or Atom feeds per event add theirs.
import { z } from 'zod';
import { dataOf, pageOf, ZTimestamp } from './common.ts';
import { ZEventId } from './members.ts';
import { NEWS_BODY_MAX, NEWS_FEEDS_MAX, NEWS_TITLE_MAX } from './program-rules.ts';
import { defineRoute } from './route.ts';

const ZId = z.coerce.number().int().min(1).max(2_147_483_647);
/** News ids are strings in routes (product.md section 2, route props); they hold digits. */
export const ZNewsId = z.string().regex(/^[1-9][0-9]{0,11}$/);

export const ZNewsCard = z
  .object({
    id: z.string(),
    title: z.string(),
    /** The first lines as plain text. */
    summary: z.string(),
    cover_url: z.string().nullable(),
    published_at: ZTimestamp,
    pinned: z.boolean(),
    source: z.enum(['organiser', 'feed']),
    /** The feed's name for feed items. */
    feed_name: z.string().nullable(),
  })
  .meta({ id: 'NewsCard' });
export type NewsCard = z.infer<typeof ZNewsCard>;

export const ZNewsItem = ZNewsCard.extend({
  /** Markdown (sanitised when shown); feed items carry their text, HTML removed. */
  body: z.string(),
  /** The original article of a feed item (http or https). */
  link: z.string().nullable(),
}).meta({ id: 'NewsItem' });
export type NewsItem = z.infer<typeof ZNewsItem>;

export const listNews = defineRoute({
  id: 'news.list',
  method: 'GET',
  path: '/api/v1/{eventId}/news',
  summary: "The event's published news, pinned first, then newest first: the organisers' and the feeds'. Whoever may see the event",
  tags: ['news'],
  params: z.object({ eventId: ZEventId }),
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
  }),
  response: pageOf(ZNewsCard),
  errors: [400, 403, 404],
});

export const getNews = defineRoute({
  id: 'news.get',
  method: 'GET',
  path: '/api/v1/{eventId}/news/{id}',
  summary: 'One published news item (404 news.not_found for drafts, hidden items and other events)',
  tags: ['news'],
  params: z.object({ eventId: ZEventId, id: ZNewsId }),
  response: dataOf(ZNewsItem),
  errors: [400, 403, 404],
});

// Back office --------------------------------------------------------------------------------

export const ZAdminNewsItem = ZNewsItem.extend({ hidden: z.boolean(), published: z.boolean() }).meta({ id: 'AdminNewsItem' });
export type AdminNewsItem = z.infer<typeof ZAdminNewsItem>;

export const ZNewsInput = z.object({
  title: z.string().trim().min(1).max(NEWS_TITLE_MAX),
  body: z.string().max(NEWS_BODY_MAX),
  /** Shown from this moment; in the future it is scheduled. */
  published_at: ZTimestamp,
  pinned: z.boolean().optional(),
});
export type NewsInput = z.infer<typeof ZNewsInput>;

const ZAdminPath = z.object({ eventId: ZEventId });
const ZAdminNewsPath = ZAdminPath.extend({ newsId: ZId });

export const adminListNews = defineRoute({
  id: 'admin.news.list',
  method: 'GET',
  path: '/api/admin/v1/events/{eventId}/news',
  summary: "Every news item of the event, scheduled and hidden ones included; filter[source] picks the organisers' or the feeds'",
  tags: ['admin', 'news'],
  auth: true,
  params: ZAdminPath,
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
    'filter[source]': z.enum(['organiser', 'feed']).optional(),
  }),
  response: pageOf(ZAdminNewsItem),
  errors: [400, 401, 403, 404],
});

export const adminCreateNews = defineRoute({
  id: 'admin.news.create',
  method: 'POST',
  path: '/api/admin/v1/events/{eventId}/news',
  summary: 'Write a news item (markdown, sanitised when shown)',
  tags: ['admin', 'news'],
  auth: true,
  params: ZAdminPath,
  body: ZNewsInput,
  response: dataOf(ZAdminNewsItem),
  status: 201,
  errors: [400, 401, 403, 404],
});

export const adminUpdateNews = defineRoute({
  id: 'admin.news.update',
  method: 'PUT',
  path: '/api/admin/v1/events/{eventId}/news/{newsId}',
  summary: "Change an organiser's news item (feed items are changed at their source; 409 news.from_feed)",
  tags: ['admin', 'news'],
  auth: true,
  params: ZAdminNewsPath,
  body: ZNewsInput,
  response: dataOf(ZAdminNewsItem),
  errors: [400, 401, 403, 404, 409],
});

export const adminSetNewsHidden = defineRoute({
  id: 'admin.news.hide',
  method: 'POST',
  path: '/api/admin/v1/events/{eventId}/news/{newsId}/hidden',
  summary: 'Hide a news item or show it again; a hidden feed item is not brought back by the next refresh',
  tags: ['admin', 'news'],
  auth: true,
  params: ZAdminNewsPath,
  body: z.object({ hidden: z.boolean() }),
  response: dataOf(ZAdminNewsItem),
  errors: [400, 401, 403, 404],
});

export const adminDeleteNews = defineRoute({
  id: 'admin.news.delete',
  method: 'DELETE',
  path: '/api/admin/v1/events/{eventId}/news/{newsId}',
  summary: "Delete an organiser's news item (feed items are hidden instead; 409 news.from_feed)",
  tags: ['admin', 'news'],
  auth: true,
  params: ZAdminNewsPath,
  response: dataOf(z.object({ id: z.string(), deleted: z.boolean() })),
  errors: [400, 401, 403, 404, 409],
});

export const adminUploadNewsCover = defineRoute({
  id: 'admin.news.cover',
  method: 'POST',
  path: '/api/admin/v1/events/{eventId}/news/{newsId}/cover',
  summary: 'Set the cover image of a news item (multipart: media; png, jpg, gif up to 10 MB)',
  tags: ['admin', 'news'],
  auth: true,
  params: ZAdminNewsPath,
  response: dataOf(ZAdminNewsItem),
  errors: [400, 401, 403, 404, 409, 413, 415],
});

export const ZNewsFeed = z
  .object({
    url: z.string(),
    name: z.string(),
    last_fetched_at: ZTimestamp.nullable(),
    /** What went wrong on the last refresh, in words; null when it worked. */
    last_error: z.string().nullable(),
    items: z.number().int(),
  })
  .meta({ id: 'NewsFeed' });
export type NewsFeed = z.infer<typeof ZNewsFeed>;

export const adminListNewsFeeds = defineRoute({
  id: 'admin.news.feeds.list',
  method: 'GET',
  path: '/api/admin/v1/events/{eventId}/news-feeds',
  summary: `The event's news sources (at most ${NEWS_FEEDS_MAX} RSS or Atom feeds) with the state of their last refresh`,
  tags: ['admin', 'news'],
  auth: true,
  params: ZAdminPath,
  response: z.object({ data: z.array(ZNewsFeed) }),
  errors: [400, 401, 403, 404],
});

export const adminSetNewsFeeds = defineRoute({
  id: 'admin.news.feeds.set',
  method: 'PUT',
  path: '/api/admin/v1/events/{eventId}/news-feeds',
  summary: `Set the news sources (http or https, at most ${NEWS_FEEDS_MAX}); a refresh is queued at once, then they refresh every 30 minutes. 422 news.feed_invalid for an address that cannot be a feed`,
  tags: ['admin', 'news'],
  auth: true,
  params: ZAdminPath,
  body: z.object({ feeds: z.array(z.object({ url: z.string().trim().min(1).max(2000), name: z.string().trim().min(1).max(100) })).max(NEWS_FEEDS_MAX) }),
  response: z.object({ data: z.array(ZNewsFeed) }),
  errors: [400, 401, 403, 404, 422],
});

export const adminRefreshNewsFeeds = defineRoute({
  id: 'admin.news.feeds.refresh',
  method: 'POST',
  path: '/api/admin/v1/events/{eventId}/news-feeds/refresh',
  summary: 'Queue a refresh of the news sources now (202); the list shows the result',
  tags: ['admin', 'news'],
  auth: true,
  params: ZAdminPath,
  response: dataOf(z.object({ queued: z.boolean() })),
  status: 202,
  errors: [400, 401, 403, 404],
});
