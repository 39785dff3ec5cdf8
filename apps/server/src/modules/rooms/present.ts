import type { RoomVideo } from '@lobby/contract';
import type { FileUrls } from '../../files/urls.ts';
import type { RoomPerson } from './token.ts';

export interface RoomVideoRow {
  id: number;
  link: string;
  name: string | null;
  createdAt: Date;
  /** A recording made here: its secret token, poster and duration. */
  recordingToken: string | null;
  posterKey: string | null;
  durationMs: number | null;
}

/** The last part of a link's path without its extension (a Jitsi file's name), or the link itself. */
export function nameOfLink(link: string): string {
  let path = link;
  try {
    path = new URL(link).pathname;
  } catch {
    // Not an absolute address: its own text is the path.
  }
  const last = path.split('/').filter(Boolean).pop() ?? '';
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // A stray % stays as written.
  }
  return decoded.replace(/\.[A-Za-z0-9]{1,5}$/, '') || link;
}

/** The poster of a recording made here, by its secret token. */
export const posterPath = (token: string) => `/api/v1/recordings/${token}/poster.jpg`;

export const presentRoomVideo = (row: RoomVideoRow, publicUrl: string): RoomVideo => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  link: row.link,
  name: row.name ?? nameOfLink(row.link),
  preview: row.recordingToken && row.posterKey ? `${publicUrl}${posterPath(row.recordingToken)}` : null,
  duration_seconds: row.durationMs === null ? null : Math.round(row.durationMs / 1000),
});

/** A person as a room token names them: the avatar as an absolute address, since Jitsi's pages load it from another origin. */
export function presentRoomPerson(
  row: { id: number; firstName: string; lastName: string; email: string; avatarKey: string | null; avatarThumbKey: string | null },
  files: FileUrls,
  publicUrl: string,
): RoomPerson {
  const avatar = files.url(row.avatarKey ?? row.avatarThumbKey);
  const name = `${row.firstName} ${row.lastName}`.trim() || row.email.split('@')[0] || row.email;
  return { id: row.id, name, avatar: avatar === null ? null : avatar.startsWith('/') ? `${publicUrl}${avatar}` : avatar, email: row.email };
}
