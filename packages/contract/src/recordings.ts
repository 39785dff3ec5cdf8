// Stream recordings (product.md section 4 "Stream recording: start, stop, saved (processing for a
// while)"; contract.md sections 3, 8 and 9): an organiser or a teacher records a group call or a
// stream from the browser (MediaRecorder, 16:9, WebM). The parts go to the file storage while it
// runs, so a closed tab loses nothing already sent; stop hands it to a job that reads its duration
// and makes its poster, and it is then saved among the room's recordings. The spec names the
// states only; the calls follow the style of contract.md section 7.
import { z } from 'zod';
import { dataOf, ZTimestamp } from './common.ts';
import { ZEventId } from './members.ts';
import { defineRoute } from './route.ts';
import { ZRoomName } from './rooms.ts';

export const RECORDING_STATUSES = ['recording', 'processing', 'saved', 'failed'] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];

/** Recording video ratio (contract.md section 9) and the size the browser records at. */
export const RECORDING_RATIO = 16 / 9;
export const RECORDING_WIDTH = 1280;
export const RECORDING_HEIGHT = 720;
/** The browser sends a part this often (MediaRecorder timeslice). */
export const RECORDING_TIMESLICE_MS = 2000;
/** One part at most (a few seconds of 720p video). */
export const RECORDING_PART_MAX_BYTES = 16 * 1024 * 1024;
/** A poster frame at most (JPEG or PNG). */
export const RECORDING_POSTER_MAX_BYTES = 2 * 1024 * 1024;
/** A recording that got no part for this long (the tab was closed) is stopped and saved by the server. */
export const RECORDING_IDLE_STOP_S = 120;
/** The first bytes of a WebM file (EBML header). */
export const WEBM_MAGIC = [0x1a, 0x45, 0xdf, 0xa3] as const;

export const ZRecording = z
  .object({
    id: z.number().int(),
    event_id: z.number().int(),
    room: z.string(),
    name: z.string(),
    status: z.enum(RECORDING_STATUSES),
    started_at: ZTimestamp,
    stopped_at: ZTimestamp.nullable(),
    saved_at: ZTimestamp.nullable(),
    parts: z.number().int(),
    bytes: z.number().int(),
    duration_seconds: z.number().int().nullable(),
    /** Once saved: the recording's address (a room recording's link). */
    link: z.string().nullable(),
    preview: z.string().nullable(),
  })
  .meta({ id: 'Recording' });
export type Recording = z.infer<typeof ZRecording>;

const ZRoomEventPath = z.object({ eventId: ZEventId, room: ZRoomName });
const ZRecordingPath = ZRoomEventPath.extend({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const startRecording = defineRoute({
  id: 'recordings.start',
  method: 'POST',
  path: '/api/v1/{eventId}/rooms/{room}/recordings',
  summary:
    "Start recording into the event's room (organisers, course admins and teachers). 404 room.not_found for a room that is not the event's; 409 recording.in_progress when this person already records there",
  tags: ['rooms'],
  auth: true,
  params: ZRoomEventPath,
  body: z.object({ name: z.string().trim().min(1).max(120), call_id: z.uuid().nullish() }),
  response: dataOf(ZRecording),
  status: 201,
  errors: [400, 401, 403, 404, 409],
});

export const uploadRecordingPart = defineRoute({
  id: 'recordings.part',
  method: 'PUT',
  path: '/api/v1/{eventId}/rooms/{room}/recordings/{id}/parts/{seq}',
  summary: `One part of a running recording: the raw bytes (video/webm or application/octet-stream), numbered from 0; sending a number again replaces it. Up to ${RECORDING_PART_MAX_BYTES / 1024 / 1024} MB a part (413); part 0 must start a WebM file (415). 409 recording.not_recording once stopped`,
  tags: ['rooms'],
  auth: true,
  params: ZRecordingPath.extend({ seq: z.coerce.number().int().min(0).max(1_000_000) }),
  response: dataOf(ZRecording),
  errors: [400, 401, 403, 404, 409, 413, 415],
});

export const uploadRecordingPoster = defineRoute({
  id: 'recordings.poster',
  method: 'PUT',
  path: '/api/v1/{eventId}/rooms/{room}/recordings/{id}/poster',
  summary: `The recording's poster frame (raw JPEG or PNG, up to ${RECORDING_POSTER_MAX_BYTES / 1024 / 1024} MB), kept as a 16:9 preview`,
  tags: ['rooms'],
  auth: true,
  params: ZRecordingPath,
  response: dataOf(ZRecording),
  errors: [400, 401, 403, 404, 409, 413, 415],
});

export const stopRecording = defineRoute({
  id: 'recordings.stop',
  method: 'POST',
  path: '/api/v1/{eventId}/rooms/{room}/recordings/{id}/stop',
  summary: 'Stop a recording: it is processed (duration, poster) and then saved among the room\'s recordings. Stopping again answers the recording as it is',
  tags: ['rooms'],
  auth: true,
  params: ZRecordingPath,
  // nullish: a stop with no body at all (a POST without JSON) reads as null.
  body: z.object({ parts: z.number().int().min(0).max(1_000_000).optional() }).nullish(),
  response: dataOf(ZRecording),
  errors: [400, 401, 403, 404],
});

export const getRecording = defineRoute({
  id: 'recordings.get',
  method: 'GET',
  path: '/api/v1/{eventId}/rooms/{room}/recordings/{id}',
  summary: 'A recording of the room and its state (whoever may record there)',
  tags: ['rooms'],
  auth: true,
  params: ZRecordingPath,
  response: dataOf(ZRecording),
  errors: [400, 401, 403, 404],
});

/**
 * Jitsi's own recordings (Jibri) reach a room through this hook: its finalize script posts the
 * room name and the file's https address with the shared secret (JITSI_HOOK_SECRET) as a bearer
 * token. docs/operations.md shows the script.
 */
export const jitsiRecordingHook = defineRoute({
  id: 'recordings.jitsi_hook',
  method: 'POST',
  path: '/api/v1/hooks/jitsi/recordings',
  summary: "Add a Jitsi recording to every event whose room has this name (Authorization: Bearer JITSI_HOOK_SECRET). 404 when no hook secret is configured, 401 for a wrong one",
  tags: ['rooms'],
  body: z.object({ room: ZRoomName, link: z.url({ protocol: /^https$/ }).max(2000), created_at: ZTimestamp.optional(), name: z.string().trim().min(1).max(200).optional() }),
  response: dataOf(z.object({ events: z.number().int() })),
  errors: [400, 401, 404],
});

/** A saved recording's secret address: 24 URL-safe characters, like a certificate's code. */
export const RECORDING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/;
const ZRecordingToken = z.object({ token: z.string().regex(RECORDING_TOKEN_PATTERN) });

export const recordingVideo = defineRoute({
  id: 'recordings.video',
  method: 'GET',
  path: '/api/v1/recordings/{token}/video.webm',
  summary:
    'A saved recording (video/webm), with byte ranges for seeking. Its address is a secret only its room\'s readers are given (like a Jitsi recording\'s link); removing the recording ends it. 404 for an unknown or removed one',
  tags: ['rooms'],
  params: ZRecordingToken,
  response: z.unknown(),
  errors: [400, 404],
});

export const recordingPoster = defineRoute({
  id: 'recordings.poster_image',
  method: 'GET',
  path: '/api/v1/recordings/{token}/poster.jpg',
  summary: "A saved recording's 16:9 poster frame (image/jpeg); 404 when it has none",
  tags: ['rooms'],
  params: ZRecordingToken,
  response: z.unknown(),
  errors: [400, 404],
});
