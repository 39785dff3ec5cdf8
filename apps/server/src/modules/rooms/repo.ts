import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, recordings, roomVideos, users } from '../../db/schema/index.ts';
import type { RoomVideoRow } from './present.ts';

/** A room lists at most this many recordings, the newest. */
export const ROOM_VIDEOS_MAX = 200;

export async function eventState(db: Db, eventId: number): Promise<boolean | null> {
  const [row] = await db.select({ active: events.active }).from(events).where(eq(events.id, eventId)).limit(1);
  return row ? row.active : null;
}

/** What a room token and the external meeting read of the event; null when there is no such event. */
export async function roomEvent(db: Db, eventId: number) {
  const [row] = await db.select({ slug: events.slug, config: events.config, active: events.active }).from(events).where(eq(events.id, eventId)).limit(1);
  return row ?? null;
}

/** The person a room token names. */
export async function roomPerson(db: Db, userId: number) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, avatarKey: users.avatarKey, avatarThumbKey: users.avatarThumbKey })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export const videosOf = (db: Db, eventId: number, room: string, broadcast: 'jitsi' | undefined): Promise<RoomVideoRow[]> =>
  db
    .select({
      id: roomVideos.id,
      link: roomVideos.link,
      name: roomVideos.name,
      createdAt: roomVideos.createdAt,
      recordingToken: recordings.token,
      posterKey: recordings.posterKey,
      durationMs: recordings.durationMs,
    })
    .from(roomVideos)
    .leftJoin(recordings, eq(recordings.id, roomVideos.recordingId))
    .where(and(eq(roomVideos.eventId, eventId), eq(roomVideos.room, room), broadcast === undefined ? undefined : eq(roomVideos.broadcast, broadcast)))
    .orderBy(desc(roomVideos.createdAt), desc(roomVideos.id))
    .limit(ROOM_VIDEOS_MAX);

export async function deleteVideo(db: Db, eventId: number, room: string, link: string): Promise<boolean> {
  const rows = await db
    .delete(roomVideos)
    .where(and(eq(roomVideos.eventId, eventId), eq(roomVideos.room, room), eq(roomVideos.link, link)))
    .returning({ id: roomVideos.id });
  return rows.length > 0;
}
