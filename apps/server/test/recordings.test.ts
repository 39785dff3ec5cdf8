// Stream recordings (product.md section 4: start, stop, saved after processing; contract
// recordings.ts): who records, the parts and poster as the browser sends them, processing to
// 'saved' with the duration read from the WebM, the secret address with byte ranges, and removal.
import { ErrorCode, type Recording, type RoomVideo } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, recordingParts, recordings } from '../src/db/schema/index.ts';
import { WebmReader } from '../src/modules/recordings/webm.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { drainJobs, insertRecording, recordingCalls, storedFiles } from './recordings-fixtures.ts';
import { pngOf } from './support/multipart.ts';
import { recordingBytes, slices } from './support/webm.ts';

let t: TestApp;
type Headers = Record<string, string>;
const api = recordingCalls(() => t);
const db = () => t.database.db;
let event: { id: number; slug: string };
let other: { id: number; slug: string };
let inactive: { id: number; slug: string };
let roomed: { id: number; slug: string };
let organiser: Headers;
let teacher: Headers;
let courseAdmin: Headers;
let member: Headers;
let outsider: Headers;
let teacherId: number;

async function person(eventId: number | null, values: { organiser?: boolean; roleIds?: number[]; isStaff?: boolean } = {}) {
  const user = await createUser(db(), values.isStaff ? { isStaff: true } : {});
  if (eventId !== null) {
    const ticket = await createTicketType(db(), eventId, { code: `t${user.id}` });
    await addMembership(db(), eventId, user.id, { ticketTypeId: ticket.id, isOrganizer: values.organiser ?? false, roleIds: values.roleIds ?? [1] });
  }
  return { id: user.id, headers: await authHeader(db(), t.config.secret, user.id) };
}

/** Ten seconds of WebM in parts of 4 KB, sent in order; the recording as the last part left it. */
async function record(headers: Headers, room = event.slug, seconds = 10): Promise<{ recording: Recording; bytes: Buffer; parts: Buffer[] }> {
  const started = await api.started(headers, event.id, room);
  const bytes = recordingBytes(seconds);
  const parts = slices(bytes, 4096);
  let recording = started;
  for (const [seq, part] of parts.entries()) {
    const res = await api.part(headers, event.id, room, started.id, seq, part);
    expect(res.statusCode, res.body).toBe(200);
    recording = res.json<{ data: Recording }>().data;
  }
  return { recording, bytes, parts };
}

const partsRows = (id: number) => db().select().from(recordingParts).where(eq(recordingParts.recordingId, id));

beforeAll(async () => {
  t = await createTestApp();
  event = await createEvent(db());
  other = await createEvent(db());
  inactive = await createEvent(db(), { active: false });
  roomed = await createEvent(db(), { config: { languages: ['en'], theme: { name: 'default', color: '#3b82f6' }, analytics: { yandexMetrika: null, googleTag: null }, wnmeet: { roomId: 'summit-stage' } } });
  organiser = (await person(event.id, { organiser: true })).headers;
  const teacherPerson = await person(event.id, { roleIds: [5] });
  teacher = teacherPerson.headers;
  teacherId = teacherPerson.id;
  courseAdmin = (await person(event.id, { roleIds: [4] })).headers;
  member = (await person(event.id)).headers;
  outsider = (await person(other.id, { organiser: true })).headers;
  await addMembership(db(), roomed.id, teacherId, { roleIds: [5] });
  await addMembership(db(), inactive.id, teacherId, { roleIds: [5] });
});

afterAll(async () => {
  await t?.close();
});

describe('starting a recording', () => {
  it("records into the event's room for teachers, course admins and organisers; one running recording per person and room", async () => {
    const res = await api.start(courseAdmin, event.id, event.slug, { name: '  Day 1: keynote  ' });
    expect(res.statusCode, res.body).toBe(201);
    const recording = res.json<{ data: Recording }>().data;
    expect(recording).toMatchObject({ event_id: event.id, room: event.slug, name: 'Day 1: keynote', status: 'recording', parts: 0, bytes: 0, duration_seconds: null, link: null, preview: null, stopped_at: null, saved_at: null });
    const again = await api.start(courseAdmin, event.id, event.slug, { name: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: ErrorCode.recordingInProgress, details: { recording_id: recording.id } });
    const organisers = await api.start(organiser, event.id, event.slug);
    expect(organisers.statusCode).toBe(201);
    for (const [who, id] of [[courseAdmin, recording.id], [organiser, organisers.json<{ data: Recording }>().data.id]] as const) {
      expect((await api.stop(who, event.id, event.slug, id)).statusCode).toBe(200);
    }
  });

  it("refuses people without calls.record (403), outsiders (403), guests (401), an unknown or inactive event (404), and a room that is not the event's (404)", async () => {
    expect((await api.start(member, event.id, event.slug)).statusCode).toBe(403);
    expect((await api.start(outsider, event.id, event.slug)).statusCode).toBe(403);
    expect((await api.start({}, event.id, event.slug)).statusCode).toBe(401);
    expect((await api.start(teacher, 2_000_000, event.slug)).json().error.code).toBe(ErrorCode.eventNotFound);
    expect((await api.start(teacher, inactive.id, inactive.slug)).statusCode).toBe(404);
    const wrongRoom = await api.start(teacher, event.id, 'another-room');
    expect(wrongRoom.statusCode).toBe(404);
    expect(wrongRoom.json().error.code).toBe(ErrorCode.roomNotFound);
    // With wnmeet.roomId set, that is the room, and the slug is not.
    expect((await api.start(teacher, roomed.id, roomed.slug)).json().error.code).toBe(ErrorCode.roomNotFound);
    const inRoom = await api.start(teacher, roomed.id, 'summit-stage');
    expect(inRoom.statusCode).toBe(201);
    expect((await api.stop(teacher, roomed.id, 'summit-stage', inRoom.json<{ data: Recording }>().data.id)).statusCode).toBe(200);
    expect((await api.start(teacher, event.id, event.slug, { name: '' })).statusCode).toBe(400);
  });

  it("takes the group call it records, when it is the event's", async () => {
    const call = async (eventId: number) => (await db().insert(calls).values({ eventId, kind: 'group', status: 'active', createdBy: teacherId, maxPeople: 6 }).returning())[0]?.id ?? '';
    const elsewhere = await api.start(teacher, event.id, event.slug, { name: 'Call', call_id: await call(other.id) });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.code).toBe(ErrorCode.callNotFound);
    const res = await api.start(teacher, event.id, event.slug, { name: 'Call', call_id: await call(event.id) });
    expect(res.statusCode, res.body).toBe(201);
    const stopped = await api.stop(teacher, event.id, event.slug, res.json<{ data: Recording }>().data.id);
    expect(stopped.statusCode, stopped.body).toBe(200);
  });
});

describe('parts and poster', () => {
  it('files each part under its number; a number sent again replaces it; parts, bytes and the last part time follow', async () => {
    const rec = await api.started(teacher, event.id, event.slug, 'Parts');
    const bytes = recordingBytes(2);
    expect((await api.part(teacher, event.id, event.slug, rec.id, 0, bytes.subarray(0, 1000))).statusCode).toBe(200);
    const first = await api.part(teacher, event.id, event.slug, rec.id, 1, Buffer.alloc(700, 1), 'application/octet-stream');
    expect(first.json<{ data: Recording }>().data).toMatchObject({ parts: 2, bytes: 1700 });
    const [before] = await db().select().from(recordings).where(eq(recordings.id, rec.id));
    const retried = await api.part(teacher, event.id, event.slug, rec.id, 1, bytes.subarray(1000));
    expect(retried.json<{ data: Recording }>().data).toMatchObject({ parts: 2, bytes: bytes.length });
    const [after] = await db().select().from(recordings).where(eq(recordings.id, rec.id));
    expect(after?.lastPartAt.getTime()).toBeGreaterThanOrEqual(before?.lastPartAt.getTime() ?? 0);
    expect((await partsRows(rec.id)).map((part) => [part.seq, part.size])).toEqual([
      [0, 1000],
      [1, bytes.length - 1000],
    ]);
    // The replaced part's file is gone: one file per part.
    expect(storedFiles(t, rec.id)).toHaveLength(2);
    await api.stop(teacher, event.id, event.slug, rec.id);
  });

  it('refuses a first part that is not WebM (415), another type (415), an empty part (400), a part over 16 MB (413)', async () => {
    const rec = await api.started(teacher, event.id, event.slug, 'Refusals');
    const notWebm = await api.part(teacher, event.id, event.slug, rec.id, 0, Buffer.from('GIF89a, not a video'));
    expect(notWebm.statusCode).toBe(415);
    expect(notWebm.json().error.code).toBe(ErrorCode.recordingBadType);
    expect((await api.part(teacher, event.id, event.slug, rec.id, 0, Buffer.from([0x1a, 0x45]))).json().error.code).toBe(ErrorCode.recordingBadType);
    const json = await api.part(teacher, event.id, event.slug, rec.id, 0, Buffer.from('{"a":1}'), 'application/json');
    expect(json.statusCode).toBe(415);
    expect(json.json().error.code).toBe(ErrorCode.unsupportedMediaType);
    expect((await api.part(teacher, event.id, event.slug, rec.id, 1, Buffer.alloc(0))).statusCode).toBe(400);
    const big = await api.part(teacher, event.id, event.slug, rec.id, 1, Buffer.alloc(16 * 1024 * 1024 + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toMatchObject({ code: ErrorCode.payloadTooLarge, details: { max_mb: 16 } });
    expect(big.json().error.message).toMatch(/16 MB/);
    // Streamed without a length, the count stops it at the byte past the limit.
    const streamed = await api.part(teacher, event.id, event.slug, rec.id, 1, Readable.from(slices(Buffer.alloc(16 * 1024 * 1024 + 10), 1024 * 1024)));
    expect(streamed.statusCode).toBe(413);
    expect(await partsRows(rec.id)).toEqual([]);
    expect(storedFiles(t, rec.id)).toEqual([]);
    await api.stop(teacher, event.id, event.slug, rec.id);
  });

  it("is the author's alone; another event's or room's recording is not found (no IDOR)", async () => {
    const rec = await api.started(teacher, event.id, event.slug, 'Mine');
    const part = recordingBytes(1);
    expect((await api.part(organiser, event.id, event.slug, rec.id, 0, part)).statusCode).toBe(403);
    expect((await api.part(courseAdmin, event.id, event.slug, rec.id, 0, part)).statusCode).toBe(403);
    expect((await api.part(member, event.id, event.slug, rec.id, 0, part)).statusCode).toBe(403);
    expect((await api.poster(organiser, event.id, event.slug, rec.id, await pngOf(320, 180))).statusCode).toBe(403);
    expect((await api.stop(organiser, event.id, event.slug, rec.id)).statusCode).toBe(403);
    // The organiser may see it (GET), members may not.
    expect((await api.get(organiser, event.id, event.slug, rec.id)).statusCode).toBe(200);
    expect((await api.get(member, event.id, event.slug, rec.id)).statusCode).toBe(403);
    const elsewhere = await api.started(teacher, roomed.id, 'summit-stage', 'Elsewhere');
    for (const res of [
      await api.get(teacher, event.id, event.slug, elsewhere.id),
      await api.part(teacher, event.id, event.slug, elsewhere.id, 0, part),
      await api.stop(teacher, event.id, event.slug, elsewhere.id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe(ErrorCode.recordingNotFound);
    }
    expect((await api.get(teacher, event.id, 'summit-stage', rec.id)).json().error.code).toBe(ErrorCode.roomNotFound);
    await api.stop(teacher, event.id, event.slug, rec.id);
    await api.stop(teacher, roomed.id, 'summit-stage', elsewhere.id);
  });

  it('keeps the poster as a 640x360 JPEG; refuses what is not a picture', async () => {
    const rec = await api.started(teacher, event.id, event.slug, 'Poster');
    const text = await api.poster(teacher, event.id, event.slug, rec.id, Buffer.from('not a picture at all'), 'application/octet-stream');
    expect(text.statusCode).toBe(415);
    expect((await api.poster(teacher, event.id, event.slug, rec.id, await pngOf(1000, 1000))).statusCode).toBe(200);
    const [row] = await db().select().from(recordings).where(eq(recordings.id, rec.id));
    const stored = storedFiles(t, rec.id).find((name) => name.startsWith('recposter'));
    expect(row?.posterKey).toBe(stored);
    await api.stop(teacher, event.id, event.slug, rec.id);
  });
});

describe('stop, processing and the saved recording', () => {
  let saved: Recording;
  let bytes: Buffer;

  it('stops into processing, refuses more parts, and is saved with its duration once processed', async () => {
    const made = await record(teacher);
    bytes = made.bytes;
    expect(made.recording).toMatchObject({ status: 'recording', parts: made.parts.length, bytes: bytes.length });
    expect((await api.poster(teacher, event.id, event.slug, made.recording.id, await pngOf(800, 600))).statusCode).toBe(200);
    const stopped = await api.stop(teacher, event.id, event.slug, made.recording.id, { parts: made.parts.length });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json<{ data: Recording }>().data).toMatchObject({ status: 'processing', stopped_at: expect.any(String), link: null });
    const late = await api.part(teacher, event.id, event.slug, made.recording.id, made.parts.length, Buffer.alloc(10));
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe(ErrorCode.recordingNotRecording);
    // Stopping again answers it as it is.
    expect((await api.stop(teacher, event.id, event.slug, made.recording.id)).json<{ data: Recording }>().data.status).toBe('processing');
    await drainJobs(t);
    saved = (await api.get(teacher, event.id, event.slug, made.recording.id)).json<{ data: Recording }>().data;
    expect(saved).toMatchObject({ status: 'saved', duration_seconds: 10, saved_at: expect.any(String), parts: made.parts.length, bytes: bytes.length + 11 });
    expect(saved.link).toBe(`${t.config.publicUrl}/api/v1/recordings/${(await db().select().from(recordings).where(eq(recordings.id, saved.id)))[0]?.token ?? ''}/video.webm`);
    expect(saved.preview).toMatch(/\/api\/v1\/recordings\/[A-Za-z0-9_-]{24}\/poster\.jpg$/);
    expect((await api.stop(teacher, event.id, event.slug, saved.id)).json<{ data: Recording }>().data).toEqual(saved);
  });

  it("is listed among the room's recordings with its id, name, preview and duration", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/${event.id}/rooms/${event.slug}/videos?broadcast=jitsi`, headers: member });
    expect(res.statusCode).toBe(200);
    const listed = res.json<{ data: RoomVideo[] }>().data.find((video) => video.link === saved.link);
    expect(listed).toMatchObject({ name: 'Opening keynote', preview: saved.preview, duration_seconds: 10, id: expect.any(Number) });
  });

  it('plays from its secret address with no sign-in: the whole file with its Duration, and byte ranges', async () => {
    const path = new URL(saved.link ?? '').pathname;
    const whole = await t.app.inject({ method: 'GET', url: path });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({ 'content-type': 'video/webm', 'accept-ranges': 'bytes', 'content-length': String(bytes.length + 11) });
    const reader = new WebmReader();
    reader.push(whole.rawPayload);
    expect(reader.end()).toMatchObject({ durationMs: 10_000, statedDurationMs: 10_000, problem: null });
    // Only the Info grew: everything after it is the bytes as sent.
    expect(whole.rawPayload.subarray(-1000)).toEqual(bytes.subarray(-1000));
    const ranged = await t.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=4000-9000' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 4000-9000/${bytes.length + 11}`);
    expect(ranged.rawPayload).toEqual(whole.rawPayload.subarray(4000, 9001));
    const tail = await t.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=-100' } });
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(-100));
    const outside = await t.app.inject({ method: 'GET', url: path, headers: { range: `bytes=${bytes.length + 11}-` } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${bytes.length + 11}`);
    const poster = await t.app.inject({ method: 'GET', url: new URL(saved.preview ?? '').pathname });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
  });

  it('answers 404 for an unknown address and for one not saved yet; 400 for a malformed one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/recordings/AAAAAAAAAAAAAAAAAAAAAAAA/video.webm' })).statusCode).toBe(404);
    for (const status of ['recording', 'processing'] as const) {
      const { token } = await insertRecording(t, { eventId: event.id, room: event.slug, createdBy: teacherId, status });
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/recordings/${token}/video.webm` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/recordings/${token}/poster.jpg` })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/recordings/short/video.webm' })).statusCode).toBe(400);
  });

  it('ends failed when no part arrived, and keeps only the parts before a gap', async () => {
    const empty = await api.started(organiser, event.id, event.slug, 'Empty');
    await api.stop(organiser, event.id, event.slug, empty.id);
    await drainJobs(t);
    const [failed] = await db().select().from(recordings).where(eq(recordings.id, empty.id));
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringMatching(/No part/) });
    const gappy = await api.started(organiser, event.id, event.slug, 'Gap');
    const parts = slices(recordingBytes(4), 3000);
    for (const seq of [0, 1, 3]) await api.part(organiser, event.id, event.slug, gappy.id, seq, parts[seq] ?? Buffer.alloc(0));
    await api.stop(organiser, event.id, event.slug, gappy.id);
    await drainJobs(t);
    const done = (await api.get(organiser, event.id, event.slug, gappy.id)).json<{ data: Recording }>().data;
    expect(done).toMatchObject({ status: 'saved', parts: 2 });
    expect((await partsRows(gappy.id)).map((part) => part.seq)).toEqual([0, 1]);
    expect(storedFiles(t, gappy.id)).toHaveLength(2);
  });

  it('is removed whole by the room recordings call: rows, address and stored files', async () => {
    expect(storedFiles(t, saved.id).length).toBeGreaterThan(1);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/${event.id}/rooms/${event.slug}/videos`, headers: organiser, payload: { link: saved.link } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await db().select().from(recordings).where(eq(recordings.id, saved.id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: new URL(saved.link ?? '').pathname })).statusCode).toBe(404);
    await drainJobs(t);
    expect(storedFiles(t, saved.id)).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/${event.id}/rooms/${event.slug}/videos`, headers: organiser, payload: { link: saved.link } })).statusCode).toBe(404);
  });
});
