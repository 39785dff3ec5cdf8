// A saved recording by its secret address: the parts streamed as one WebM file, with byte ranges
// so players seek (206, 416), and its poster. No sign-in: the address is the secret, as a Jitsi
// recording's link is (docs/decisions.md, "Stream recordings").
import { ErrorCode } from '@lobby/contract';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import type { FileStore } from '../../files/store.ts';
import { AppError } from '../../http/errors.ts';
import { parseRange, partSlices, type Range } from './ranges.ts';
import { partsOf, savedByToken, type PartRow } from './repo.ts';

const notFound = () => new AppError(404, ErrorCode.recordingNotFound, 'This recording was not found; it may have been removed.');

/** Only what Lobby itself serves here may run, which is nothing: a video needs no script. */
const sealed = (reply: FastifyReply) =>
  reply
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; media-src 'self'; sandbox")
    // A removed recording stops playing within minutes even where a copy was kept.
    .header('cache-control', 'private, max-age=300');

/** The bytes of `range`, part after part, each part opened at its own offset. */
function streamParts(files: FileStore, parts: PartRow[], range: Range): Readable {
  const slices = partSlices(
    parts.map((part) => part.size),
    range,
  );
  async function* bytes() {
    for (const slice of slices) {
      const part = parts[slice.index];
      const file = part ? await files.open(part.fileKey, { start: slice.start, end: slice.end }) : null;
      if (!file) throw new Error(`recording part ${part?.seq ?? slice.index} is missing from the store`);
      for await (const chunk of file.stream) yield chunk as Buffer;
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}

export async function sendVideo(db: Db, files: FileStore, token: string, rangeHeader: string | undefined, reply: FastifyReply): Promise<FastifyReply> {
  const row = await savedByToken(db, token);
  if (!row) throw notFound();
  const parts = await partsOf(db, row.id);
  const size = parts.reduce((sum, part) => sum + part.size, 0);
  sealed(reply).header('content-type', 'video/webm').header('accept-ranges', 'bytes');
  const range = parseRange(rangeHeader, size);
  if (range === 'unsatisfiable') {
    throw new AppError(416, ErrorCode.validation, `The range asked for is outside the recording (${size} bytes).`, { size }, { 'content-range': `bytes */${size}`, 'accept-ranges': 'bytes' });
  }
  const whole = range === 'all';
  const wanted = whole ? { start: 0, end: size - 1 } : range;
  if (!whole) reply.status(206).header('content-range', `bytes ${wanted.start}-${wanted.end}/${size}`);
  reply.header('content-length', size === 0 ? 0 : wanted.end - wanted.start + 1);
  return reply.send(size === 0 ? '' : streamParts(files, parts, wanted));
}

export async function sendPoster(db: Db, files: FileStore, token: string, reply: FastifyReply): Promise<FastifyReply> {
  const row = await savedByToken(db, token);
  const file = row?.posterKey ? await files.open(row.posterKey) : null;
  if (!file) throw new AppError(404, ErrorCode.recordingNotFound, 'This recording has no poster, or was not found.');
  sealed(reply).header('content-type', 'image/jpeg');
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply.send(file.stream);
}
