// Reading an event's jobs feed (contract.md section 7, "external services for jobs"): JSON Feed
// 1.1 (and 1.0), RSS or Atom, as plain-text jobs. Fetching reuses the news reader's guard (a
// timeout, a size cap, no private addresses on a real deployment: modules/news/feed.ts).
import { EXTERNAL_JOB_SUMMARY_MAX, EXTERNAL_JOB_TITLE_MAX, JOB_FEED_ITEMS_MAX, VACANCY_LOCATION_MAX } from '@lobby/contract';
import Parser from 'rss-parser';
import { FEED_TIMEOUT_MS, FeedError, htmlToText, safeLink } from '../news/feed.ts';
import type { ExternalJobEntry } from './feed-repo.ts';

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const textOf = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const plain = (value: unknown, max: number) => clip(htmlToText(textOf(value)), max);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A date as given, or null; a date after the import is the import's moment (a feed cannot post from the future). */
function dateOf(raw: unknown, fetchedAt: Date): Date | null {
  const text = textOf(raw);
  if (!text) return null;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return null;
  return date.getTime() > fetchedAt.getTime() ? fetchedAt : date;
}

function entryOf(fields: { guid: unknown; link: unknown; title: unknown; company: unknown; location: unknown; summary: unknown; date: unknown }, fetchedAt: Date): ExternalJobEntry | null {
  const url = safeLink(fields.link);
  // A job is opened at its source: without an http(s) link there is nothing to open.
  if (!url) return null;
  const guid = (textOf(fields.guid).trim() || url).slice(0, 2000);
  const title = plain(fields.title, EXTERNAL_JOB_TITLE_MAX) || clip(url, EXTERNAL_JOB_TITLE_MAX);
  return {
    guid,
    title,
    url,
    companyName: plain(fields.company, 200),
    location: plain(fields.location, VACANCY_LOCATION_MAX),
    summary: plain(fields.summary, EXTERNAL_JOB_SUMMARY_MAX),
    publishedAt: dateOf(fields.date, fetchedAt),
  };
}

/** JSON Feed items; a `_job` extension object may name the company and the location. */
function parseJsonFeed(text: string, fetchedAt: Date): ExternalJobEntry[] {
  let feed: unknown;
  try {
    feed = JSON.parse(text);
  } catch {
    throw new FeedError('This is not a JSON Feed: the JSON cannot be read.');
  }
  if (!isObject(feed) || !textOf(feed.version).startsWith('https://jsonfeed.org/version/') || !Array.isArray(feed.items)) {
    throw new FeedError('This is not a JSON Feed: it needs a jsonfeed.org version and a list of items.');
  }
  return feed.items.flatMap((item) => {
    if (!isObject(item)) return [];
    const job = isObject(item._job) ? item._job : {};
    const authors = Array.isArray(item.authors) ? item.authors : isObject(item.author) ? [item.author] : [];
    const author = authors.find(isObject);
    const entry = entryOf(
      {
        guid: item.id,
        link: item.url ?? item.external_url,
        title: item.title,
        company: job.company ?? author?.name,
        location: job.location,
        summary: item.content_text ?? item.summary ?? item.content_html,
        date: item.date_published ?? item.date_modified,
      },
      fetchedAt,
    );
    return entry ? [entry] : [];
  });
}

type XmlItem = Parser.Item & Record<string, unknown>;

/** RSS 2.0, RSS 1.0 and Atom; company and location from <company>/<location> (or job: ones), else the author. */
async function parseXmlFeed(text: string, fetchedAt: Date): Promise<ExternalJobEntry[]> {
  let feed: Awaited<ReturnType<Parser['parseString']>>;
  try {
    const parser = new Parser<Record<string, unknown>, Record<string, unknown>>({
      timeout: FEED_TIMEOUT_MS,
      customFields: { item: ['company', 'location', ['job:company', 'jobCompany'], ['job:location', 'jobLocation']] },
    });
    feed = await parser.parseString(text);
  } catch (error) {
    throw new FeedError(`This is not a JSON Feed, RSS or Atom feed (${error instanceof Error ? (error.message.split('\n')[0] ?? '') : 'unreadable'}).`);
  }
  return (feed.items as XmlItem[]).flatMap((item) => {
    const entry = entryOf(
      {
        guid: item.guid ?? item.id,
        link: item.link,
        title: item.title,
        company: item.company ?? item.jobCompany ?? item.creator ?? item.author,
        location: item.location ?? item.jobLocation,
        summary: item['content:encoded'] ?? item.content ?? item.summary ?? item.contentSnippet,
        date: item.isoDate ?? item.pubDate,
      },
      fetchedAt,
    );
    return entry ? [entry] : [];
  });
}

/** The feed's jobs, newest first, each guid once, at most JOB_FEED_ITEMS_MAX. */
export async function parseJobFeed(text: string, fetchedAt: Date): Promise<ExternalJobEntry[]> {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  const entries = body.startsWith('{') ? parseJsonFeed(body, fetchedAt) : await parseXmlFeed(body, fetchedAt);
  const unique = new Map<string, ExternalJobEntry>();
  for (const entry of entries) if (!unique.has(entry.guid)) unique.set(entry.guid, entry);
  return [...unique.values()].sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0)).slice(0, JOB_FEED_ITEMS_MAX);
}
