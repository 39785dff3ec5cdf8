// Stream records (product.md section 3: id, date, name, preview, url) as the server lists the
// recordings of the event's room: recorded here (a poster and a duration) or by Jitsi (a file).
import type { RoomVideo } from '@lobby/contract';

export interface StreamRecord {
  /** The server's number of the recording. */
  id: number;
  date: string;
  name: string;
  url: string;
  /** A 16:9 poster frame, when it has one. */
  preview: string | null;
  durationSeconds: number | null;
}

/** Newest first, as the server answers them (ties by the higher number). */
export function streamRecordsOf(videos: readonly RoomVideo[]): StreamRecord[] {
  return [...videos]
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id)
    .map((video) => ({ id: video.id, date: video.created_at, name: video.name, url: video.link, preview: video.preview, durationSeconds: video.duration_seconds }));
}

/** A duration as m:ss, or h:mm:ss past an hour. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
