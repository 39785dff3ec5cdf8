// Pure rules of the program, the lectures, the archive and the news (product.md sections 2, 3, 6;
// contract.md sections 3, 8, 9). Shared by the server, which decides, and the web, which shows.

/** Video sources (contract.md section 3); jitsi is labelled "WN Meet". */
export const VIDEO_SOURCES = ['youtube', 'gcore', 'googledrive', 'jitsi', 'rutube'] as const;
export type VideoSource = (typeof VIDEO_SOURCES)[number];

export const VIDEO_SOURCE_LABELS: Record<VideoSource, string> = {
  youtube: 'YouTube',
  gcore: 'Gcore',
  googledrive: 'Google Drive',
  jitsi: 'WN Meet',
  rutube: 'RuTube',
};

/** Archive visibility types: 1 open, 2 open if the person agrees, 3 open if the ticket has watch_lecture, 4 closed. */
export const VISIBILITY_TYPES = [1, 2, 3, 4] as const;
export type VisibilityType = (typeof VISIBILITY_TYPES)[number];
export const Visibility = { Open: 1, OpenIfAgree: 2, OpenIfTicket: 3, Closed: 4 } as const;

/** Lecture categories 1 to 16 (the dictionary lecture/category labels them, each has an icon). */
export const LECTURE_CATEGORY_MIN = 1;
export const LECTURE_CATEGORY_MAX = 16;

/** A favourite lecture's reminder goes out this long before it starts (as the meeting reminder). */
export const LECTURE_REMINDER_MINUTES = 10;
/** "Join" opens this long before the start and stays open until the end. */
export const LECTURE_JOIN_EARLY_MINUTES = 15;
/** Lecture previews (images) up to this size; beyond it, 413 lecture.preview_too_big. */
export const LECTURE_PREVIEW_MAX_BYTES = 5 * 1024 * 1024;
/** Rows of one program upload (CSV): a program is hundreds of lectures at most. */
export const PROGRAM_IMPORT_MAX_ROWS = 500;
/** Per event: the spec's "two news sources". */
export const NEWS_FEEDS_MAX = 2;
/** Items kept from one feed on each refresh (the newest). */
export const NEWS_FEED_ITEMS_MAX = 50;
export const LECTURE_TITLE_MAX = 200;
export const LECTURE_DESCRIPTION_MAX = 10_000;
export const LECTURE_MATERIALS_MAX = 20;
export const LECTURE_SPEAKERS_MAX = 20;
export const QUESTION_TEXT_MAX = 500;
export const POLL_QUESTION_MAX = 300;
export const POLL_OPTION_MAX = 120;
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 8;
export const NEWS_TITLE_MAX = 200;
export const NEWS_BODY_MAX = 20_000;
export const ARCHIVE_TAGS_MAX = 10;
export const ARCHIVE_TAG_MAX = 40;
export const VIDEO_URL_MAX = 2000;
export const HALL_NAME_MAX = 100;

/** Lecture languages: a language tag (en, ru, zh, pt-BR). */
export const LECTURE_LANGUAGE_PATTERN = /^[a-z]{2}(-[A-Za-z]{2,4})?$/;

/** The public page chat of a lecture (the chat issue's common-message call), and of the hall's stream page. */
export const lectureChatPath = (hallId: number, lectureId: number): string => `/lectures/${hallId}/${lectureId}`;

export type LectureState = 'upcoming' | 'live' | 'ended';

export function lectureState(now: Date, startsAt: Date, endsAt: Date): LectureState {
  if (now.getTime() < startsAt.getTime()) return 'upcoming';
  return now.getTime() < endsAt.getTime() ? 'live' : 'ended';
}

/** When "join" counts: from LECTURE_JOIN_EARLY_MINUTES before the start until the end. */
export function joinWindow(now: Date, startsAt: Date, endsAt: Date): 'early' | 'open' | 'over' {
  if (now.getTime() < startsAt.getTime() - LECTURE_JOIN_EARLY_MINUTES * 60_000) return 'early';
  return now.getTime() < endsAt.getTime() ? 'open' : 'over';
}

export type PlayState = 'play' | 'consent' | 'upgrade' | 'closed';

/**
 * Whether an archive video plays for a viewer: 1 always; 2 once the viewer agreed (remembered);
 * 3 when the viewer's ticket here has watch_lecture; 4 never (listed, not playable).
 */
export function archivePlayState(visibility: VisibilityType, viewer: { agreed: boolean; canWatch: boolean }): PlayState {
  switch (visibility) {
    case Visibility.Open:
      return 'play';
    case Visibility.OpenIfAgree:
      return viewer.agreed ? 'play' : 'consent';
    case Visibility.OpenIfTicket:
      return viewer.canWatch ? 'play' : 'upgrade';
    default:
      return 'closed';
  }
}

/** A pasted link made embeddable: the source, the id the source knows it by, and the player address. */
export interface EmbeddableVideo {
  source: VideoSource;
  video_id: string;
  url: string;
}

/** WN Meet (Jitsi) hosts accepted when the deployment names none (JITSI_HOSTS). */
export const DEFAULT_JITSI_HOSTS = ['meet.jit.si'] as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const RUTUBE_ID = /^[0-9a-f]{32}$/;
const DRIVE_ID = /^[A-Za-z0-9_-]{10,100}$/;
const GCORE_ID = /^[A-Za-z0-9_-]{1,100}$/;
const JITSI_ROOM = /^[A-Za-z0-9_-]{3,100}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

/** The part of WHATWG URL these rules read (the contract is built without DOM or Node types; both have URL). */
interface ParsedUrl {
  protocol: string;
  hostname: string;
  pathname: string;
  username: string;
  password: string;
  port: string;
  searchParams: { get(name: string): string | null };
}
const UrlParser = (globalThis as unknown as { URL: new (input: string) => ParsedUrl }).URL;

function parseLink(raw: string): ParsedUrl | null {
  const text = raw.trim();
  if (text.length === 0 || text.length > VIDEO_URL_MAX) return null;
  // A link pasted without its scheme (youtu.be/abc) is read as https.
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new UrlParser(withScheme);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password || url.port) return null;
    return url;
  } catch {
    return null;
  }
}

const segments = (url: ParsedUrl): string[] => url.pathname.split('/').filter((part) => part.length > 0);

function youtube(url: ParsedUrl): EmbeddableVideo | null {
  const host = url.hostname.toLowerCase();
  let id: string | null = null;
  if (host === 'youtu.be') id = segments(url)[0] ?? null;
  else if (YOUTUBE_HOSTS.has(host)) {
    const [first, second] = segments(url);
    if (first === 'watch') id = url.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts' || first === 'live' || first === 'v') id = second ?? null;
  } else return null;
  return id && YOUTUBE_ID.test(id) ? { source: 'youtube', video_id: id, url: `https://www.youtube-nocookie.com/embed/${id}` } : null;
}

function rutube(url: ParsedUrl): EmbeddableVideo | null {
  const host = url.hostname.toLowerCase();
  if (host !== 'rutube.ru' && host !== 'www.rutube.ru') return null;
  const parts = segments(url);
  let id: string | null = null;
  if ((parts[0] === 'video' || parts[0] === 'shorts') && parts[1]) id = parts[1];
  else if (parts[0] === 'play' && parts[1] === 'embed' && parts[2]) id = parts[2];
  id = id?.toLowerCase() ?? null;
  return id && RUTUBE_ID.test(id) ? { source: 'rutube', video_id: id, url: `https://rutube.ru/play/embed/${id}` } : null;
}

function googleDrive(url: ParsedUrl): EmbeddableVideo | null {
  if (url.hostname.toLowerCase() !== 'drive.google.com') return null;
  const parts = segments(url);
  let id: string | null = null;
  if (parts[0] === 'file' && parts[1] === 'd' && parts[2]) id = parts[2];
  else if (parts[0] === 'open' || parts[0] === 'uc') id = url.searchParams.get('id');
  return id && DRIVE_ID.test(id) ? { source: 'googledrive', video_id: id, url: `https://drive.google.com/file/d/${id}/preview` } : null;
}

function gcore(url: ParsedUrl): EmbeddableVideo | null {
  const host = url.hostname.toLowerCase();
  if (host !== 'player.gvideo.co' && !host.endsWith('.gvideo.io') && !host.endsWith('.gvideo.co')) return null;
  const [kind, id] = segments(url);
  if ((kind !== 'videos' && kind !== 'streams') || !id || !GCORE_ID.test(id)) return null;
  const videoId = `${kind}/${id}`;
  return { source: 'gcore', video_id: videoId, url: `https://player.gvideo.co/${videoId}` };
}

function jitsi(url: ParsedUrl, hosts: readonly string[]): EmbeddableVideo | null {
  const host = url.hostname.toLowerCase();
  if (!hosts.some((allowed) => allowed.toLowerCase() === host)) return null;
  const parts = segments(url);
  const room = parts.length === 1 ? parts[0] : undefined;
  return room && JITSI_ROOM.test(room) ? { source: 'jitsi', video_id: room, url: `https://${host}/${room}` } : null;
}

/**
 * A pasted link of one of the five sources, as its embeddable player address; null for anything
 * else (another site, a page of the source that is not a video, a malformed id). Only these fixed
 * https addresses ever reach an iframe.
 */
export function normaliseVideoUrl(raw: string, jitsiHosts: readonly string[] = DEFAULT_JITSI_HOSTS): EmbeddableVideo | null {
  const url = parseLink(raw);
  if (!url) return null;
  return youtube(url) ?? rutube(url) ?? googleDrive(url) ?? gcore(url) ?? jitsi(url, jitsiHosts);
}

/** The player address of a stored source and id (what normaliseVideoUrl made of the link). */
export function embedUrlOf(source: VideoSource, videoId: string, jitsiHost: string = DEFAULT_JITSI_HOSTS[0]): string {
  switch (source) {
    case 'youtube':
      return `https://www.youtube-nocookie.com/embed/${videoId}`;
    case 'rutube':
      return `https://rutube.ru/play/embed/${videoId}`;
    case 'googledrive':
      return `https://drive.google.com/file/d/${videoId}/preview`;
    case 'gcore':
      return `https://player.gvideo.co/${videoId}`;
    case 'jitsi':
      return `https://${jitsiHost}/${videoId}`;
  }
}

/** The origins of every player, for the page's Content-Security-Policy frame-src. */
export const playerOrigins = (jitsiHosts: readonly string[] = DEFAULT_JITSI_HOSTS): string[] => [
  'https://www.youtube-nocookie.com',
  'https://rutube.ru',
  'https://drive.google.com',
  'https://player.gvideo.co',
  ...jitsiHosts.map((host) => `https://${host}`),
];

/** The calendar day (YYYY-MM-DD) of an instant in a timezone. */
export function dayIn(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
