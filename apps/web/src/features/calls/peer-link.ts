import type { CallSignalData } from '@lobby/contract';

// One WebRTC connection to one other page in the call (contract calls.ts, CallEvent.signal). Only
// one side ever makes offers, the page that joined later (the newcomer), so two offers never cross;
// that side also restarts ICE when the path fails. Both media kinds get a send-and-receive
// transceiver from the start, so switching a device, sharing the screen or turning a camera on
// later is a replaceTrack, never a new negotiation.

/** What the link uses of RTCPeerConnection (a fake one in the tests). */
export type PeerConnectionLike = Pick<
  RTCPeerConnection,
  | 'addTransceiver'
  | 'getTransceivers'
  | 'createOffer'
  | 'createAnswer'
  | 'setLocalDescription'
  | 'setRemoteDescription'
  | 'addIceCandidate'
  | 'restartIce'
  | 'close'
  | 'remoteDescription'
  | 'signalingState'
  | 'iceConnectionState'
  | 'connectionState'
  | 'onicecandidate'
  | 'ontrack'
  | 'oniceconnectionstatechange'
  | 'onconnectionstatechange'
>;

export type MediaKind = 'audio' | 'video';
export type LinkRole = 'offerer' | 'answerer';
export type LinkState = RTCPeerConnectionState;

export interface PeerLinkOptions {
  role: LinkRole;
  connection: PeerConnectionLike;
  /** The tracks this page sends now (null: nothing of that kind). */
  tracks: () => Record<MediaKind, MediaStreamTrack | null>;
  send: (data: CallSignalData) => void;
  /** A remote track arrived (the link gathers them into one stream). */
  onTrack: (track: MediaStreamTrack) => void;
  onState: (state: LinkState) => void;
  onError?: (error: unknown) => void;
}

const KINDS: readonly MediaKind[] = ['audio', 'video'];

/** The transceiver that carries one kind (the receiver's track tells it; the sender's may be empty). */
const transceiverOf = (connection: PeerConnectionLike, kind: MediaKind): RTCRtpTransceiver | undefined =>
  connection.getTransceivers().find((transceiver) => transceiver.receiver.track.kind === kind && transceiver.currentDirection !== 'stopped');

export class PeerLink {
  readonly role: LinkRole;
  private readonly connection: PeerConnectionLike;
  private readonly options: PeerLinkOptions;
  /** Candidates that came before the remote description: applied right after it. */
  private pending: RTCIceCandidateInit[] = [];
  /** Signals are handled one after another: a candidate must not overtake its description. */
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(options: PeerLinkOptions) {
    this.options = options;
    this.role = options.role;
    this.connection = options.connection;
    const connection = this.connection;
    connection.onicecandidate = (event) => {
      // A null candidate ends the gathering: nothing to send.
      if (!event.candidate || !event.candidate.candidate) return;
      this.send({ type: 'candidate', candidate: event.candidate.candidate, sdpMid: event.candidate.sdpMid, sdpMLineIndex: event.candidate.sdpMLineIndex });
    };
    connection.ontrack = (event) => options.onTrack(event.track);
    connection.onconnectionstatechange = () => options.onState(connection.connectionState);
    connection.oniceconnectionstatechange = () => {
      if (connection.iceConnectionState === 'failed' && this.role === 'offerer') this.run(() => this.offer(true));
    };
  }

  /** The newcomer's first offer, with a transceiver of each kind carrying the current tracks. */
  start(): void {
    if (this.role !== 'offerer') throw new Error('only the offerer starts');
    const tracks = this.options.tracks();
    for (const kind of KINDS) this.connection.addTransceiver(tracks[kind] ?? kind, { direction: 'sendrecv' });
    this.run(() => this.offer(false));
  }

  /** A signal from the other page. */
  handle(data: CallSignalData): Promise<void> {
    return this.run(async () => {
      if (data.type === 'candidate') {
        const candidate: RTCIceCandidateInit = { candidate: data.candidate, sdpMid: data.sdpMid, sdpMLineIndex: data.sdpMLineIndex };
        if (this.connection.remoteDescription) await this.connection.addIceCandidate(candidate);
        else this.pending.push(candidate);
        return;
      }
      if (data.type === 'answer') {
        // Only an answer to our own offer counts (a late duplicate is dropped).
        if (this.role !== 'offerer' || this.connection.signalingState !== 'have-local-offer') return;
        await this.connection.setRemoteDescription({ type: 'answer', sdp: data.sdp });
        await this.flushCandidates();
        return;
      }
      if (this.role !== 'answerer') return;
      await this.connection.setRemoteDescription({ type: 'offer', sdp: data.sdp });
      const tracks = this.options.tracks();
      for (const kind of KINDS) {
        const transceiver = transceiverOf(this.connection, kind);
        if (!transceiver) continue;
        transceiver.direction = 'sendrecv';
        await transceiver.sender.replaceTrack(tracks[kind]);
      }
      const answer = await this.connection.createAnswer();
      await this.connection.setLocalDescription(answer);
      this.send({ type: 'answer', sdp: answer.sdp ?? '' });
      await this.flushCandidates();
    });
  }

  /** Sends another track of one kind (a new device, the screen, back to the camera) without renegotiating. */
  async replaceTrack(kind: MediaKind, track: MediaStreamTrack | null): Promise<void> {
    const transceiver = transceiverOf(this.connection, kind);
    if (transceiver) await transceiver.sender.replaceTrack(track);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.connection.onicecandidate = null;
    this.connection.ontrack = null;
    this.connection.onconnectionstatechange = null;
    this.connection.oniceconnectionstatechange = null;
    this.connection.close();
  }

  private send(data: CallSignalData): void {
    if (!this.closed) this.options.send(data);
  }

  private async offer(iceRestart: boolean): Promise<void> {
    if (iceRestart) this.connection.restartIce();
    const offer = await this.connection.createOffer(iceRestart ? { iceRestart: true } : {});
    await this.connection.setLocalDescription(offer);
    this.send({ type: 'offer', sdp: offer.sdp ?? '' });
  }

  private async flushCandidates(): Promise<void> {
    const waiting = this.pending;
    this.pending = [];
    for (const candidate of waiting) await this.connection.addIceCandidate(candidate);
  }

  private run(step: () => Promise<void>): Promise<void> {
    const next = this.queue.then(async () => {
      if (this.closed) return;
      try {
        await step();
      } catch (error) {
        this.options.onError?.(error);
      }
    });
    this.queue = next;
    return next;
  }
}
