// Raw request bodies (a recording's parts and poster): the bytes are the body, with no form around
// them, so a part is one PUT the browser can retry as it is.
import { ErrorCode } from '@lobby/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { AppError } from '../../http/errors.ts';
import { megabytes } from '../../files/upload.ts';

const bodies = new WeakMap<FastifyRequest, Readable>();

/**
 * In the scope of the raw routes only: every content type is handed over unread, so the handler
 * checks who is sending and what before reading a byte, and counts the bytes as they arrive.
 */
export function acceptRawBodies(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (request, payload, done) => {
    bodies.set(request, payload);
    done(null, undefined);
  });
}

/** A raw upload as services see it: its media type, and its bytes read under rules. */
export interface RawUpload {
  /** Without parameters: `video/webm;codecs=vp9` is video/webm. */
  mediaType: string;
  read(rules: ReadRules): Promise<Buffer>;
}

export const rawUpload = (request: FastifyRequest): RawUpload => ({
  mediaType: (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '',
  read: (rules) => readBody(request, rules),
});

export interface ReadRules {
  maxBytes: number;
  /** The error past maxBytes. */
  tooBig: () => AppError;
  /** Checks the first `prefixBytes` bytes once they have come (or all of a shorter body), before the rest is read. */
  prefixBytes?: number;
  checkPrefix?: (prefix: Buffer) => AppError | null;
}

/**
 * Stopping early must not destroy the request: that would reset the connection and the browser
 * would see a network error instead of the answer. Reading stops, and the socket closes once the
 * answer is sent.
 */
const closing = (error: AppError): AppError => new AppError(error.status, error.code, error.message, error.details, { ...error.headers, connection: 'close' });

/** Reads the raw body up to `maxBytes`; 413 from the Content-Length or at the first byte past it. */
export async function readBody(request: FastifyRequest, rules: ReadRules): Promise<Buffer> {
  const stream = bodies.get(request);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > rules.maxBytes) throw closing(rules.tooBig());
  if (!stream) return Buffer.alloc(0);
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let checked = rules.checkPrefix === undefined;
    const stop = (error: AppError) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.pause();
      reject(closing(error));
    };
    const check = (): boolean => {
      if (checked) return true;
      checked = true;
      const problem = rules.checkPrefix?.(Buffer.concat(chunks, size).subarray(0, rules.prefixBytes ?? 0)) ?? null;
      if (problem) stop(problem);
      return problem === null;
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      if (size > rules.maxBytes) return stop(rules.tooBig());
      if (size >= (rules.prefixBytes ?? 0)) check();
    };
    const onEnd = () => {
      if (!check()) return;
      resolve(Buffer.concat(chunks, size));
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.once('error', (error) => reject(new AppError(400, ErrorCode.validation, `The upload was interrupted: ${error.message}`)));
    // A sender that goes away mid-body may close the stream without an end or an error.
    stream.once('close', () => reject(new AppError(400, ErrorCode.validation, 'The upload was interrupted before its end.')));
  });
}

export const tooLargeFor = (what: string, maxBytes: number) => () =>
  new AppError(413, ErrorCode.payloadTooLarge, `${what} is larger than ${megabytes(maxBytes)} MB.`, { max_bytes: maxBytes, max_mb: Number(megabytes(maxBytes)) });
