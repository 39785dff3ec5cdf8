import { ErrorCode, type Call } from '@lobby/contract';
import { errorCode, freshToken, getCall, joinCall, leaveCall } from './api.ts';
import { openLocalMedia } from './media.ts';
import { readDevices } from './prefs.ts';
import { CallSession, type SessionSnapshot } from './session.ts';
import { openCallChannel } from './signalling.ts';
import { SpeakerMeter } from './speaker.ts';

// A call page's way into its call: take a seat (POST join), open the camera and microphone, then
// the session on the socket; hanging up gives the seat back. A page that unmounts and mounts again
// at once (React's strict mode in development) keeps its room instead of hanging up and calling
// again, which for a 1:1 call would end the call for both.

export interface RoomState {
  stage: 'starting' | 'ready' | 'error';
  /** Why the seat could not be had (room full, the call is over, not invited...). */
  error: unknown;
  /** Not every device could be opened (refused, missing): the call goes on without it. */
  mediaIncomplete: boolean;
  /** The call as the join answered it (or, when it was over already, as it ended). */
  call: Call | null;
  session: CallSession | null;
  snapshot: SessionSnapshot | null;
}

export class CallRoom {
  private state: RoomState = { stage: 'starting', error: null, mediaIncomplete: false, call: null, session: null, snapshot: null };
  private readonly listeners = new Set<() => void>();
  private closed = false;
  private seated = false;

  constructor(readonly callId: string) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getState = (): RoomState => this.state;

  async open(): Promise<void> {
    let seat;
    try {
      seat = await joinCall(this.callId);
    } catch (error) {
      // A call over before the page got in (declined while it opened): how it ended is told too.
      const call = errorCode(error) === ErrorCode.callEnded ? await getCall(this.callId).catch(() => null) : null;
      return this.set({ stage: 'error', error, call });
    }
    this.seated = true;
    if (this.closed) return void leaveCall(this.callId).catch(() => {});
    const media = await openLocalMedia(readDevices());
    if (this.closed) {
      media.audio?.stop();
      media.video?.stop();
      return;
    }
    const session = new CallSession({
      callId: this.callId,
      token: seat.token,
      tracks: { audio: media.audio, video: media.video },
      openChannel: openCallChannel,
      freshToken: () => freshToken(this.callId),
      endedMeanwhile: async () => {
        const call = await getCall(this.callId);
        // Only a 1:1 call is over for good; group and meeting calls open again when joined.
        return call.kind === 'direct' && (call.status === 'ended' || call.status === 'declined' || call.status === 'missed') ? call.status : null;
      },
      createConnection: (config) => new RTCPeerConnection(config),
      makeStream: (tracks) => new MediaStream(tracks),
      meter: (onSpeaker) => new SpeakerMeter(onSpeaker),
    });
    session.subscribe(() => this.set({ snapshot: session.getSnapshot() }));
    this.set({ stage: 'ready', call: seat.call, mediaIncomplete: media.incomplete, session, snapshot: session.getSnapshot() });
    try {
      await session.start();
    } catch (error) {
      session.stop();
      this.set({ stage: 'error', error });
    }
  }

  /**
   * Hangs up: leaves the room and gives the seat back, answering the call as it is after (a 1:1
   * call is then over for both). A page that lost the call to the same person's other page keeps
   * its hands off the seat, which is that page's now.
   */
  async close(): Promise<Call | null> {
    if (this.closed) return null;
    this.closed = true;
    const session = this.state.session;
    const connection = session?.getSnapshot().connection;
    session?.stop();
    if (!this.seated || connection === 'replaced') return null;
    return leaveCall(this.callId).catch(() => null);
  }

  private set(change: Partial<RoomState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }
}

const held = new Map<string, { room: CallRoom; holders: number; timer?: ReturnType<typeof setTimeout> }>();

/** The page's room in a call, opened by the first holder. */
export function holdRoom(callId: string): CallRoom {
  const entry = held.get(callId);
  if (entry) {
    clearTimeout(entry.timer);
    entry.holders += 1;
    return entry.room;
  }
  const room = new CallRoom(callId);
  held.set(callId, { room, holders: 1 });
  void room.open();
  return room;
}

/** Gives a hold back; the last one hangs up, unless a new hold comes right after (a remount). */
export function releaseRoom(room: CallRoom): void {
  const entry = held.get(room.callId);
  if (!entry || entry.room !== room) return;
  entry.holders -= 1;
  if (entry.holders > 0) return;
  entry.timer = setTimeout(() => {
    held.delete(room.callId);
    void room.close();
  }, 0);
}

/** Hangs up now (the hang-up button): the room is gone for every holder. */
export function hangUp(room: CallRoom): Promise<Call | null> {
  const entry = held.get(room.callId);
  if (entry?.room === room) {
    clearTimeout(entry.timer);
    held.delete(room.callId);
  }
  return room.close();
}
