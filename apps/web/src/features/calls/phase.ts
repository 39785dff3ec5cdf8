import { CALL_RING_TIMEOUT_MS, effectiveStatus, type Call, type CallEndedPayload, type CallStatus } from '@lobby/contract';

// What a 1:1 call page shows, from the call as the server last told it, the page's own connection
// and the people in the room. Pure, so each sentence of the page ("Calling Ann…", "Ann declined",
// "No answer", "Call ended", "Reconnecting…") has one rule.

/** The page's connection to the call's room. */
export type Connection = 'idle' | 'joining' | 'live' | 'reconnecting' | 'replaced' | 'ended';

export type DirectView = 'answer' | 'calling' | 'waiting' | 'live' | 'reconnecting' | 'declined' | 'no_answer' | 'missed' | 'ended' | 'replaced';

export interface DirectInput {
  call: Pick<Call, 'kind' | 'status' | 'created_at'> & { abilities: Pick<Call['abilities'], 'answer'> };
  /** The reader started the call. */
  mine: boolean;
  connection: Connection;
  /** The status call:ended brought (or the hang-up's answer), if the call is over. */
  ended: CallEndedPayload['status'] | null;
  /** Other people in the room now. */
  peers: number;
  now: number;
}

const isOver = (status: CallStatus): status is CallEndedPayload['status'] => status === 'ended' || status === 'declined' || status === 'missed';

export function directView(input: DirectInput): DirectView {
  const { call, mine, connection, peers } = input;
  const status = effectiveStatus(call.status, call.kind, Date.parse(call.created_at), input.now);
  const over = input.ended ?? (isOver(status) ? status : null);
  if (connection === 'replaced') return 'replaced';
  if (over === 'declined') return 'declined';
  if (over === 'missed') return mine ? 'no_answer' : 'missed';
  // A meeting's call stays open when one side hangs up; only a direct call ends for both.
  if ((over === 'ended' && call.kind === 'direct') || connection === 'ended') return 'ended';
  if (call.abilities.answer && connection === 'idle') return 'answer';
  if (connection === 'reconnecting') return 'reconnecting';
  if (peers > 0) return 'live';
  return call.kind === 'direct' && status === 'ringing' && mine ? 'calling' : 'waiting';
}

/** The view is final: no media, no room, only what happened and the ways on. */
export const isFinal = (view: DirectView): boolean => view === 'declined' || view === 'no_answer' || view === 'missed' || view === 'ended' || view === 'replaced';

/** How long the caller still waits for an answer before hanging up as unanswered (0: now). */
export const ringLeftMs = (createdAt: string, now: number): number => Math.max(0, Date.parse(createdAt) + CALL_RING_TIMEOUT_MS - now);
