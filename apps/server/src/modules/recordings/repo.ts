import type { EventConfig } from '@lobby/contract';
import { and, asc, eq, gte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calls, events, recordingParts, recordings, roomVideos, users } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { REMOVE_RECORDING_FILES_JOB } from './kinds.ts';

export type RecordingRow = typeof recordings.$inferSelect;
export type PartRow = typeof recordingParts.$inferSelect;

export interface RecordingEvent {
  id: number;
  active: boolean;
  slug: string;
  config: EventConfig;
}

export async function eventOf(db: Db, eventId: number): Promise<RecordingEvent | null> {
  const [row] = await db.select({ id: events.id, active: events.active, slug: events.slug, config: events.config }).from(events).where(eq(events.id, eventId)).limit(1);
  return row ?? null;
}

export async function callInEvent(db: Db, callId: string, eventId: number): Promise<boolean> {
  const [row] = await db.select({ id: calls.id }).from(calls).where(and(eq(calls.id, callId), eq(calls.eventId, eventId))).limit(1);
  return row !== undefined;
}

/** This person's recording still running in the room, if any. */
export async function runningOf(db: Db, eventId: number, room: string, userId: number): Promise<RecordingRow | null> {
  const [row] = await db
    .select()
    .from(recordings)
    .where(and(eq(recordings.eventId, eventId), eq(recordings.room, room), eq(recordings.createdBy, userId), eq(recordings.status, 'recording')))
    .limit(1);
  return row ?? null;
}

/**
 * A new recording and, in the same transaction, the job that watches it for silence; or the
 * person's recording still running in the room. Their user row is locked meanwhile, so two starts
 * at once make one recording.
 */
export async function insertRecording(db: Db, values: typeof recordings.$inferInsert & { createdBy: number }, watch: { kind: string; runAt: Date }): Promise<{ row: RecordingRow; running: boolean }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, values.createdBy)).for('update');
    const running = await runningOf(tx, values.eventId, values.room, values.createdBy);
    if (running) return { row: running, running: true };
    const [row] = await tx.insert(recordings).values(values).returning();
    if (!row) throw new Error('recording not stored');
    await enqueueJob(tx, watch.kind, { recordingId: row.id }, { runAt: watch.runAt });
    return { row, running: false };
  });
}

/** A recording of this event's room: another event's or room's id is not found (no IDOR). */
export async function recordingIn(db: Db, eventId: number, room: string, id: number): Promise<RecordingRow | null> {
  const [row] = await db.select().from(recordings).where(and(eq(recordings.id, id), eq(recordings.eventId, eventId), eq(recordings.room, room))).limit(1);
  return row ?? null;
}

export async function recordingById(db: Db, id: number): Promise<RecordingRow | null> {
  const [row] = await db.select().from(recordings).where(eq(recordings.id, id)).limit(1);
  return row ?? null;
}

export async function partOf(db: Db, recordingId: number, seq: number): Promise<PartRow | null> {
  const [row] = await db.select().from(recordingParts).where(and(eq(recordingParts.recordingId, recordingId), eq(recordingParts.seq, seq))).limit(1);
  return row ?? null;
}

export const partsOf = (db: Db, recordingId: number): Promise<PartRow[]> => db.select().from(recordingParts).where(eq(recordingParts.recordingId, recordingId)).orderBy(asc(recordingParts.seq));

const lock = async (tx: Db, id: number): Promise<RecordingRow | null> => {
  const [row] = await tx.select().from(recordings).where(eq(recordings.id, id)).for('update');
  return row ?? null;
};

/** parts and bytes as the part rows say, so a replaced part is counted once. */
const recount = (id: number) => ({
  parts: sql<number>`(select count(*)::int from ${recordingParts} where ${recordingParts.recordingId} = ${id})`,
  bytes: sql<number>`(select coalesce(sum(${recordingParts.size}), 0)::bigint from ${recordingParts} where ${recordingParts.recordingId} = ${id})`,
});

export type Stored<T> = { ok: true; row: RecordingRow; replaced: T } | { ok: false; row: RecordingRow | null };

/**
 * Files a stored part under its number while the recording still records (under its row lock, so
 * a stop in between wins); a part sent again replaces the earlier one, whose key comes back to be
 * deleted.
 */
export async function savePart(db: Db, recordingId: number, part: { seq: number; fileKey: string; size: number }): Promise<Stored<string | null>> {
  return db.transaction(async (tx) => {
    const current = await lock(tx, recordingId);
    if (!current || current.status !== 'recording') return { ok: false, row: current };
    const previous = await partOf(tx, recordingId, part.seq);
    await tx
      .insert(recordingParts)
      .values({ recordingId, ...part })
      .onConflictDoUpdate({ target: [recordingParts.recordingId, recordingParts.seq], set: { fileKey: part.fileKey, size: part.size, createdAt: sql`now()` } });
    const [row] = await tx
      .update(recordings)
      .set({ ...recount(recordingId), lastPartAt: sql`now()` })
      .where(eq(recordings.id, recordingId))
      .returning();
    if (!row) throw new Error('recording vanished under its lock');
    return { ok: true, row, replaced: previous?.fileKey ?? null };
  });
}

/** Sets the poster while `accepted` says the recording takes one; the old poster's key comes back. */
export async function savePoster(db: Db, recordingId: number, key: string, accepted: (row: RecordingRow) => boolean): Promise<Stored<string | null>> {
  return db.transaction(async (tx) => {
    const current = await lock(tx, recordingId);
    if (!current || !accepted(current)) return { ok: false, row: current };
    const [row] = await tx.update(recordings).set({ posterKey: key }).where(eq(recordings.id, recordingId)).returning();
    if (!row) throw new Error('recording vanished under its lock');
    return { ok: true, row, replaced: current.posterKey };
  });
}

/**
 * Stops a running recording and plans its processing in the same transaction; `parts` (what the
 * browser says it sent) drops any part numbered beyond it. Answers the row as it is afterwards,
 * and whether this call stopped it.
 */
export async function stopRunning(db: Db, recordingId: number, job: { kind: string; parts: number | undefined }): Promise<{ row: RecordingRow; stopped: boolean } | null> {
  return db.transaction(async (tx) => {
    const current = await lock(tx, recordingId);
    if (!current) return null;
    if (current.status !== 'recording') return { row: current, stopped: false };
    const [row] = await tx.update(recordings).set({ status: 'processing', stoppedAt: sql`now()` }).where(eq(recordings.id, recordingId)).returning();
    if (!row) throw new Error('recording vanished under its lock');
    await enqueueJob(tx, job.kind, { recordingId, ...(job.parts === undefined ? {} : { parts: job.parts }) });
    return { row, stopped: true };
  });
}

/** Forgets parts numbered `from` and beyond (after a gap, or past what the browser said it sent); their keys come back. */
export async function dropPartsFrom(db: Db, recordingId: number, from: number): Promise<string[]> {
  const rows = await db
    .delete(recordingParts)
    .where(and(eq(recordingParts.recordingId, recordingId), gte(recordingParts.seq, from)))
    .returning({ key: recordingParts.fileKey });
  await db.update(recordings).set(recount(recordingId)).where(eq(recordings.id, recordingId));
  return rows.map((row) => row.key);
}

/** Part 0 rewritten with its Duration, if it is still the file that was read (two runs at once change it once). */
export async function replacePart(db: Db, recordingId: number, seq: number, change: { from: string; to: string; size: number }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(recordingParts)
      .set({ fileKey: change.to, size: change.size })
      .where(and(eq(recordingParts.recordingId, recordingId), eq(recordingParts.seq, seq), eq(recordingParts.fileKey, change.from)))
      .returning({ seq: recordingParts.seq });
    if (rows.length === 0) return false;
    await tx.update(recordings).set(recount(recordingId)).where(eq(recordings.id, recordingId));
    return true;
  });
}

/** Saved: its duration, and the room recording that lists it (once, whatever number of runs). */
export async function markSaved(db: Db, row: RecordingRow, values: { durationMs: number | null; link: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(recordings)
      .set({ status: 'saved', durationMs: values.durationMs, savedAt: sql`now()`, error: null })
      .where(and(eq(recordings.id, row.id), eq(recordings.status, 'processing')))
      .returning({ id: recordings.id });
    if (updated.length === 0) return;
    await tx
      .insert(roomVideos)
      .values({ eventId: row.eventId, room: row.room, broadcast: 'jitsi', link: values.link, name: row.name, recordingId: row.id, createdAt: row.startedAt })
      .onConflictDoNothing({ target: [roomVideos.eventId, roomVideos.room, roomVideos.link] });
  });
}

export async function markFailed(db: Db, recordingId: number, reason: string): Promise<void> {
  await db.update(recordings).set({ status: 'failed', error: reason, savedAt: null }).where(eq(recordings.id, recordingId));
}

/** A saved recording by its secret address. */
export async function savedByToken(db: Db, token: string): Promise<RecordingRow | null> {
  const [row] = await db
    .select()
    .from(recordings)
    .where(and(eq(recordings.token, token), eq(recordings.status, 'saved')))
    .limit(1);
  return row ?? null;
}

/** The recording made here behind a room recording's link, if it is one. */
export async function recordingOfVideo(db: Db, eventId: number, room: string, link: string): Promise<number | null> {
  const [row] = await db
    .select({ recordingId: roomVideos.recordingId })
    .from(roomVideos)
    .where(and(eq(roomVideos.eventId, eventId), eq(roomVideos.room, room), eq(roomVideos.link, link)))
    .limit(1);
  return row?.recordingId ?? null;
}

/**
 * Removes a recording (its parts' rows and its room recording go with it) and plans the deletion
 * of its stored files in the same transaction. False when there was no such recording.
 */
export async function removeRecording(db: Db, recordingId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const parts = await tx.select({ key: recordingParts.fileKey }).from(recordingParts).where(eq(recordingParts.recordingId, recordingId));
    const [row] = await tx.delete(recordings).where(eq(recordings.id, recordingId)).returning({ posterKey: recordings.posterKey });
    if (!row) return false;
    const keys = [...parts.map((part) => part.key), ...(row.posterKey ? [row.posterKey] : [])];
    if (keys.length > 0) await enqueueJob(tx, REMOVE_RECORDING_FILES_JOB, { keys });
    return true;
  });
}

/** Adds a Jitsi recording to these events' rooms; a link a room has already is left as it is. */
export async function addJitsiRecording(db: Db, rooms: { id: number; room: string }[], values: { link: string; name: string | null; createdAt: Date | undefined }): Promise<void> {
  if (rooms.length === 0) return;
  await db
    .insert(roomVideos)
    .values(rooms.map(({ id, room }) => ({ eventId: id, room, broadcast: 'jitsi' as const, link: values.link, name: values.name, ...(values.createdAt ? { createdAt: values.createdAt } : {}) })))
    .onConflictDoNothing({ target: [roomVideos.eventId, roomVideos.room, roomVideos.link] });
}

/** Events that may have a room of this lower-case name (its wnmeet.roomId, or its slug); eventRoomName decides. */
export const eventsWithRoom = (db: Db, room: string): Promise<{ id: number; slug: string; config: EventConfig }[]> =>
  db
    .select({ id: events.id, slug: events.slug, config: events.config })
    .from(events)
    .where(or(sql`lower(${events.slug}) = ${room}`, sql`lower(trim(${events.config} #>> '{wnmeet,roomId}')) = ${room}`));
