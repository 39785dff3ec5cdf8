// Chat attachments: POST /chat/files/upload and GET /chat/files/get_signed_url/{key} (contract.md section 7).
import { CHAT_FILE_TYPES, CHAT_FILE_URL_TTL_S, ErrorCode } from '@lobby/contract';
import type { FastifyRequest } from 'fastify';
import type { AccessSource } from '../../access/access.ts';
import type { FileStore } from '../../files/store.ts';
import { newFileKey } from '../../files/store.ts';
import { megabytes, receiveUpload } from '../../files/upload.ts';
import { AppError } from '../../http/errors.ts';
import { findUpload, insertUpload } from './repo.ts';
import { readableMessage, type ChatContext } from './service.ts';

/** Uploads per person per hour: a flood guard for storage. */
const UPLOADS_PER_HOUR = 120;

const linkFailed = () => new AppError(404, ErrorCode.chatFileLinkFailed, 'The file link could not be made; it may have been deleted.');

/** The name as shown: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined, contentType: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  if (clean) return clean;
  return contentType === 'application/pdf' ? 'document.pdf' : `image.${contentType.split('/')[1] ?? 'bin'}`;
}

export async function uploadChatFile(ctx: ChatContext, store: FileStore, request: FastifyRequest, userId: number, maxBytes: number) {
  try {
    await ctx.limiter.check([{ key: `chat:upload:${userId}`, limit: UPLOADS_PER_HOUR, windowMs: 60 * 60 * 1000 }]);
  } catch (error) {
    if (error instanceof AppError && error.status === 429) throw new AppError(429, ErrorCode.chatFlood, 'user temporarily blocked for suspicious activity', error.details, error.headers);
    throw error;
  }
  let file;
  try {
    file = await receiveUpload(request, { maxBytes, types: CHAT_FILE_TYPES, field: 'file' });
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.payloadTooLarge) {
      const mb = Number(megabytes(maxBytes));
      throw new AppError(413, ErrorCode.chatUploadTooBig, `The file is too big: the maximum is ${mb} Mb.`, { max_bytes: maxBytes, max_mb: mb });
    }
    if (error instanceof AppError && error.code === ErrorCode.unsupportedMediaType) {
      throw new AppError(415, ErrorCode.unsupportedMediaType, 'Only pictures (PNG, JPEG, GIF, WebP) and PDF files can be sent.', { allowed: [...CHAT_FILE_TYPES] });
    }
    throw error;
  }
  const key = newFileKey('chat', file.contentType);
  const name = cleanFileName(file.filename, file.contentType);
  await store.put(key, file.data, file.contentType);
  await insertUpload(ctx.db, { key, uploaderId: userId, name, contentType: file.contentType, size: file.data.length });
  return { key, name, content_type: file.contentType, size: file.data.length };
}

/** A short-lived link for the uploader (before sending) and for the people of the channel it was sent in. */
export async function signedUrl(ctx: ChatContext, src: AccessSource, userId: number, key: string): Promise<{ signed_url: string; expires_at: string }> {
  const upload = await findUpload(ctx.db, key);
  if (!upload) throw linkFailed();
  if (upload.uploaderId !== userId) {
    if (upload.messageId === null) throw linkFailed();
    await readableMessage(ctx, src, userId, upload.messageId).catch(() => {
      throw linkFailed();
    });
  }
  const { url, expires } = ctx.files.shortLived(key, CHAT_FILE_URL_TTL_S);
  return { signed_url: url, expires_at: new Date(expires * 1000).toISOString() };
}
