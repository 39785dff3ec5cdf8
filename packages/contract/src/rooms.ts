// Room recordings (contract.md sections 3 "Meeting recording (room video)", 7 "Rooms and
// recordings"): the recordings of a WN Meet room, which the page editor's video widget offers when
// the source is jitsi. The video issue records into this store; organisers may remove one.
import { z } from 'zod';
import { dataOf, ZTimestamp } from './common.ts';
import { ZEventId } from './members.ts';
import { defineRoute } from './route.ts';

/** A room name: the event's wnmeet.roomId (or, without one, its slug: eventRoomName). */
export const ROOM_NAME_PATTERN = /^[A-Za-z0-9][\w-]{0,127}$/;
export const ZRoomName = z.string().regex(ROOM_NAME_PATTERN);
export const ROOM_VIDEO_BROADCASTS = ['jitsi'] as const;

export const ZRoomVideo = z
  .object({
    created_at: ZTimestamp,
    link: z.string(),
    /** The stream record's number in the room (product.md section 3: id, date, name, preview, url). */
    id: z.number().int(),
    name: z.string(),
    /** A 16:9 poster frame, when the recording has one. */
    preview: z.string().nullable(),
    duration_seconds: z.number().int().nullable(),
  })
  .meta({ id: 'RoomVideo' });
export type RoomVideo = z.infer<typeof ZRoomVideo>;

const ZRoomPath = z.object({ eventId: ZEventId, room: ZRoomName });

export const listRoomVideos = defineRoute({
  id: 'rooms.videos.list',
  method: 'GET',
  path: '/api/v1/{eventId}/rooms/{room}/videos',
  summary: "A room's recordings, newest first (members of the event; organisers). Unknown rooms answer an empty list",
  tags: ['rooms'],
  auth: true,
  params: ZRoomPath,
  query: z.object({ broadcast: z.enum(ROOM_VIDEO_BROADCASTS).optional() }),
  response: z.object({ data: z.array(ZRoomVideo) }),
  errors: [400, 401, 403, 404],
});

export const deleteRoomVideo = defineRoute({
  id: 'rooms.videos.delete',
  method: 'DELETE',
  path: '/api/v1/{eventId}/rooms/{room}/videos',
  summary: 'Remove a recording of the room by its link (organisers); 404 when the room has no such recording',
  tags: ['rooms'],
  auth: true,
  params: ZRoomPath,
  body: z.object({ link: z.string().max(2000) }),
  response: dataOf(z.object({ deleted: z.boolean() })),
  errors: [400, 401, 403, 404],
});

/**
 * The event's WN Meet room: config wnmeet.roomId, or the event's slug when the organiser set none,
 * so every event has one room its recordings are filed under.
 */
export function eventRoomName(event: { slug: string; config: { wnmeet?: { roomId?: string | null } | null } }): string {
  const room = event.config.wnmeet?.roomId?.trim();
  return room && ROOM_NAME_PATTERN.test(room) ? room : event.slug;
}

/** How long a WN Meet room token admits its bearer: two hours, the length of a long session. */
export const ROOM_TOKEN_TTL_S = 2 * 60 * 60;

export const ZRoomToken = z
  .object({
    /** A Jitsi JWT (HS256) for this person: name, avatar, and moderator for organisers. */
    token: z.string(),
    /** The room's address on the configured Jitsi deployment, with the token. */
    url: z.string(),
    domain: z.string(),
    room: z.string(),
    expires_in: z.number().int(),
    moderator: z.boolean(),
  })
  .meta({ id: 'RoomToken' });
export type RoomToken = z.infer<typeof ZRoomToken>;

export const roomToken = defineRoute({
  id: 'rooms.token',
  method: 'POST',
  path: '/api/v1/{eventId}/rooms/{room}/token',
  summary:
    "A WN Meet (Jitsi) token for the event's room: the event's members and organisers (moderators). 404 room.not_found for a room that is not the event's; 503 rooms.jitsi_not_configured when this server has no Jitsi deployment",
  tags: ['rooms'],
  auth: true,
  params: ZRoomPath,
  response: dataOf(ZRoomToken),
  errors: [400, 401, 403, 404, 503],
});


export const ZExternalMeeting = z
  .object({
    /** The event's external meeting (config.zoom.url): Zoom or any other service, https; null when none is set. */
    url: z.string().nullable(),
    /** The host it opens on ("zoom.us"). */
    host: z.string().nullable(),
  })
  .meta({ id: 'ExternalMeeting' });
export type ExternalMeeting = z.infer<typeof ZExternalMeeting>;

export const getExternalMeeting = defineRoute({
  id: 'rooms.external_meeting',
  method: 'GET',
  path: '/api/v1/{eventId}/external-meeting',
  summary:
    "The event's external meeting link (config.zoom.url) that /zoom-call opens when a lecture has none of its own: the event's members on any ticket, organisers and staff (the public event leaves it out, as such links often carry the passcode)",
  tags: ['rooms'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  response: dataOf(ZExternalMeeting),
  errors: [400, 401, 403, 404],
});
