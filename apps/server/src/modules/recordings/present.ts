import type { Recording } from '@lobby/contract';
import { posterPath } from '../rooms/present.ts';
import type { RecordingRow } from './repo.ts';

/** A saved recording's address: the secret token is its only credential (docs/decisions.md). */
export const videoPath = (token: string) => `/api/v1/recordings/${token}/video.webm`;
export const videoLink = (publicUrl: string, token: string) => `${publicUrl}${videoPath(token)}`;

export const presentRecording = (row: RecordingRow, publicUrl: string): Recording => {
  const saved = row.status === 'saved';
  return {
    id: row.id,
    event_id: row.eventId,
    room: row.room,
    name: row.name,
    status: row.status,
    started_at: row.startedAt.toISOString(),
    stopped_at: row.stoppedAt?.toISOString() ?? null,
    saved_at: row.savedAt?.toISOString() ?? null,
    parts: row.parts,
    bytes: row.bytes,
    duration_seconds: row.durationMs === null ? null : Math.round(row.durationMs / 1000),
    // The addresses answer only once it is saved: before that they would be 404s.
    link: saved ? videoLink(publicUrl, row.token) : null,
    preview: saved && row.posterKey ? `${publicUrl}${posterPath(row.token)}` : null,
  };
};
