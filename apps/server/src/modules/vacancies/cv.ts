// Reading a response's form: the message and the CV, its type sniffed from the content while it
// streams (a file that starts as neither a PDF, an OLE2 nor a zip file is refused at once, unread)
// and its size counted as it comes (413 at the limit, never held whole past it).
import { CV_SNIFF_BYTES, CV_TYPES, cvKindOfContainer, ErrorCode, sniffCvHead, VACANCY_MESSAGE_MAX, type CvKind } from '@lobby/contract';
import type { FastifyRequest } from 'fastify';
import { megabytes } from '../../files/upload.ts';
import { AppError } from '../../http/errors.ts';

export interface ReceivedResponse {
  message: string;
  cv: { data: Buffer; name: string; kind: CvKind; contentType: string };
}

export const cvTooLarge = (maxBytes: number) => {
  const mb = Number(megabytes(maxBytes));
  return new AppError(413, ErrorCode.vacancyCvTooLarge, `The CV is too big: the largest file is ${mb} MB.`, { max_bytes: maxBytes, max_mb: mb });
};
export const cvWrongType = () => new AppError(415, ErrorCode.vacancyCvType, 'The CV must be a PDF, DOC or DOCX file.', { allowed: Object.values(CV_TYPES) });
const cvMissing = () => {
  const message = 'Attach your CV: a PDF, DOC or DOCX file.';
  return new AppError(400, ErrorCode.vacancyCvRequired, message, { fields: [{ field: 'body.cv', message, key: 'required', params: {} }] });
};
const messageTooLong = () => {
  const message = `The message is too long: at most ${VACANCY_MESSAGE_MAX} characters.`;
  return new AppError(400, ErrorCode.vacancyMessageTooLong, message, { fields: [{ field: 'body.message', message, key: 'max_length', params: { max: VACANCY_MESSAGE_MAX } }] });
};
const unreadable = () => new AppError(400, ErrorCode.validation, 'The form could not be read: send a "message" and one file in "cv".', { fields: [{ field: 'body.cv', message: 'The form could not be read.', key: 'invalid', params: {} }] });

/** The names of a zip's entries, from its central directory (a docx always has one). */
export function zipEntryNames(data: Buffer): string[] {
  const names: string[] = [];
  const lowest = Math.max(0, data.length - 22 - 0xffff);
  for (let at = data.length - 22; at >= lowest; at--) {
    if (data.readUInt32LE(at) !== 0x06054b50) continue;
    const entries = data.readUInt16LE(at + 10);
    let offset = data.readUInt32LE(at + 16);
    for (let n = 0; n < entries && offset + 46 <= data.length; n++) {
      if (data.readUInt32LE(offset) !== 0x02014b50) break;
      const nameLength = data.readUInt16LE(offset + 28);
      names.push(data.toString('utf8', offset + 46, Math.min(data.length, offset + 46 + nameLength)));
      offset += 46 + nameLength + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
    }
    return names;
  }
  return names;
}

const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

/** What the whole file says it is, after its first bytes said PDF, OLE2 or zip. */
export function cvKindOf(data: Buffer): CvKind | null {
  const container = sniffCvHead(data.subarray(0, CV_SNIFF_BYTES));
  if (container === null) return null;
  if (container === 'pdf') return 'pdf';
  return container === 'zip' ? cvKindOfContainer('zip', { zipEntries: zipEntryNames(data) }) : cvKindOfContainer('ole2', { hasWordStream: data.includes(WORD_STREAM) });
}

/** The name as shown and downloaded: no folders or control characters, the extension of what it is. */
export function cvFileName(given: string | undefined, kind: CvKind): string {
  const base = (given ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 200);
  if (!clean) return `cv.${kind}`;
  return new RegExp(`\\.${kind}$`, 'i').test(clean) ? clean : `${clean}.${kind}`;
}

function translate(error: unknown, maxBytes: number): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return cvTooLarge(maxBytes);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError(415, ErrorCode.unsupportedMediaType, 'Send the response as multipart/form-data.');
  return error instanceof Error ? unreadable() : error;
}

/** Reads the message and the CV of a response (multipart: message, cv). */
export async function receiveResponse(request: FastifyRequest, maxBytes: number): Promise<ReceivedResponse> {
  if (!request.isMultipart()) throw new AppError(415, ErrorCode.unsupportedMediaType, 'Send the response as multipart/form-data: a "message" and a CV file in "cv".');
  let message = '';
  let cv: { data: Buffer; filename: string | undefined } | undefined;
  try {
    // A message of VACANCY_MESSAGE_MAX characters in UTF-8 fits the field size; one byte over the file limit reaches the loop, which stops there.
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1, files: 1, fields: 2, fieldSize: VACANCY_MESSAGE_MAX * 4 + 16, parts: 4 } })) {
      if (part.type === 'field') {
        if (part.fieldname !== 'message') continue;
        if (part.valueTruncated) throw messageTooLong();
        message = typeof part.value === 'string' ? part.value : '';
        continue;
      }
      if (part.fieldname !== 'cv') {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let sniffed = false;
      for await (const chunk of part.file) {
        const piece = chunk as Buffer;
        size += piece.length;
        if (size > maxBytes) throw cvTooLarge(maxBytes);
        chunks.push(piece);
        // The first bytes decide at once: a file of another type is not read any further.
        if (!sniffed && size >= CV_SNIFF_BYTES) {
          if (sniffCvHead(Buffer.concat(chunks, size).subarray(0, CV_SNIFF_BYTES)) === null) throw cvWrongType();
          sniffed = true;
        }
      }
      if (part.file.truncated) throw cvTooLarge(maxBytes);
      cv = { data: Buffer.concat(chunks, size), filename: part.filename };
    }
  } catch (error) {
    throw translate(error, maxBytes);
  }
  const text = message.trim();
  if (text.length > VACANCY_MESSAGE_MAX) throw messageTooLong();
  if (!cv || cv.data.length === 0) throw cvMissing();
  const kind = cvKindOf(cv.data);
  if (!kind) throw cvWrongType();
  return { message: text, cv: { data: cv.data, name: cvFileName(cv.filename, kind), kind, contentType: CV_TYPES[kind] } };
}
