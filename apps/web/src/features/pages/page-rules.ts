// The pure parts of the page renderer (issue 14): block links, the iframe's height messages, the
// video's player address, the tablist's keys and the class maps of the blocks' options.
import { IFRAME_DEFAULT_HEIGHT, normaliseVideoUrl, embedUrlOf, type PageBlock, type BlockTypeId } from '@lobby/contract';

export type BlockData<T extends BlockTypeId> = Extract<PageBlock, { id: T }>['editorData'];

export const IFRAME_MIN_HEIGHT = 100;
export const IFRAME_MAX_HEIGHT = 5000;

/** The translation key of the toast a link to a block that is not on the page shows. */
export const NO_BLOCK_KEY = 'pages.no_block';

/**
 * What an in-page link points at: null when the href is not a block link (another page, an
 * address, a bare '#'), else the block id and whether a shown block carries it.
 */
export function blockLinkTarget(href: string | null | undefined, ids: ReadonlySet<string>): { id: string; found: boolean } | null {
  if (!href || !href.startsWith('#') || href.length < 2) return null;
  let id: string;
  try {
    id = decodeURIComponent(href.slice(1));
  } catch {
    id = href.slice(1);
  }
  return { id, found: ids.has(id) };
}

/**
 * Follows a click on a link: a block link scrolls to its block, or says there is no such block.
 * Returns true when the link was a block link (the caller then prevents the browser's jump).
 */
export function followBlockLink(href: string | null | undefined, ids: ReadonlySet<string>, deps: { scrollTo: (id: string) => void; notify: (message: string) => void; t: (key: string) => string }): boolean {
  const target = blockLinkTarget(href, ids);
  if (!target) return false;
  if (target.found) deps.scrollTo(target.id);
  else deps.notify(deps.t(NO_BLOCK_KEY));
  return true;
}

export const clampIframeHeight = (height: number): number => Math.min(IFRAME_MAX_HEIGHT, Math.max(IFRAME_MIN_HEIGHT, Math.round(height)));

/** The origin of an iframe's address, or null when it is not an https address. */
export function frameOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The height an embedded page asks for with `{ type: 'update-block-height', height }`, clamped to
 * 100..5000; null unless the message comes from that very frame (event.source) and its origin.
 */
export function heightFromMessage(event: Pick<MessageEvent, 'data' | 'origin' | 'source'>, frame: { contentWindow: unknown; url: string } | null): number | null {
  if (!frame || frame.contentWindow === null || frame.contentWindow === undefined) return null;
  if (event.source !== frame.contentWindow) return null;
  const origin = frameOrigin(frame.url);
  if (origin === null || event.origin !== origin) return null;
  const data: unknown = event.data;
  if (data === null || typeof data !== 'object') return null;
  const { type, height } = data as { type?: unknown; height?: unknown };
  if (type !== 'update-block-height' || typeof height !== 'number' || !Number.isFinite(height)) return null;
  return clampIframeHeight(height);
}

export const initialIframeHeight = (height: number | undefined): number => clampIframeHeight(height ?? IFRAME_DEFAULT_HEIGHT);

/**
 * The player address of a page video, only when the link (or the stored source and id) makes an
 * address of the block's own source; anything else never reaches an iframe.
 */
export function videoEmbedUrl(data: Pick<BlockData<4>, 'source' | 'videoId' | 'videoUrl'>): string | null {
  const fromLink = normaliseVideoUrl(data.videoUrl);
  if (fromLink && fromLink.source === data.source) return fromLink.url;
  const fromId = normaliseVideoUrl(embedUrlOf(data.source, data.videoId));
  return fromId && fromId.source === data.source ? fromId.url : null;
}

/** A recording made in Lobby, at its secret address on this server (recordings.ts, RECORDING_TOKEN_PATTERN). */
const OWN_RECORDING_PATH = /^\/api\/v1\/recordings\/[A-Za-z0-9_-]{24}\/video\.webm$/;

/** The page's own origin, where the browser has one. */
const pageOrigin = (): string | null => (typeof location === 'undefined' ? null : location.origin);

/**
 * A WN Meet recording (the recordings picker stores its link) is a video file, played by the browser
 * itself: an https address whose path ends in a video file type, or a recording made in Lobby at
 * this server's own address (which is http in development, so its scheme is the page's).
 */
export function recordingFileUrl(data: Pick<BlockData<4>, 'source' | 'videoUrl'>, origin: string | null = pageOrigin()): string | null {
  if (data.source !== 'jitsi') return null;
  try {
    const url = new URL(data.videoUrl);
    if (url.username !== '' || url.password !== '') return null;
    if (origin !== null && url.origin === origin && OWN_RECORDING_PATH.test(url.pathname) && url.search === '') return url.href;
    return url.protocol === 'https:' && /\.(?:mp4|m4v|webm|mov|ogv)$/i.test(url.pathname) ? url.href : null;
  } catch {
    return null;
  }
}

/** The tab a key moves to in a tablist of `count` tabs (arrows wrap; Home, End), or null for other keys. */
export function tabAfterKey(key: string, index: number, count: number): number | null {
  if (count < 1) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** A colour safe for a style attribute (#rgb or #rrggbb), else undefined. */
export const cssColour = (value: string | undefined): string | undefined => (value && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : undefined);

// Tailwind sees only whole class names, so every option maps to a written-out class.
export const MOBILE_COLUMNS: Record<number, string> = { 1: 'grid-cols-1', 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-4', 5: 'grid-cols-5', 6: 'grid-cols-6' };
export const DESKTOP_COLUMNS: Record<number, string> = { 1: 'md:grid-cols-1', 2: 'md:grid-cols-2', 3: 'md:grid-cols-3', 4: 'md:grid-cols-4', 5: 'md:grid-cols-5', 6: 'md:grid-cols-6' };
export const columnsClass = (columns: { desktop: number; mobile: number }): string => `${MOBILE_COLUMNS[columns.mobile] ?? 'grid-cols-1'} ${DESKTOP_COLUMNS[columns.desktop] ?? 'md:grid-cols-1'}`;
export const PADDING_CLASS = { xs: 'py-2', sm: 'py-4', md: 'py-8', lg: 'py-12' } as const;
export const ALIGN_CLASS = { start: 'text-left', center: 'text-center', end: 'text-right' } as const;
export const SIDE_ALIGN_CLASS = { left: 'text-left items-start', center: 'text-center items-center', right: 'text-right items-end' } as const;
export const WIDTH_CLASS = { 'w-1/2': 'w-1/2', 'w-1/3': 'w-1/3', 'w-2/3': 'w-2/3', 'w-full': 'w-full' } as const;
export const TITLE_SIZE_CLASS = { xl: 'text-xl', xl2: 'text-2xl', xl3: 'text-3xl' } as const;

/** http(s) addresses open in a new tab; this site's paths and block links stay. */
export const isExternalLink = (href: string): boolean => /^https?:\/\//i.test(href);
