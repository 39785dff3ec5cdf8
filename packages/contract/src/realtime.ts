/** Socket.IO event names and payloads shared by server and web (DESIGN section 6). */
export const REALTIME_PATH = '/socket.io';

/** Client -> server: join the private channel of an event (members and organisers only). */
export const SUBSCRIBE_EVENT = 'event:subscribe';
/** Server -> client: an event's configuration changed; reload it (contract.md section 7, realtime). */
export const CONFIG_CHANGED = 'config-changed';

export interface SubscribeEventRequest {
  event_id: number;
}
export type SubscribeEventAck = { ok: true } | { ok: false; error: string };
export interface ConfigChangedPayload {
  event_id: number;
}

/**
 * Server -> client on the private user channel (contract.md section 7, realtime): every
 * authenticated socket is in its person's room, so notifications arrive without a subscribe.
 */
export const USER_NOTIFICATION = 'notification';
/** Server -> client on the private user channel: a meeting of yours changed; refetch it. */
export const MEETING_CHANGED = 'meeting-changed';
export interface MeetingChangedPayload {
  event_id: number;
  meeting_id: number;
}

/**
 * Server -> client on the event's channel (event:subscribe): live Q&A and polls of a lecture. The
 * payload is what every viewer sees alike (voted and my_option_id are false and null); the web
 * keeps the reader's own choice from the answer to its call.
 */
export const LECTURE_QUESTION = 'lecture_question';
export const LECTURE_QUESTION_DELETED = 'lecture_question_deleted';
export const LECTURE_POLL = 'lecture_poll';
export interface LectureQuestionDeletedPayload {
  event_id: number;
  lecture_id: number;
  id: number;
}
