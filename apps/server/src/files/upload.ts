import { ErrorCode } from '@lobby/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';
import { sniffImage } from './sniff.ts';

export const THUMB_SIZE = 256;

export interface UploadRules {
  maxBytes: number;
  types: readonly string[];
  /** The form field holding the file: `media` unless said otherwise. */
  field?: string;
}

export interface ReceivedFile {
  /** The `category` form field, when sent. */
  category: string | undefined;
  /** The name the sender gave the file (no path), when it gave one. */
  filename: string | undefined;
  data: Buffer;
  contentType: string;
}

const TYPE_NAMES: Record<string, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/gif': 'GIF', 'image/svg+xml': 'SVG' };

export const megabytes = (bytes: number): string => {
  const mb = bytes / 1024 / 1024;
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
};

export const tooLarge = (maxBytes: number) =>
  new AppError(413, ErrorCode.payloadTooLarge, `File is larger than ${megabytes(maxBytes)} MB.`, { max_bytes: maxBytes, max_mb: Number(megabytes(maxBytes)) });

export const unsupportedType = (types: readonly string[]) => {
  const names = types.map((type) => TYPE_NAMES[type] ?? type);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}` : (names[0] ?? '');
  return new AppError(415, ErrorCode.unsupportedMediaType, `Only ${list} images can be uploaded.`, { allowed: [...types] });
};

const badForm = (message: string, field = 'media') => new AppError(400, ErrorCode.validation, message, { fields: [{ field: `body.${field}`, message, key: 'required', params: {} }] });

/** Multipart's own errors (limits, malformed bodies) in Lobby's error shape. */
function translate(error: unknown, rules: UploadRules): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(rules.maxBytes);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError(415, ErrorCode.unsupportedMediaType, 'Send the file as multipart/form-data.');
  const field = rules.field ?? 'media';
  const unreadable = field === 'media' ? 'The form could not be read: send one file in "media" and an optional "category".' : `The form could not be read: send one file in "${field}".`;
  if (typeof code === 'string' && code.startsWith('FST_')) return badForm(unreadable, field);
  if (error instanceof Error) return badForm(unreadable, field);
  return error;
}

/**
 * Reads a multipart upload: the `category` field and one file in `media`. The size is counted as
 * the file streams in and the read stops at the limit (413), so an oversized file is never held
 * whole; the type is sniffed from the content (415).
 */
export async function receiveUpload(request: FastifyRequest, rules: UploadRules): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new AppError(415, ErrorCode.unsupportedMediaType, 'Send the file as multipart/form-data.');
  let category: string | undefined;
  let file: Buffer | undefined;
  let filename: string | undefined;
  const field = rules.field ?? 'media';
  try {
    // One byte over the limit reaches the loop below, which stops reading there: at exactly the
    // limit busboy would truncate quietly and keep reading (and discarding) until the part ended.
    for await (const part of request.parts({ limits: { fileSize: rules.maxBytes + 1, files: 1, fields: 4, fieldSize: 200, parts: 6 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'category' && typeof part.value === 'string') category = part.value;
        continue;
      }
      if (part.fieldname !== field) {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file) {
        size += (chunk as Buffer).length;
        if (size > rules.maxBytes) throw tooLarge(rules.maxBytes);
        chunks.push(chunk as Buffer);
      }
      if (part.file.truncated) throw tooLarge(rules.maxBytes);
      file = Buffer.concat(chunks, size);
      filename = part.filename;
    }
  } catch (error) {
    throw translate(error, rules);
  }
  if (!file || file.length === 0) throw badForm('Choose a file to upload.', field);
  const sniffed = await sniffImage(file, rules.types);
  if (!sniffed) throw unsupportedType(rules.types);
  return { category, filename, ...sniffed };
}

/** A 256 px thumbnail (inside the square, never enlarged); null for SVG, which scales by itself. */
export async function makeThumbnail(data: Buffer, contentType: string): Promise<{ data: Buffer; contentType: string } | null> {
  if (contentType === 'image/svg+xml') return null;
  // Loaded on the first upload: libvips costs memory an idle server need not pay.
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(data, { animated: false, failOn: 'error' }).rotate().resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true });
    return contentType === 'image/jpeg'
      ? { data: await image.jpeg({ quality: 82 }).toBuffer(), contentType: 'image/jpeg' }
      : { data: await image.png().toBuffer(), contentType: 'image/png' };
  } catch {
    // The first bytes said image, the rest is not one.
    throw new AppError(415, ErrorCode.unsupportedMediaType, 'The image could not be read; it may be damaged.');
  }
}
