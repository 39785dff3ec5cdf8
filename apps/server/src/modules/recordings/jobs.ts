// A recording's life after its parts: processing once stopped (the duration read from the WebM and
// written into it, then saved among the room's recordings), the watch that stops a silent one
// (the tab was closed), and the removal of its files. All run from the durable queue.
import { RECORDING_IDLE_STOP_S } from '@lobby/contract';
import { eq, sql } from 'drizzle-orm';
import { buffer } from 'node:stream/consumers';
import { recordings } from '../../db/schema/index.ts';
import { newFileKey } from '../../files/store.ts';
import { enqueueJob, type JobRow } from '../../jobs/queue.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { videoLink } from './present.ts';
import { dropPartsFrom, markFailed, markSaved, partsOf, recordingById, replacePart, stopRunning, type PartRow } from './repo.ts';
import { PROCESS_RECORDING_JOB, WATCH_RECORDING_JOB } from './kinds.ts';
import type { RecordingsContext } from './service.ts';
import { withDuration } from './webm-duration.ts';
import { WebmReader } from './webm.ts';

const recordingOfJob = (job: JobRow): number => Number(job.payload.recordingId);

/**
 * The parts that play in sequence: numbered 0, 1, 2... without a gap, and below what the browser
 * said it sent. A part after a gap would start in the middle of a frame, so it and the rest go.
 */
function playable(parts: PartRow[], said: number | undefined): { keep: PartRow[]; dropFrom: number | null } {
  const limit = said ?? Number.POSITIVE_INFINITY;
  let next = 0;
  for (const part of parts) {
    if (part.seq !== next || part.seq >= limit) break;
    next += 1;
  }
  return { keep: parts.slice(0, next), dropFrom: next < parts.length ? next : null };
}

export function processRecordingHandler(ctx: RecordingsContext): JobHandler {
  const { db, files } = ctx;
  const dropFrom = async (recordingId: number, seq: number) => {
    for (const key of await dropPartsFrom(db, recordingId, seq)) await files.delete(key);
  };
  const fail = async (recordingId: number, reason: string) => {
    await dropFrom(recordingId, 0);
    await markFailed(db, recordingId, reason);
  };
  return async (job) => {
    const row = await recordingById(db, recordingOfJob(job));
    // Removed meanwhile, or already processed by an earlier run.
    if (!row || row.status !== 'processing') return;
    const said = typeof job.payload.parts === 'number' ? job.payload.parts : undefined;
    const { keep, dropFrom: gap } = playable(await partsOf(db, row.id), said);
    if (gap !== null) await dropFrom(row.id, gap);
    if (keep.length === 0) return markFailed(db, row.id, 'No part of the recording reached the server.');
    const reader = new WebmReader();
    for (const part of keep) {
      const file = await files.open(part.fileKey);
      if (!file) {
        // A part the store lost: the recording ends before it.
        await dropFrom(row.id, part.seq);
        break;
      }
      for await (const chunk of file.stream) reader.push(chunk as Buffer);
    }
    const summary = reader.end();
    if (summary.problem) ctx.log.warn({ recording: row.id, problem: summary.problem }, 'recording read up to a damaged place');
    if (summary.blocks === 0 || summary.durationMs === null) return fail(row.id, 'The recording holds no video or sound.');
    const first = keep[0];
    if (first && summary.statedDurationMs !== summary.durationMs) await writeDuration(ctx, row.id, first, summary.durationMs);
    await markSaved(db, row, { durationMs: summary.durationMs, link: videoLink(ctx.publicUrl, row.token) });
  };
}

/** Part 0 again with the Duration in its Info, under a new key; left as it was when that is not safe. */
async function writeDuration(ctx: RecordingsContext, recordingId: number, part: PartRow, durationMs: number): Promise<void> {
  const file = await ctx.files.open(part.fileKey);
  if (!file) return;
  const written = withDuration(await buffer(file.stream), durationMs);
  if (!written) {
    ctx.log.info({ recording: recordingId }, 'recording kept without a Duration: its first part cannot take one safely');
    return;
  }
  const key = newFileKey(`rec${recordingId}`, 'video/webm');
  await ctx.files.put(key, written, 'video/webm');
  if (await replacePart(ctx.db, recordingId, part.seq, { from: part.fileKey, to: key, size: written.length })) await ctx.files.delete(part.fileKey);
  else await ctx.files.delete(key);
}

/**
 * Watches a running recording: silent for RECORDING_IDLE_STOP_S (no part: the tab was closed or
 * the network is gone) it is stopped and processed with what it has; otherwise the watch comes
 * back when it would be silent that long.
 */
export function watchRecordingHandler(ctx: RecordingsContext): JobHandler {
  return async (job) => {
    const recordingId = recordingOfJob(job);
    const [row] = await ctx.db
      .select({ status: recordings.status, silentMs: sql<number>`(extract(epoch from now() - ${recordings.lastPartAt}) * 1000)::float8` })
      .from(recordings)
      .where(eq(recordings.id, recordingId))
      .limit(1);
    if (!row || row.status !== 'recording') return;
    const leftMs = RECORDING_IDLE_STOP_S * 1000 - Number(row.silentMs);
    if (leftMs <= 0) {
      const stopped = await stopRunning(ctx.db, recordingId, { kind: PROCESS_RECORDING_JOB, parts: undefined });
      if (stopped?.stopped) ctx.log.info({ recording: recordingId }, 'recording stopped after its page went silent');
      return;
    }
    await enqueueJob(ctx.db, WATCH_RECORDING_JOB, { recordingId }, { runAt: new Date(Date.now() + leftMs + 1000) });
  };
}

/** Deletes a removed recording's stored files (parts and poster), after its rows are gone. */
export function removeRecordingFilesHandler(ctx: RecordingsContext): JobHandler {
  return async (job) => {
    const keys = Array.isArray(job.payload.keys) ? job.payload.keys.filter((key): key is string => typeof key === 'string') : [];
    // Deleting a file that is gone already is no error, so a retried run just goes over them again.
    for (const key of keys) await ctx.files.delete(key);
  };
}
