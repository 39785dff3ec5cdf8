// Stream recordings, continued: Jitsi's recording hook, the server stopping a recording whose page
// went silent, and the size of a whole recording (RECORDING_MAX_MB).
import { ErrorCode, RECORDING_IDLE_STOP_S, type Recording, type RoomVideo } from '@lobby/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, recordings, roomVideos } from '../src/db/schema/index.ts';
import { WATCH_RECORDING_JOB } from '../src/modules/recordings/kinds.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser, defaultEventConfig } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { drainJobs, recordingCalls } from './recordings-fixtures.ts';
import { recordingBytes } from './support/webm.ts';

const SECRET = 'jitsi-hook-secret-of-at-least-32-characters';
let t: TestApp;
let small: TestApp;
const api = recordingCalls(() => t);
const smallApi = recordingCalls(() => small);

async function teacherOf(app: TestApp, eventId: number) {
  const user = await createUser(app.database.db);
  const ticket = await createTicketType(app.database.db, eventId, { code: `t${user.id}` });
  await addMembership(app.database.db, eventId, user.id, { ticketTypeId: ticket.id, roleIds: [5] });
  return authHeader(app.database.db, app.config.secret, user.id);
}

beforeAll(async () => {
  t = await createTestApp({ JITSI_HOOK_SECRET: SECRET });
  // A 1 MB limit on a whole recording, and no hook secret.
  small = await createTestApp({ RECORDING_MAX_MB: '1' });
});

afterAll(async () => {
  await t?.close();
  await small?.close();
});

describe("Jitsi's recording hook", () => {
  const hook = (app: TestApp, payload: Record<string, unknown>, authorization?: string) =>
    app.app.inject({ method: 'POST', url: '/api/v1/hooks/jitsi/recordings', payload, ...(authorization === undefined ? {} : { headers: { authorization } }) });
  const link = 'https://meet.example.org/recordings/summit-hall/2026-05-01-keynote.mp4';

  it("adds the recording to every event whose room has the name, once however often it is sent", async () => {
    const config = (roomId: string | null) => ({ ...defaultEventConfig, wnmeet: { roomId } });
    const first = await createEvent(t.database.db, { config: config('summit-hall') });
    const second = await createEvent(t.database.db, { config: config(' summit-hall ') });
    const bySlug = await createEvent(t.database.db, { slug: 'summit-hall', config: config(null) });
    // Its slug is the name, but its room is another.
    const elsewhere = await createEvent(t.database.db, { slug: 'summit-hall-2', config: config('other-room') });
    const body = { room: 'summit-hall', link, name: 'Keynote, day 1', created_at: '2026-05-01T10:00:00.000Z' };
    for (let turn = 0; turn < 2; turn += 1) {
      const res = await hook(t, body, `Bearer ${SECRET}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: { events: 3 } });
    }
    const rows = await t.database.db.select().from(roomVideos).where(eq(roomVideos.link, link));
    expect(rows.map((row) => row.eventId).sort((a, b) => a - b)).toEqual([first.id, second.id, bySlug.id].sort((a, b) => a - b));
    expect(rows.every((row) => row.room === 'summit-hall' && row.name === 'Keynote, day 1' && row.createdAt.toISOString() === body.created_at)).toBe(true);
    expect(rows.some((row) => row.eventId === elsewhere.id)).toBe(false);
    const organiser = await createUser(t.database.db);
    await addMembership(t.database.db, first.id, organiser.id, { isOrganizer: true });
    const listed = await t.app.inject({ method: 'GET', url: `/api/v1/${first.id}/rooms/summit-hall/videos`, headers: await authHeader(t.database.db, t.config.secret, organiser.id) });
    expect(listed.json<{ data: RoomVideo[] }>().data).toEqual([expect.objectContaining({ link, name: 'Keynote, day 1', preview: null, duration_seconds: null })]);
    // Jitsi sends room names in lower case: the recording goes to the room as the event spells it.
    const spelled = await createEvent(t.database.db, { config: config('Keynote-Stage') });
    expect((await hook(t, { room: 'keynote-stage', link }, `Bearer ${SECRET}`)).json()).toEqual({ data: { events: 1 } });
    expect((await t.database.db.select().from(roomVideos).where(eq(roomVideos.eventId, spelled.id))).map((row) => [row.room, row.name])).toEqual([['Keynote-Stage', null]]);
    // A room no event has: nothing to add.
    expect((await hook(t, { room: 'nobody-here', link }, `Bearer ${SECRET}`)).json()).toEqual({ data: { events: 0 } });
  });

  it('refuses a missing or wrong secret (401), an http link or a bad room (400); without JITSI_HOOK_SECRET it is not there (404)', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${SECRET}`, `Bearer ${SECRET}x`, `Bearer ${SECRET.slice(0, -1)}`]) {
      const res = await hook(t, { room: 'summit-hall', link }, authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe(ErrorCode.unauthorized);
    }
    expect((await hook(t, { room: 'summit-hall', link: 'http://meet.example.org/a.mp4' }, `Bearer ${SECRET}`)).statusCode).toBe(400);
    expect((await hook(t, { room: '../etc', link }, `Bearer ${SECRET}`)).statusCode).toBe(400);
    const off = await hook(small, { room: 'summit-hall', link }, `Bearer ${SECRET}`);
    expect(off.statusCode).toBe(404);
  });
});

describe('a recording whose page went silent', () => {
  const watchJobs = (recordingId: number) =>
    t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, WATCH_RECORDING_JOB), isNull(jobs.doneAt), sql`${jobs.payload}->>'recordingId' = ${String(recordingId)}`));

  it(`is watched from its start; the watch comes back while parts arrive, and stops it after ${RECORDING_IDLE_STOP_S} s of silence`, async () => {
    const event = await createEvent(t.database.db);
    const teacher = await teacherOf(t, event.id);
    const rec = await api.started(teacher, event.id, event.slug, 'Closed tab');
    const [watch] = await watchJobs(rec.id);
    // Planned for when it would have been silent that long.
    expect((watch?.runAt.getTime() ?? 0) - Date.parse(rec.started_at)).toBeGreaterThanOrEqual((RECORDING_IDLE_STOP_S - 1) * 1000);
    expect((await api.part(teacher, event.id, event.slug, rec.id, 0, recordingBytes(3))).statusCode).toBe(200);
    // Due now while the last part is fresh: the watch plans itself again.
    await t.database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.id, watch?.id ?? 0));
    await drainJobs(t);
    const [again] = await watchJobs(rec.id);
    expect(again?.id).not.toBe(watch?.id);
    expect((await api.get(teacher, event.id, event.slug, rec.id)).json<{ data: Recording }>().data.status).toBe('recording');
    // Silent since long enough (the tab was closed): stopped, processed and saved with what it has.
    await t.database.db
      .update(recordings)
      .set({ lastPartAt: new Date(Date.now() - (RECORDING_IDLE_STOP_S + 60) * 1000) })
      .where(eq(recordings.id, rec.id));
    await t.database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.id, again?.id ?? 0));
    await drainJobs(t);
    expect((await api.get(teacher, event.id, event.slug, rec.id)).json<{ data: Recording }>().data).toMatchObject({ status: 'saved', duration_seconds: 3, stopped_at: expect.any(String) });
    expect(await watchJobs(rec.id)).toEqual([]);
  });

  it('leaves a recording stopped by its author alone', async () => {
    const event = await createEvent(t.database.db);
    const teacher = await teacherOf(t, event.id);
    const rec = await api.started(teacher, event.id, event.slug, 'Stopped');
    await api.part(teacher, event.id, event.slug, rec.id, 0, recordingBytes(1));
    await api.stop(teacher, event.id, event.slug, rec.id);
    await t.database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.kind, WATCH_RECORDING_JOB));
    await drainJobs(t);
    expect(await watchJobs(rec.id)).toEqual([]);
    expect((await api.get(teacher, event.id, event.slug, rec.id)).json<{ data: Recording }>().data.status).toBe('saved');
  });
});

describe('the size of a whole recording', () => {
  it('refuses a part that would take it past RECORDING_MAX_MB (413 recording.too_big), counting a replaced part once', async () => {
    const event = await createEvent(small.database.db);
    const teacher = await teacherOf(small, event.id);
    const rec = await smallApi.started(teacher, event.id, event.slug, 'Long');
    const first = Buffer.concat([recordingBytes(1), Buffer.alloc(600 * 1024 - recordingBytes(1).length)]);
    expect((await smallApi.part(teacher, event.id, event.slug, rec.id, 0, first)).statusCode).toBe(200);
    const over = await smallApi.part(teacher, event.id, event.slug, rec.id, 1, Buffer.alloc(500 * 1024));
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toMatchObject({ code: ErrorCode.recordingTooBig, details: { max_mb: 1 } });
    expect(over.json().error.message).toMatch(/1 MB/);
    // Sent again, part 0 replaces itself: its own bytes do not count twice.
    expect((await smallApi.part(teacher, event.id, event.slug, rec.id, 0, first)).statusCode).toBe(200);
    expect((await smallApi.part(teacher, event.id, event.slug, rec.id, 1, Buffer.alloc(400 * 1024))).json<{ data: Recording }>().data.bytes).toBe(1000 * 1024);
  });
});
