// Stream recordings in tests: the calls as a browser makes them (raw parts, a poster, stop), and
// recordings put straight into the database for the authorisation matrix.
import type { Recording } from '@lobby/contract';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { events, recordings } from '../src/db/schema/index.ts';
import { newToken } from '../src/modules/recordings/service.ts';
import type { TestApp } from './harness.ts';

type Headers = Record<string, string>;

export function recordingCalls(t: () => TestApp) {
  const base = (eventId: number, room: string) => `/api/v1/${eventId}/rooms/${room}/recordings`;
  return {
    start: (headers: Headers, eventId: number, room: string, payload: Record<string, unknown> = { name: 'Opening keynote' }) => t().app.inject({ method: 'POST', url: base(eventId, room), headers, payload }),
    get: (headers: Headers, eventId: number, room: string, id: number) => t().app.inject({ method: 'GET', url: `${base(eventId, room)}/${id}`, headers }),
    part: (headers: Headers, eventId: number, room: string, id: number, seq: number, payload: Buffer | NodeJS.ReadableStream, contentType = 'video/webm;codecs=vp8,opus') =>
      t().app.inject({ method: 'PUT', url: `${base(eventId, room)}/${id}/parts/${seq}`, headers: { ...headers, 'content-type': contentType }, payload }),
    poster: (headers: Headers, eventId: number, room: string, id: number, payload: Buffer, contentType = 'image/png') =>
      t().app.inject({ method: 'PUT', url: `${base(eventId, room)}/${id}/poster`, headers: { ...headers, 'content-type': contentType }, payload }),
    stop: (headers: Headers, eventId: number, room: string, id: number, payload?: Record<string, unknown>) =>
      t().app.inject({ method: 'POST', url: `${base(eventId, room)}/${id}/stop`, headers, ...(payload ? { payload } : {}) }),
    /** Starts and answers the recording, or fails the test with the answer. */
    started: async (headers: Headers, eventId: number, room: string, name = 'Opening keynote'): Promise<Recording> => {
      const res = await t().app.inject({ method: 'POST', url: base(eventId, room), headers, payload: { name } });
      if (res.statusCode !== 201) throw new Error(`start: ${res.statusCode} ${res.body}`);
      return res.json<{ data: Recording }>().data;
    },
  };
}

/** A running recording put straight into the table (the matrix needs many, by several people). */
export async function insertRecording(t: TestApp, values: { eventId: number; room: string; createdBy: number; status?: 'recording' | 'processing' | 'saved' }): Promise<{ id: number; token: string }> {
  const [row] = await t.database.db
    .insert(recordings)
    .values({ eventId: values.eventId, room: values.room, name: 'Matrix recording', createdBy: values.createdBy, token: newToken(), status: values.status ?? 'recording' })
    .returning();
  if (!row) throw new Error('no recording row');
  return { id: row.id, token: row.token };
}

/** The stored files of recordings (parts `rec{id}-...`, posters `recposter{id}-...`) in the local store. */
export function storedFiles(t: TestApp, recordingId: number): string[] {
  try {
    return readdirSync(join(t.config.dataDir, 'files')).filter((name) => name.startsWith(`rec${recordingId}-`) || name.startsWith(`recposter${recordingId}-`));
  } catch {
    return [];
  }
}

export async function drainJobs(t: TestApp): Promise<void> {
  for (let turn = 0; turn < 50 && (await t.app.deps.jobs.runOnce()) > 0; turn += 1);
}

export async function slugOf(t: TestApp, eventId: number): Promise<string> {
  const [row] = await t.database.db.select({ slug: events.slug }).from(events).where(eq(events.id, eventId)).limit(1);
  if (!row) throw new Error(`no event ${eventId}`);
  return row.slug;
}
