// Jitsi's own recordings (Jibri) reach Lobby through this hook: its finalize script posts the room
// name and the file's https address with JITSI_HOOK_SECRET as a bearer token (docs/operations.md).
import { ErrorCode, eventRoomName } from '@lobby/contract';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { addJitsiRecording, eventsWithRoom } from './repo.ts';

/**
 * The bearer token against the secret in constant time: both are hashed first, so neither their
 * lengths nor their first differing byte show in the time taken.
 */
export function bearerMatches(header: string | undefined, secret: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? '');
  const given = match?.[1] ?? '';
  const digest = (value: string) => createHmac('sha256', 'lobby.jitsi-hook').update(value).digest();
  return timingSafeEqual(digest(given), digest(secret)) && given.length > 0;
}

export interface JitsiRecording {
  room: string;
  link: string;
  name?: string | undefined;
  created_at?: string | undefined;
}

export async function receiveJitsiRecording(db: Db, secret: string | undefined, authorization: string | undefined, body: JitsiRecording): Promise<{ data: { events: number } }> {
  if (!secret) throw new AppError(404, ErrorCode.notFound, 'This server takes no Jitsi recordings: JITSI_HOOK_SECRET is not set.');
  if (!bearerMatches(authorization, secret)) throw new AppError(401, ErrorCode.unauthorized, 'The hook secret is missing or wrong (Authorization: Bearer JITSI_HOOK_SECRET).', undefined, { 'www-authenticate': 'Bearer' });
  // Jitsi writes room names in lower case (a room's address is a Jabber id), so the name is matched
  // without regard to case and the recording is filed under the event's own spelling of it.
  const room = body.room.toLowerCase();
  const rooms = (await eventsWithRoom(db, room)).map((event) => ({ id: event.id, room: eventRoomName(event) })).filter((event) => event.room.toLowerCase() === room);
  const values = { link: body.link, name: body.name ?? null, createdAt: body.created_at ? new Date(body.created_at) : undefined };
  await addJitsiRecording(db, rooms, values);
  return { data: { events: rooms.length } };
}
