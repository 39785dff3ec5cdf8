// Stream recordings: start, parts, poster, stop and reading one (contract recordings.ts). The
// processing after stop is jobs.ts; serving a saved one is video.ts.
import { ErrorCode, eventRoomName, RECORDING_IDLE_STOP_S, RECORDING_PART_MAX_BYTES, RECORDING_POSTER_MAX_BYTES, WEBM_MAGIC, type Recording } from '@lobby/contract';
import { randomBytes } from 'node:crypto';
import type { AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { sniffImage } from '../../files/sniff.ts';
import { newFileKey, type FileStore } from '../../files/store.ts';
import { megabytes, unsupportedType } from '../../files/upload.ts';
import { AppError } from '../../http/errors.ts';
import { tooLargeFor, type RawUpload } from './body.ts';
import { PROCESS_RECORDING_JOB, WATCH_RECORDING_JOB } from './kinds.ts';
import { ownsRecording, partAccepted, recorderAccess, stopVerdict } from './policy.ts';
import { presentRecording } from './present.ts';
import { callInEvent, eventOf, insertRecording, partOf, recordingIn, savePart, savePoster, stopRunning, type RecordingRow } from './repo.ts';


export interface RecordingsContext {
  db: Db;
  files: FileStore;
  publicUrl: string;
  /** RECORDING_MAX_MB in bytes. */
  maxBytes: number;
  nudge: () => void;
  log: { warn(details: object, message: string): void; info(details: object, message: string): void };
}

/** A 24-character secret (18 random bytes): the saved recording's address. */
export const newToken = (): string => randomBytes(18).toString('base64url');

const POSTER_WIDTH = 640;
const POSTER_HEIGHT = 360;
const PART_TYPES = ['video/webm', 'application/octet-stream'];
const POSTER_TYPES = ['image/jpeg', 'image/png', 'application/octet-stream'];

interface Place {
  eventId: number;
  room: string;
}

/** The event and its room checked for this person: 404 for no such event or room, 403 without calls.record. */
async function requireRecorder(ctx: RecordingsContext, source: AccessSource, place: Place): Promise<void> {
  const [event, access] = await Promise.all([eventOf(ctx.db, place.eventId), source.get(place.eventId)]);
  const verdict = recorderAccess({ eventActive: event ? event.active : null, canManage: access.can('event.manage'), canRecord: access.can('calls.record') });
  if (verdict === 'event_not_found' || !event) throw new AppError(404, ErrorCode.eventNotFound, `Event ${place.eventId} was not found.`);
  if (verdict === 'forbidden') throw new AppError(403, ErrorCode.forbidden, "Only the event's organisers, course admins and teachers may record its streams.");
  if (eventRoomName(event) !== place.room) throw new AppError(404, ErrorCode.roomNotFound, "This event has no room of that name: recordings go to the event's own room.");
}

async function requireRecording(ctx: RecordingsContext, source: AccessSource, place: Place, id: number): Promise<RecordingRow> {
  await requireRecorder(ctx, source, place);
  const row = await recordingIn(ctx.db, place.eventId, place.room, id);
  if (!row) throw new AppError(404, ErrorCode.recordingNotFound, 'This recording was not found in this room.');
  return row;
}

/** A recording the caller started (parts, poster, stop): 403 for anyone else who may record there. */
async function requireOwnRecording(ctx: RecordingsContext, source: AccessSource, place: Place, id: number, userId: number): Promise<RecordingRow> {
  const row = await requireRecording(ctx, source, place, id);
  if (!ownsRecording(row, userId)) throw new AppError(403, ErrorCode.forbidden, 'Only the person who started this recording may add to it or stop it.');
  return row;
}

const notRecording = (row: RecordingRow | null) =>
  new AppError(409, ErrorCode.recordingNotRecording, row?.status === 'recording' ? 'This recording is not running.' : `This recording has stopped (${row?.status ?? 'removed'}); nothing more can be added to it.`, { status: row?.status ?? null });

export async function startRecording(ctx: RecordingsContext, source: AccessSource, userId: number, place: Place, body: { name: string; call_id?: string | null | undefined }): Promise<Recording> {
  await requireRecorder(ctx, source, place);
  if (body.call_id && !(await callInEvent(ctx.db, body.call_id, place.eventId))) throw new AppError(404, ErrorCode.callNotFound, 'This call was not found in this event.');
  const { row, running } = await insertRecording(
    ctx.db,
    { eventId: place.eventId, room: place.room, name: body.name, createdBy: userId, callId: body.call_id ?? null, token: newToken() },
    { kind: WATCH_RECORDING_JOB, runAt: new Date(Date.now() + RECORDING_IDLE_STOP_S * 1000) },
  );
  if (running) throw new AppError(409, ErrorCode.recordingInProgress, 'You are already recording in this room: stop that recording first.', { recording_id: row.id });
  return presentRecording(row, ctx.publicUrl);
}

export async function getRecording(ctx: RecordingsContext, source: AccessSource, place: Place, id: number): Promise<Recording> {
  return presentRecording(await requireRecording(ctx, source, place, id), ctx.publicUrl);
}

const webmMagic = Buffer.from(WEBM_MAGIC);

/** One part: its bytes counted as they arrive (the part's and the recording's limits), part 0 checked to start a WebM file. */
export async function uploadPart(ctx: RecordingsContext, source: AccessSource, userId: number, place: Place, id: number, seq: number, upload: RawUpload): Promise<Recording> {
  const row = await requireOwnRecording(ctx, source, place, id, userId);
  if (partAccepted(row.status, 'part') !== 'ok') throw notRecording(row);
  if (!PART_TYPES.includes(upload.mediaType)) throw new AppError(415, ErrorCode.unsupportedMediaType, 'Send the part as its raw bytes (video/webm or application/octet-stream).');
  const previous = await partOf(ctx.db, id, seq);
  const left = ctx.maxBytes - (row.bytes - (previous?.size ?? 0));
  const tooBig = () => new AppError(413, ErrorCode.recordingTooBig, `The recording has reached its limit of ${megabytes(ctx.maxBytes)} MB: stop it and start a new one.`, { max_mb: Number(megabytes(ctx.maxBytes)) });
  if (left <= 0) throw tooBig();
  const partTooBig = tooLargeFor('A recording part', RECORDING_PART_MAX_BYTES);
  const data = await upload.read({
    maxBytes: Math.min(RECORDING_PART_MAX_BYTES, left),
    tooBig: () => (left < RECORDING_PART_MAX_BYTES ? tooBig() : partTooBig()),
    ...(seq === 0 ? { prefixBytes: webmMagic.length, checkPrefix: (prefix: Buffer) => (prefix.equals(webmMagic) ? null : new AppError(415, ErrorCode.recordingBadType, 'A recording must start as a WebM file (video/webm from MediaRecorder).')) } : {}),
  });
  if (data.length === 0) throw new AppError(400, ErrorCode.validation, 'The part is empty: send its bytes as the body.');
  const key = newFileKey(`rec${id}`, 'video/webm');
  await ctx.files.put(key, data, 'video/webm');
  const saved = await savePart(ctx.db, id, { seq, fileKey: key, size: data.length });
  if (!saved.ok) {
    await ctx.files.delete(key);
    throw notRecording(saved.row);
  }
  if (saved.replaced) await ctx.files.delete(saved.replaced);
  return presentRecording(saved.row, ctx.publicUrl);
}

/** The poster: a JPEG or PNG sniffed by content, kept as a 640x360 (16:9, cover) JPEG. */
export async function uploadPoster(ctx: RecordingsContext, source: AccessSource, userId: number, place: Place, id: number, upload: RawUpload): Promise<Recording> {
  const row = await requireOwnRecording(ctx, source, place, id, userId);
  if (partAccepted(row.status, 'poster') !== 'ok') throw notRecording(row);
  if (!POSTER_TYPES.includes(upload.mediaType)) throw new AppError(415, ErrorCode.unsupportedMediaType, 'Send the poster as its raw bytes (image/jpeg, image/png or application/octet-stream).');
  const data = await upload.read({ maxBytes: RECORDING_POSTER_MAX_BYTES, tooBig: tooLargeFor('The poster', RECORDING_POSTER_MAX_BYTES) });
  if (data.length === 0) throw new AppError(400, ErrorCode.validation, 'The poster is empty: send the image as the body.');
  const image = await sniffImage(data, ['image/jpeg', 'image/png']);
  if (!image) throw unsupportedType(['image/jpeg', 'image/png']);
  const jpeg = await posterJpeg(image.data);
  const key = newFileKey(`recposter${id}`, 'image/jpeg');
  await ctx.files.put(key, jpeg, 'image/jpeg');
  const saved = await savePoster(ctx.db, id, key, (current) => partAccepted(current.status, 'poster') === 'ok');
  if (!saved.ok) {
    await ctx.files.delete(key);
    throw notRecording(saved.row);
  }
  if (saved.replaced) await ctx.files.delete(saved.replaced);
  return presentRecording(saved.row, ctx.publicUrl);
}

async function posterJpeg(data: Buffer): Promise<Buffer> {
  // Loaded on the first poster: libvips costs memory an idle server need not pay.
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(data, { animated: false, failOn: 'error' }).rotate().resize(POSTER_WIDTH, POSTER_HEIGHT, { fit: 'cover' }).jpeg({ quality: 80 }).toBuffer();
  } catch {
    throw new AppError(415, ErrorCode.unsupportedMediaType, 'The image could not be read; it may be damaged.');
  }
}

/** Stop: processing is planned with it; stopping again answers the recording as it is. */
export async function stopRecording(ctx: RecordingsContext, source: AccessSource, userId: number, place: Place, id: number, parts: number | undefined): Promise<Recording> {
  const row = await requireOwnRecording(ctx, source, place, id, userId);
  if (stopVerdict(row.status) === 'as_is') return presentRecording(row, ctx.publicUrl);
  const result = await stopRunning(ctx.db, id, { kind: PROCESS_RECORDING_JOB, parts });
  if (!result) throw new AppError(404, ErrorCode.recordingNotFound, 'This recording was not found in this room.');
  if (result.stopped) ctx.nudge();
  return presentRecording(result.row, ctx.publicUrl);
}
