import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FILE_KEY_PATTERN } from './urls.ts';

/** Content types Lobby stores, by the extension of the key the server gave the file. */
const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml', webp: 'image/webp', pdf: 'application/pdf', zip: 'application/zip', mp4: 'video/mp4', webm: 'video/webm', doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
const EXTENSIONS: Record<string, string> = Object.fromEntries(Object.entries(TYPES).map(([ext, type]) => [type, ext]));

/** Bytes `start` to `end` of a file, both included (as in HTTP's Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFile {
  stream: Readable;
  contentType: string;
  size: number | undefined;
}

/**
 * Where uploaded files live (DESIGN.md section 1): a folder under DATA_DIR by default, an
 * S3-compatible bucket in production. Keys are flat names (FILE_KEY_PATTERN), never paths.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when no such file exists. With `range`, only bytes start..end (inclusive) are streamed (a recording's seek). */
  open(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** Deleting a file that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** A fresh key for a file of this type; the extension carries the type, so no metadata is needed. */
export function newFileKey(prefix: string, contentType: string): string {
  const ext = EXTENSIONS[contentType];
  if (!ext) throw new Error(`no extension for ${contentType}`);
  return `${prefix}-${randomBytes(12).toString('base64url')}.${ext}`;
}

export function contentTypeOfKey(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

export function assertKey(key: string): void {
  if (!FILE_KEY_PATTERN.test(key) || key.startsWith('.')) throw new Error(`bad file key ${JSON.stringify(key)}`);
}
