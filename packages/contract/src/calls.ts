// Video calls (product.md sections 2 and 6; contract.md section 7 `GET /video/token/{id}`): 1:1
// calls from a private chat, small group calls, and the calls of online meetings. The spec names
// only the token call; the rest follow the style of contract.md section 7. Media flows between the
// browsers (WebRTC); the server admits people, keeps the seats and relays the signalling over the
// shared Socket.IO connection (the CallEvent names in call-rules.ts).
import { z } from 'zod';
import { CALL_KINDS, CALL_STATUSES, GROUP_LAYOUTS } from './call-rules.ts';
import { ZChannelId } from './chat.ts';
import { dataOf, ZTimestamp } from './common.ts';
import { ZEventId } from './members.ts';
import { defineRoute } from './route.ts';

export const ZCallId = z.uuid().meta({ description: 'A call id (uuid)' });
const ZCallPath = z.object({ id: ZCallId });

export const ZCallPerson = z.object({ id: z.number().int(), name: z.string(), avatar_url: z.string().nullable() }).meta({ id: 'CallPerson' });
export type CallPerson = z.infer<typeof ZCallPerson>;

export const ZCall = z
  .object({
    id: ZCallId,
    event_id: z.number().int(),
    kind: z.enum(CALL_KINDS),
    status: z.enum(CALL_STATUSES),
    /** The chat it was started from (direct calls: the private chat), or null. */
    channel_id: z.string().nullable(),
    meeting_id: z.number().int().nullable(),
    created_by: ZCallPerson,
    /** Who a direct call rings; null for group and meeting calls. */
    callee: ZCallPerson.nullable(),
    /** Seats: 2 for direct and meeting calls, the server's group size for group calls. */
    max_people: z.number().int(),
    /** The people in the call now. */
    participants: z.array(ZCallPerson),
    created_at: ZTimestamp,
    ended_at: ZTimestamp.nullable(),
    abilities: z.object({
      /** May take a seat now (invited, and the call is not over). */
      join: z.boolean(),
      /** A ringing direct call to the reader: accept or decline. */
      answer: z.boolean(),
      /** Organisers and the course's teachers record group calls into the event's room. */
      record: z.boolean(),
    }),
  })
  .meta({ id: 'Call' });
export type Call = z.infer<typeof ZCall>;

/** A STUN or TURN server for RTCPeerConnection (TURN with time-limited credentials). */
export const ZIceServer = z.object({ urls: z.array(z.string()), username: z.string().optional(), credential: z.string().optional() }).meta({ id: 'IceServer' });
export type IceServer = z.infer<typeof ZIceServer>;

export const ZVideoToken = z
  .object({
    /** Admits its bearer to this call only, briefly: sent with the socket's call:join. */
    token: z.string(),
    expires_in: z.number().int(),
    ice_servers: z.array(ZIceServer),
  })
  .meta({ id: 'VideoToken' });
export type VideoToken = z.infer<typeof ZVideoToken>;

export const ZCallSeat = z.object({ call: ZCall, token: ZVideoToken }).meta({ id: 'CallSeat' });
export type CallSeat = z.infer<typeof ZCallSeat>;

export const ZStartCall = z.discriminatedUnion('kind', [
  /** Rings the other person of a private chat of the event (made when missing). */
  z.object({ kind: z.literal('direct'), user_id: z.number().int().min(1).max(2_147_483_647) }),
  /** A group call, of a company or lesson chat (its people are told) or of nobody in particular (shared by its address). */
  z.object({ kind: z.literal('group'), channel_id: ZChannelId.nullish() }),
]);
export type StartCall = z.infer<typeof ZStartCall>;

export const startCall = defineRoute({
  id: 'calls.start',
  method: 'POST',
  path: '/api/v1/{eventId}/calls',
  summary:
    "Start a call: a direct call rings the other person (a `call` message in the private chat and a live ring); a group call of a chat posts a `call` message there. Needs video calls on the ticket: 403 call.not_allowed, call.limit_reached (limited_video_call); 404 member.not_found, chat.channel_not_found; 422 call.self, call.channel_kind",
  tags: ['calls'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  body: ZStartCall,
  response: dataOf(ZCall),
  status: 201,
  errors: [400, 401, 403, 404, 422, 429],
});

export const meetingCall = defineRoute({
  id: 'calls.meeting',
  method: 'POST',
  path: '/api/v1/{eventId}/meetings/{id}/call',
  summary:
    "The call of an accepted online meeting (made on first use, the same call after): its two people, from 15 minutes before the slot until an hour after it. 409 call.meeting_not_online, call.meeting_not_accepted, call.meeting_closed (details.opens_at)",
  tags: ['calls'],
  auth: true,
  params: z.object({ eventId: ZEventId, id: z.coerce.number().int().min(1).max(2_147_483_647) }),
  response: dataOf(ZCall),
  errors: [400, 401, 403, 404, 409],
});

export const getCall = defineRoute({
  id: 'calls.get',
  method: 'GET',
  path: '/api/v1/calls/{id}',
  summary: "One call, for the people invited to it (another person's call reads as no call: 404 call.not_found)",
  tags: ['calls'],
  auth: true,
  params: ZCallPath,
  response: dataOf(ZCall),
  errors: [400, 401, 404],
});

export const acceptCall = defineRoute({
  id: 'calls.accept',
  method: 'POST',
  path: '/api/v1/calls/{id}/accept',
  summary: 'The callee answers a ringing direct call (the ring stops on their other pages). 409 call.ended when it is no longer ringing',
  tags: ['calls'],
  auth: true,
  params: ZCallPath,
  response: dataOf(ZCall),
  errors: [400, 401, 404, 409],
});

export const declineCall = defineRoute({
  id: 'calls.decline',
  method: 'POST',
  path: '/api/v1/calls/{id}/decline',
  summary: 'The callee declines a ringing direct call; the caller is told at once. 409 call.ended when it is no longer ringing',
  tags: ['calls'],
  auth: true,
  params: ZCallPath,
  response: dataOf(ZCall),
  errors: [400, 401, 404, 409],
});

export const joinCall = defineRoute({
  id: 'calls.join',
  method: 'POST',
  path: '/api/v1/calls/{id}/join',
  summary:
    'Take a seat in the call and get the video token for the socket. 409 call.room_full when every seat is taken (details.max_people), call.ended for a direct call that is over',
  tags: ['calls'],
  auth: true,
  params: ZCallPath,
  response: dataOf(ZCallSeat),
  errors: [400, 401, 404, 409],
});

export const leaveCall = defineRoute({
  id: 'calls.leave',
  method: 'POST',
  path: '/api/v1/calls/{id}/leave',
  summary: 'Give the seat back (hang up). A direct call ends for both; a group call ends when nobody is left',
  tags: ['calls'],
  auth: true,
  params: ZCallPath,
  response: dataOf(ZCall),
  errors: [400, 401, 404],
});

export const videoToken = defineRoute({
  id: 'calls.token',
  method: 'GET',
  path: '/api/v1/video/token/{id}',
  summary: 'A fresh short-lived token that admits its bearer to call {id} and nothing else, for a person holding a seat in it (after a reconnect). 409 call.not_seated otherwise',
  tags: ['calls'],
  auth: true,
  params: ZCallPath,
  response: dataOf(ZVideoToken),
  errors: [400, 401, 404, 409],
});

export interface CallMediaState {
  audio: boolean;
  video: boolean;
  screen: boolean;
}

export interface CallPeer {
  /** The peer's socket: one person may be in the call from one page only. */
  peer_id: string;
  user: CallPerson;
  state: CallMediaState;
}

export interface CallJoinRequest {
  call_id: string;
  token: string;
  state: CallMediaState;
}
export type CallJoinAck = { ok: true; peer_id: string; peers: CallPeer[] } | { ok: false; error: 'token_invalid' | 'not_seated' | 'failed' };

export type CallSignalData = { type: 'offer' | 'answer'; sdp: string } | { type: 'candidate'; candidate: string; sdpMid: string | null; sdpMLineIndex: number | null };
export interface CallSignalOut {
  call_id: string;
  to: string;
  data: CallSignalData;
}
export interface CallSignalIn {
  call_id: string;
  from: string;
  data: CallSignalData;
}
export interface CallStatePayload {
  call_id: string;
  peer_id: string;
  state: CallMediaState;
}
export interface CallPeerLeftPayload {
  call_id: string;
  peer_id: string;
}
export interface CallRingPayload {
  call_id: string;
  event_id: number;
  kind: 'direct' | 'meeting';
  from: CallPerson;
}
export interface CallEndedPayload {
  call_id: string;
  status: 'ended' | 'declined' | 'missed';
}

/** A signalling message larger than this is dropped (an SDP with every codec stays well under it). */
export const CALL_SIGNAL_MAX_BYTES = 64 * 1024;

export const ZGroupLayout = z.enum(GROUP_LAYOUTS);
