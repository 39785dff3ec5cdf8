// Fetching and reading RSS and Atom feeds: a timeout, a size cap, no private addresses on a real
// deployment (checked on the address actually connected to, so DNS cannot swap it afterwards).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { NEWS_BODY_MAX, NEWS_FEED_ITEMS_MAX, NEWS_TITLE_MAX } from '@lobby/contract';
import Parser from 'rss-parser';
import { isPrivateAddress } from './policy.ts';

export const FEED_TIMEOUT_MS = 10_000;
/** A feed is read up to this size; a bigger one is refused rather than held. */
export const FEED_MAX_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export class FeedError extends Error {}

export interface FetchOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

const guardedLookup =
  (allowPrivate: boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const usable = addresses.filter((entry) => allowPrivate || !isPrivateAddress(entry.address));
      if (usable.length === 0) return callback(new FeedError('The feed is on a private or local address.'), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      const [first] = usable;
      return callback(null, first!.address, first!.family);
    });
  };

function getOnce(url: URL, options: Required<FetchOptions>, signal: AbortSignal): Promise<{ status: number; location?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // A literal address never goes through lookup: it is checked here.
    if (isIP(host) !== 0 && !options.allowPrivate && isPrivateAddress(host)) return reject(new FeedError('The feed is on a private or local address.'));
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(url, { lookup: guardedLookup(options.allowPrivate), signal, headers: { accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.1', 'user-agent': 'Lobby news reader' } }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        return resolve({ status, location: response.headers.location, body: Buffer.alloc(0) });
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > options.maxBytes) {
        response.destroy();
        return reject(new FeedError(`The feed is larger than ${options.maxBytes / 1024 / 1024} MB.`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          response.destroy();
          reject(new FeedError(`The feed is larger than ${options.maxBytes / 1024 / 1024} MB.`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ status, body: Buffer.concat(chunks, size) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The feed's text: redirects followed (each address checked again), a timeout over the whole, a size cap. */
export async function fetchFeedText(address: string, given: FetchOptions): Promise<string> {
  const options: Required<FetchOptions> = { timeoutMs: FEED_TIMEOUT_MS, maxBytes: FEED_MAX_BYTES, ...given };
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = new URL(address);
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedError('The feed redirected to an address that is not http or https.');
      const answer = await getOnce(url, options, signal);
      if (answer.location !== undefined) {
        url = new URL(answer.location, url);
        continue;
      }
      if (answer.status < 200 || answer.status >= 300) throw new FeedError(`The feed answered HTTP ${answer.status}.`);
      return answer.body.toString('utf8');
    }
  } catch (error) {
    if (error instanceof FeedError) throw error;
    if (signal.aborted) throw new FeedError(`The feed did not answer within ${options.timeoutMs / 1000} seconds.`);
    throw new FeedError(`The feed could not be fetched (${error instanceof Error ? error.message : String(error)}).`);
  }
  throw new FeedError('The feed redirected too many times.');
}

const ENTITIES = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  ['nbsp', ' '],
  ['mdash', '—'],
  ['ndash', '–'],
  ['hellip', '…'],
  ['laquo', '«'],
  ['raquo', '»'],
  ['rsquo', '’'],
  ['lsquo', '‘'],
  ['rdquo', '”'],
  ['ldquo', '“'],
]);

const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) && code !== 0 ? String.fromCodePoint(code) : '';
    }
    return ENTITIES.get(name.toLowerCase()) ?? whole;
  });

/** Feed HTML as plain text: blocks become lines, tags and scripts go, entities are decoded. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style|iframe|object|noscript)[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|blockquote|tr|section|article)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/<[^>]*$/g, '');
  return decodeEntities(text)
    .replaceAll('\u0000', '')
    .replace(/[ \t\f\v\r]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Only http and https links are kept (no javascript:, data: or relative ones). */
export function safeLink(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 2000) return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export interface FeedEntry {
  guid: string;
  title: string;
  body: string;
  link: string | null;
  publishedAt: Date;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** RSS 2.0, RSS 1.0 and Atom, as the newest NEWS_FEED_ITEMS_MAX entries; entries with neither guid nor link are skipped. */
export async function parseFeed(xml: string, fetchedAt: Date): Promise<FeedEntry[]> {
  let feed: Awaited<ReturnType<Parser['parseString']>>;
  try {
    feed = await new Parser({ timeout: FEED_TIMEOUT_MS }).parseString(xml);
  } catch (error) {
    throw new FeedError(`This is not an RSS or Atom feed (${error instanceof Error ? error.message.split('\n')[0] : 'unreadable'}).`);
  }
  const entries: FeedEntry[] = [];
  for (const item of feed.items ?? []) {
    const raw = item as Record<string, unknown>;
    const link = safeLink(item.link);
    const guid = textOf(item.guid) || textOf(raw.id) || link;
    if (!guid) continue;
    const html = textOf(raw['content:encoded']) || textOf(item.content) || textOf(item.summary);
    const title = clip(htmlToText(textOf(item.title)), NEWS_TITLE_MAX) || clip(link ?? guid, NEWS_TITLE_MAX);
    const date = new Date(textOf(item.isoDate) || textOf(item.pubDate));
    const publishedAt = Number.isNaN(date.getTime()) || date.getTime() > fetchedAt.getTime() ? fetchedAt : date;
    entries.push({ guid: guid.slice(0, 2000), title, body: clip(htmlToText(html), NEWS_BODY_MAX), link, publishedAt });
  }
  const unique = new Map<string, FeedEntry>();
  for (const entry of entries) if (!unique.has(entry.guid)) unique.set(entry.guid, entry);
  return [...unique.values()].sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime()).slice(0, NEWS_FEED_ITEMS_MAX);
}
