// Video calls (product.md sections 2 and 6, contract.md section 7): the pure rules shared by the
// server and the browser — who may start a call, when a seat is free, how a call moves on when
// someone leaves, the group layouts and the active speaker. Kept free of zod.

/** A 1:1 call from a private chat, a small group call (mesh), or the call of an online meeting. */
export const CALL_KINDS = ['direct', 'group', 'meeting'] as const;
export type CallKind = (typeof CALL_KINDS)[number];

/** ringing (a direct call not answered yet) -> active -> ended; or declined / missed. */
export const CALL_STATUSES = ['ringing', 'active', 'ended', 'declined', 'missed'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** Calls a person with limited_video_call may start in one event (unlimited_video_call: no limit). */
export const CALL_LIMITED_STARTS = 10;
/** A direct call nobody answered within this time is missed. */
export const CALL_RING_TIMEOUT_MS = 45_000;
/** A seat is held while its socket says so at least this often... */
export const CALL_HEARTBEAT_MS = 15_000;
/** ...and freed when it has been silent this long (a closed tab, a node that went away). */
export const CALL_SEAT_TTL_S = 45;

/** A video token admits its bearer to one call for this long (enough to connect, or reconnect). */
export const VIDEO_TOKEN_TTL_S = 120;
/** People in a group call unless the server is configured otherwise (CALL_GROUP_MAX). */
export const CALL_GROUP_MAX_DEFAULT = 6;
/** An online meeting's call opens this long before the meeting and stays open this long after it. */
export const MEETING_CALL_EARLY_MS = 15 * 60_000;
export const MEETING_CALL_LATE_MS = 60 * 60_000;

/** Socket.IO events of calls (DESIGN section 6), on the tab's shared socket (here, free of zod, for the listener on every event page). */
export const CallEvent = {
  /** client -> server: enter the call's signalling room with a video token; ack CallJoinAck. */
  join: 'call:join',
  /** client -> server: leave the room (the seat is given back by POST /calls/{id}/leave or by the disconnect). */
  leave: 'call:leave',
  /** both ways: an SDP offer or answer, or an ICE candidate, for one peer. */
  signal: 'call:signal',
  /** both ways: microphone, camera and screen sharing on or off; the client sends it every CALL_HEARTBEAT_MS too. */
  state: 'call:state',
  /** server -> client: a peer entered or left the room. */
  peerJoined: 'call:peer-joined',
  peerLeft: 'call:peer-left',
  /** server -> the callee's pages: a direct call rings (or someone waits in your meeting's call). */
  ring: 'call:ring',
  /** server -> the callee's pages: stop ringing (answered elsewhere, declined, cancelled, missed). */
  ringStop: 'call:ring-stop',
  /** server -> everybody in the call and the people it rings: the call is over (status). */
  ended: 'call:ended',
} as const;

export type CallStartRefusal = 'no_feature' | 'limit_reached';

/**
 * Starting a call (direct or group) needs a ticket with video calls: limited_video_call counts the
 * calls started in the event, unlimited_video_call (or a role that grants calls.video) does not.
 */
export function callStartRefusal(input: { canCall: boolean; features: readonly string[]; started: number; unlimitedByRole?: boolean }): CallStartRefusal | null {
  if (!input.canCall) return 'no_feature';
  if (callStartsLeft(input) === 0) return 'limit_reached';
  return null;
}

/** How many more calls one may start: null = no limit. */
export function callStartsLeft(input: { canCall: boolean; features: readonly string[]; started: number; unlimitedByRole?: boolean }): number | null {
  if (!input.canCall) return 0;
  if (input.unlimitedByRole || input.features.includes('unlimited_video_call') || !input.features.includes('limited_video_call')) return null;
  return Math.max(0, CALL_LIMITED_STARTS - input.started);
}

export type SeatVerdict = 'ok' | 'room_full' | 'ended';

/**
 * Whether a person may take a seat in a call: a call that is over stays over for direct calls
 * (call again instead), group and meeting calls open again; a seat already held is kept; otherwise
 * there must be room.
 */
export function seatVerdict(input: { kind: CallKind; status: CallStatus; seated: number; max: number; alreadySeated: boolean }): SeatVerdict {
  if (input.kind === 'direct' && (input.status === 'ended' || input.status === 'declined' || input.status === 'missed')) return 'ended';
  if (input.alreadySeated) return 'ok';
  return input.seated >= input.max ? 'room_full' : 'ok';
}

/**
 * The status after someone leaves: a direct call ends when either side hangs up (a ringing one
 * is then missed by the callee); group and meeting calls end when nobody is left.
 */
export function statusAfterLeave(input: { kind: CallKind; status: CallStatus; seatedAfter: number }): CallStatus {
  if (input.status !== 'ringing' && input.status !== 'active') return input.status;
  if (input.kind === 'direct') return input.status === 'ringing' ? 'missed' : 'ended';
  return input.seatedAfter === 0 ? 'ended' : 'active';
}

/** A direct call still ringing after the timeout reads as missed. */
export function effectiveStatus(status: CallStatus, kind: CallKind, createdAt: number, now: number): CallStatus {
  return kind === 'direct' && status === 'ringing' && now - createdAt >= CALL_RING_TIMEOUT_MS ? 'missed' : status;
}

/** An online meeting's call is open from a while before its slot until a while after it. */
export function meetingCallOpen(startsAt: number, endsAt: number, now: number): 'early' | 'open' | 'over' {
  if (now < startsAt - MEETING_CALL_EARLY_MS) return 'early';
  if (now > endsAt + MEETING_CALL_LATE_MS) return 'over';
  return 'open';
}

/** The group call layouts of product.md section 2: grid, grid plus me, accent. */
export const GROUP_LAYOUTS = ['grid', 'grid_me', 'accent'] as const;
export type GroupLayout = (typeof GROUP_LAYOUTS)[number];

export interface Arrangement<T> {
  /** The large tile of the accent layout, else null. */
  main: T | null;
  /** The tiles of the grid (or the strip under the main tile). */
  tiles: T[];
  /** The person's own small tile floating over the grid (grid plus me), else null. */
  floating: T | null;
}

/**
 * Where each tile goes: grid puts everybody, me included, in one grid; grid plus me puts the
 * others in the grid and me in a small tile over it; accent puts the active speaker (or the first
 * other person) large and everybody else in a strip. Alone, every layout shows me in the grid.
 */
export function arrangeTiles<T>(layout: GroupLayout, tiles: readonly T[], isSelf: (tile: T) => boolean, isSpeaker: (tile: T) => boolean): Arrangement<T> {
  const self = tiles.find(isSelf) ?? null;
  const others = tiles.filter((tile) => !isSelf(tile));
  if (others.length === 0 || layout === 'grid') return { main: null, tiles: [...tiles], floating: null };
  if (layout === 'grid_me') return { main: null, tiles: others, floating: self };
  const main = others.find(isSpeaker) ?? (self && isSpeaker(self) ? self : null) ?? others[0] ?? null;
  return { main, tiles: tiles.filter((tile) => tile !== main), floating: null };
}

/** Columns of a grid of n tiles: 1, 2, 2, 2, 3, 3, 3, 3, 3, 4... (as square as it gets). */
export const gridColumns = (count: number): number => Math.max(1, Math.ceil(Math.sqrt(Math.max(1, count))));

/** A level (0..1, RMS of the last audio frame) under this is silence. */
export const SPEAKING_THRESHOLD = 0.04;
/** Someone new takes the stage only when louder than the current speaker by this factor. */
export const SPEAKER_SWITCH_RATIO = 1.5;

/**
 * The active speaker from the audio levels of one moment: the loudest person above the silence
 * threshold, with hysteresis so the stage does not flicker between two voices; the current
 * speaker stays while everybody is quiet.
 */
export function activeSpeaker(levels: ReadonlyMap<string, number>, current: string | null): string | null {
  let loudest: string | null = null;
  let loudestLevel = 0;
  for (const [id, level] of levels) {
    if (Number.isFinite(level) && level > loudestLevel) {
      loudest = id;
      loudestLevel = level;
    }
  }
  if (loudest === null || loudestLevel < SPEAKING_THRESHOLD) return current !== null && levels.has(current) ? current : null;
  if (current === null || current === loudest || !levels.has(current)) return loudest;
  const level = levels.get(current) ?? 0;
  const currentLevel = Number.isFinite(level) ? level : 0;
  return loudestLevel >= currentLevel * SPEAKER_SWITCH_RATIO ? loudest : current;
}
