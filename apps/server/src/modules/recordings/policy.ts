// Stream recordings (product.md section 4; contract recordings.ts): who records into an event's
// room, and what may happen to a recording in each state.
import type { RecordingStatus } from '@lobby/contract';

export interface Recorder {
  /** The event's state: null when there is no such event. */
  eventActive: boolean | null;
  /** Organisers of the event and platform staff (event.manage). */
  canManage: boolean;
  /** calls.record: organisers, course admins and teachers by role, platform staff. */
  canRecord: boolean;
}

export type RecorderVerdict = 'ok' | 'event_not_found' | 'forbidden';

/**
 * Starting, reading and feeding recordings: holders of calls.record. An inactive event is visible
 * to its organisers only, as everywhere (rooms/policy.ts).
 */
export function recorderAccess(who: Recorder): RecorderVerdict {
  if (who.eventActive === null || (!who.eventActive && !who.canManage)) return 'event_not_found';
  return who.canRecord ? 'ok' : 'forbidden';
}

/**
 * Parts, the poster and stop belong to the person who started the recording: it is their browser
 * that sends them. Others who may record there see it (GET) but are refused (403); the server
 * itself stops a silent one.
 */
export const ownsRecording = (recording: { createdBy: number | null }, userId: number): boolean => recording.createdBy !== null && recording.createdBy === userId;

export type PartVerdict = 'ok' | 'not_recording';

/** Parts and the poster arrive only while it records; once stopped, what it has is what is processed. */
export function partAccepted(status: RecordingStatus, what: 'part' | 'poster'): PartVerdict {
  if (status === 'recording') return 'ok';
  // The poster may still arrive while the parts are processed: the browser takes it once video flows, and may be late.
  return what === 'poster' && status === 'processing' ? 'ok' : 'not_recording';
}

export type StopVerdict = 'stop' | 'as_is';

/** Stopping a running recording hands it to processing; stopping again answers it as it is. */
export const stopVerdict = (status: RecordingStatus): StopVerdict => (status === 'recording' ? 'stop' : 'as_is');
