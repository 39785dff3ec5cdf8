// Rooms: a room's recordings for the page editor's recordings picker and their removal; the WN Meet
// (Jitsi) room token; the event's external meeting link.
import { ErrorCode, eventRoomName, meetingHost, ROOM_TOKEN_TTL_S, type ExternalMeeting, type RoomToken } from '@lobby/contract';
import type { AccessSource } from '../../access/access.ts';
import type { JitsiConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { FileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import { recordingOfVideo, removeRecording } from '../recordings/repo.ts';
import { isRoomModerator, roomTokenAccess, roomVideosAccess } from './policy.ts';
import { presentRoomPerson, presentRoomVideo } from './present.ts';
import { deleteVideo, eventState, roomEvent, roomPerson, videosOf } from './repo.ts';
import { jitsiRoomOf, roomUrl, signRoomToken } from './token.ts';

/** A room's recordings, newest first; a room without any (or unknown) answers an empty list. */
export async function listVideos(db: Db, source: AccessSource, eventId: number, room: string, broadcast: 'jitsi' | undefined, publicUrl: string) {
  const [active, access] = await Promise.all([eventState(db, eventId), source.get(eventId)]);
  const verdict = roomVideosAccess({ isMember: access.member !== null, canManage: access.can('event.manage'), eventActive: active });
  if (verdict === 'event_not_found') throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  if (verdict === 'not_member') throw new AppError(403, ErrorCode.forbidden, "Only the event's members can see its recordings.");
  return { data: (await videosOf(db, eventId, room, broadcast)).map((row) => presentRoomVideo(row, publicUrl)) };
}

/**
 * Removes a recording of the room by its link (the caller has event.manage). One recorded here goes
 * whole: its row, its parts and, by a job planned in the same transaction, its stored files.
 */
export async function removeVideo(db: Db, eventId: number, room: string, link: string) {
  const removed = await db.transaction(async (tx) => {
    const recordingId = await recordingOfVideo(tx, eventId, room, link);
    return recordingId === null ? deleteVideo(tx, eventId, room, link) : removeRecording(tx, recordingId);
  });
  if (!removed) throw new AppError(404, ErrorCode.roomVideoNotFound, 'This room has no such recording.');
  return { data: { deleted: true } };
}

export interface RoomTokenContext {
  db: Db;
  jitsi: JitsiConfig | undefined;
  files: FileUrls;
  publicUrl: string;
}

const eventNotFound = (eventId: number) => new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);

/** A WN Meet token for the event's room: this person's name and avatar, moderator for the people who run the event. */
export async function issueRoomToken(ctx: RoomTokenContext, source: AccessSource, eventId: number, room: string, userId: number): Promise<RoomToken> {
  const [event, access] = await Promise.all([roomEvent(ctx.db, eventId), source.get(eventId)]);
  const reader = { isMember: access.member !== null, canManage: access.can('event.manage'), eventActive: event?.active ?? null };
  const verdict = roomTokenAccess({ ...reader, isEventRoom: event !== null && eventRoomName(event) === room, configured: ctx.jitsi !== undefined });
  if (verdict === 'event_not_found') throw eventNotFound(eventId);
  if (verdict === 'not_member') throw new AppError(403, ErrorCode.forbidden, "Only the event's members can join its WN Meet room.");
  if (verdict === 'room_not_found') throw new AppError(404, ErrorCode.roomNotFound, `"${room}" is not this event's WN Meet room.`);
  const jitsi = ctx.jitsi;
  if (verdict === 'not_configured' || !jitsi) throw new AppError(503, ErrorCode.jitsiNotConfigured, 'Video rooms (WN Meet) are not set up on this server: it has no Jitsi deployment (JITSI_URL).');
  const person = await roomPerson(ctx.db, userId);
  if (!person) throw new AppError(401, ErrorCode.unauthorized, 'Sign in again.');
  const moderator = isRoomModerator(reader);
  const token = await signRoomToken(jitsi, presentRoomPerson(person, ctx.files, ctx.publicUrl), room, moderator);
  return { token, url: roomUrl(jitsi, room, token), domain: jitsi.domain, room: jitsiRoomOf(room), expires_in: ROOM_TOKEN_TTL_S, moderator };
}

/** The event's external meeting (config.zoom.url), for its members on any ticket, organisers and staff. */
export async function externalMeeting(db: Db, source: AccessSource, eventId: number): Promise<ExternalMeeting> {
  const [event, access] = await Promise.all([roomEvent(db, eventId), source.get(eventId)]);
  const verdict = roomVideosAccess({ isMember: access.member !== null, canManage: access.can('event.manage'), eventActive: event?.active ?? null });
  if (verdict === 'event_not_found' || !event) throw eventNotFound(eventId);
  if (verdict === 'not_member') throw new AppError(403, ErrorCode.forbidden, "Only the event's members can see its external meeting.");
  const url = event.config.zoom?.url ?? null;
  // Only an https link reaches a page (the config input checks it; this guards older rows).
  const host = meetingHost(url);
  return { url: host ? url : null, host };
}
