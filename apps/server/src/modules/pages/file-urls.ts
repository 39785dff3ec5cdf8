// Pictures uploaded in the page editor reach it as signed, expiring addresses
// (/api/v1/files/{key}?expires=..&sig=..). Content keeps the key alone (/api/v1/files/{key}) and is
// signed again each time it is read, so a page's pictures never expire. Only an address whose
// signature holds is stored that way: an organiser cannot name another person's file by its key.
import type { FileUrls } from '../../files/urls.ts';

const FILE_PREFIX = '/api/v1/files/';
const SIGNED = /^\/api\/v1\/files\/([A-Za-z0-9._-]{1,200})\?expires=(\d{1,12})&sig=([A-Za-z0-9_-]{1,100})$/;
const STORED = /^\/api\/v1\/files\/([A-Za-z0-9._-]{1,200})$/;
/** Content is a few levels deep; deeper values are left as they are. */
const DEPTH_MAX = 12;

export const EXPIRED_PICTURE_MESSAGE = 'This picture address has expired or is not a file of Lobby; upload the picture again.';

export interface FileProblem {
  path: (string | number)[];
  message: string;
}

function walk(value: unknown, path: (string | number)[], visit: (text: string, path: (string | number)[]) => string): unknown {
  if (typeof value === 'string') return visit(value, path);
  if (path.length > DEPTH_MAX || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item, index) => walk(item, [...path, index], visit));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = walk(item, [...path, key], visit);
  return out;
}

/** Signed file addresses become stored ones; an address of a file that is not signed for this caller is a problem. */
export function storeFileUrls<T>(content: T, files: FileUrls, now = Date.now()): { content: T; problems: FileProblem[] } {
  const problems: FileProblem[] = [];
  const stored = walk(content, [], (text, path) => {
    if (!text.startsWith(FILE_PREFIX)) return text;
    const signed = SIGNED.exec(text);
    if (signed?.[1] && signed[2] && signed[3] && files.verify(signed[1], Number(signed[2]), signed[3], now)) return `${FILE_PREFIX}${signed[1]}`;
    problems.push({ path, message: EXPIRED_PICTURE_MESSAGE });
    return text;
  }) as T;
  return { content: stored, problems };
}

/** Stored file addresses signed for reading. */
export function signFileUrls<T>(content: T, files: FileUrls, now = Date.now()): T {
  return walk(content, [], (text) => {
    const key = STORED.exec(text)?.[1];
    return key ? (files.url(key, now) ?? text) : text;
  }) as T;
}
