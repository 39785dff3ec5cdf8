import type { CallJoinAck, CallMediaState, CallSignalData } from '@lobby/contract';
import type { CallChannel, ChannelHandlers, OpenChannel } from './signalling.ts';

// Stand-ins for the browser's WebRTC objects and the call's socket channel in unit tests: they keep
// the signalling state machine and record what the code asked of them. The real things run in
// e2e/calls.e2e.ts.

export interface FakeTrack {
  kind: 'audio' | 'video';
  id: string;
}
/** A track that knows whether it is enabled and stopped. */
export const track = (kind: 'audio' | 'video', id: string = kind): MediaStreamTrack => {
  const fake = { kind, id, enabled: true, stopped: false, stop: () => void (fake.stopped = true), addEventListener: () => {} };
  return fake as unknown as MediaStreamTrack;
};
export const isStopped = (value: MediaStreamTrack | null): boolean => (value as unknown as { stopped: boolean } | null)?.stopped === true;


class FakeTransceiver {
  direction: RTCRtpTransceiverDirection;
  currentDirection: RTCRtpTransceiverDirection | null = null;
  receiver: { track: FakeTrack };
  sender: { track: MediaStreamTrack | null; replaceTrack: (next: MediaStreamTrack | null) => Promise<void> };
  constructor(kind: 'audio' | 'video', sent: MediaStreamTrack | null, direction: RTCRtpTransceiverDirection) {
    this.direction = direction;
    this.receiver = { track: { kind, id: `remote-${kind}` } };
    const sender: FakeTransceiver['sender'] = {
      track: sent,
      replaceTrack: async (next) => {
        sender.track = next;
      },
    };
    this.sender = sender;
  }
}

export class FakeConnection {
  transceivers: FakeTransceiver[] = [];
  remoteDescription: RTCSessionDescriptionInit | null = null;
  localDescription: RTCSessionDescriptionInit | null = null;
  signalingState: RTCSignalingState = 'stable';
  iceConnectionState: RTCIceConnectionState = 'new';
  connectionState: RTCPeerConnectionState = 'new';
  candidates: RTCIceCandidateInit[] = [];
  log: string[] = [];
  offers = 0;
  restarts = 0;
  closed = false;
  onicecandidate: ((event: { candidate: Partial<RTCIceCandidate> | null }) => void) | null = null;
  ontrack: ((event: { track: MediaStreamTrack }) => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;

  addTransceiver(trackOrKind: MediaStreamTrack | string, init?: RTCRtpTransceiverInit) {
    const kind = (typeof trackOrKind === 'string' ? trackOrKind : trackOrKind.kind) as 'audio' | 'video';
    const transceiver = new FakeTransceiver(kind, typeof trackOrKind === 'string' ? null : trackOrKind, init?.direction ?? 'sendrecv');
    this.transceivers.push(transceiver);
    return transceiver;
  }
  getTransceivers() {
    return this.transceivers;
  }
  async createOffer(options?: RTCOfferOptions) {
    this.offers += 1;
    return { type: 'offer' as const, sdp: `offer-${this.offers}${options?.iceRestart ? '-restart' : ''}` };
  }
  async createAnswer() {
    return { type: 'answer' as const, sdp: `answer-to-${this.remoteDescription?.sdp ?? ''}` };
  }
  async setLocalDescription(description: RTCSessionDescriptionInit) {
    this.localDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-local-offer' : 'stable';
    this.log.push(`local ${description.type}`);
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescription = description;
    this.log.push(`remote ${description.type}`);
    if (description.type === 'answer') {
      this.signalingState = 'stable';
      return;
    }
    this.signalingState = 'have-remote-offer';
    // The offer's media sections make receive-only transceivers on the answering side.
    if (this.transceivers.length === 0) this.transceivers.push(new FakeTransceiver('audio', null, 'recvonly'), new FakeTransceiver('video', null, 'recvonly'));
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    this.candidates.push(candidate);
    this.log.push(`candidate ${candidate.candidate}`);
  }
  restartIce() {
    this.restarts += 1;
  }
  close() {
    this.closed = true;
  }
}


/** The call's channel as the session sees it, with the answers to its joins given by the test. */
export function fakeChannel() {
  const sent = { joins: [] as { token: string; state: CallMediaState }[], signals: [] as { to: string; data: CallSignalData }[], states: [] as CallMediaState[], leaves: 0, closed: false };
  const acks: CallJoinAck[] = [];
  let handlers: ChannelHandlers | null = null;
  const channel = {
    connected: true,
    join: async (token: string, state: CallMediaState) => {
      sent.joins.push({ token, state });
      return acks.shift() ?? ({ ok: false, error: 'failed' } as const);
    },
    signal: (to: string, data: CallSignalData) => void sent.signals.push({ to, data }),
    state: (state: CallMediaState) => void sent.states.push(state),
    leave: () => void (sent.leaves += 1),
    close: () => void (sent.closed = true),
  } satisfies CallChannel;
  const open: OpenChannel = async (_callId, given) => {
    handlers = given;
    return channel;
  };
  return {
    open,
    channel,
    sent,
    answer: (ack: CallJoinAck) => void acks.push(ack),
    get on(): ChannelHandlers {
      if (!handlers) throw new Error('the channel is not open');
      return handlers;
    },
  };
}
