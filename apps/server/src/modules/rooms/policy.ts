// Rooms (contract.md section 7, "Rooms and recordings"): who may list a room's recordings, get a
// WN Meet room token, and see the event's external meeting.

export interface RoomReader {
  /** A member of the event, on any ticket (the general one included). */
  isMember: boolean;
  /** Organisers of the event and platform staff (event.manage). */
  canManage: boolean;
  /** The event's state: null when there is no such event. */
  eventActive: boolean | null;
}

export type RoomVerdict = 'ok' | 'not_member' | 'event_not_found';

/**
 * The recordings of an event's rooms: its members on any ticket and its organisers (docs/
 * decisions.md, "Organiser pages, forms and recordings"). An inactive event is visible to its
 * organisers only, as everywhere.
 */
export function roomVideosAccess(reader: RoomReader): RoomVerdict {
  if (reader.eventActive === null || (!reader.eventActive && !reader.canManage)) return 'event_not_found';
  return reader.isMember || reader.canManage ? 'ok' : 'not_member';
}

export interface RoomTokenAsk extends RoomReader {
  /** The room asked for is the event's (eventRoomName). */
  isEventRoom: boolean;
  /** This server has a Jitsi deployment (JITSI_URL). */
  configured: boolean;
}

export type RoomTokenVerdict = RoomVerdict | 'room_not_found' | 'not_configured';

/**
 * A WN Meet token: whoever may see the event's recordings (members on any ticket, organisers,
 * staff), for the event's own room only; only then is a missing Jitsi worth saying, so outsiders
 * learn nothing of the server's set-up.
 */
export function roomTokenAccess(ask: RoomTokenAsk): RoomTokenVerdict {
  const reader = roomVideosAccess(ask);
  if (reader !== 'ok') return reader;
  if (!ask.isEventRoom) return 'room_not_found';
  return ask.configured ? 'ok' : 'not_configured';
}

/** Moderators of the room: the people who run the event (event.manage), platform staff among them. */
export const isRoomModerator = (reader: Pick<RoomReader, 'canManage'>): boolean => reader.canManage;
