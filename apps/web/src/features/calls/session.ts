import { CALL_HEARTBEAT_MS, type CallEndedPayload, type CallMediaState, type CallSignalData, type VideoToken } from '@lobby/contract';
import { LocalMedia, type LocalState } from './local-media.ts';
import { PeerLink, type MediaKind, type PeerConnectionLike } from './peer-link.ts';
import { applyRoster, emptyRoster, type Roster, type RosterEvent } from './roster.ts';
import type { CallChannel, OpenChannel } from './signalling.ts';

// One page's presence in one call: its room on the socket, a connection to every other page, its
// own tracks and what the others' pages say of theirs. The newcomer offers (PeerLink); after a
// reconnect the page is a newcomer again, with a fresh token, and offers to everybody anew.

export type SessionConnection = 'joining' | 'live' | 'reconnecting' | 'replaced' | 'ended' | 'failed';

export interface SessionSnapshot {
  connection: SessionConnection;
  roster: Roster;
  local: LocalState;
  ended: CallEndedPayload['status'] | null;
  /** The active speaker: a peer id, 'self', or null. */
  speaker: string | null;
  /** Why the page could not (re)enter the call (a seat lost to a full room, the call over). */
  error: unknown;
}

export interface SpeakerMeterLike {
  set: (id: string, stream: MediaStream | null) => void;
  keepOnly: (ids: ReadonlySet<string>) => void;
  stop: () => void;
}

export interface SessionOptions {
  callId: string;
  token: VideoToken;
  tracks: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null };
  openChannel: OpenChannel;
  /**
   * Whether the call ended while the page was not listening (before it entered, or during a
   * reconnect): its end was told then and is not told again.
   */
  endedMeanwhile: () => Promise<CallEndedPayload['status'] | null>;
  /** A token for entering again (after a reconnect), taking the seat again if it was given up. */
  freshToken: () => Promise<VideoToken>;
  createConnection: (config: RTCConfiguration) => PeerConnectionLike;
  makeStream: (tracks: MediaStreamTrack[]) => MediaStream;
  meter: (onSpeaker: (speaker: string | null) => void) => SpeakerMeterLike;
}

/** How long a page waits for a newcomer's offer before offering itself. */
export const OFFER_WAIT_MS = 6000;

const iceConfig = (token: VideoToken): RTCConfiguration => ({ iceServers: token.ice_servers.map((server) => ({ urls: server.urls, ...(server.username ? { username: server.username } : {}), ...(server.credential ? { credential: server.credential } : {}) })) });

export class CallSession {
  private snapshot: SessionSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly links = new Map<string, PeerLink>();
  private readonly remoteTracks = new Map<string, MediaStreamTrack[]>();
  private readonly offerWaits = new Map<string, ReturnType<typeof setTimeout>>();
  private channel: CallChannel | null = null;
  private token: VideoToken;
  private readonly media: LocalMedia;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private entering = false;
  private everEntered = false;
  private stopped = false;
  private readonly meter: SpeakerMeterLike;

  constructor(private readonly options: SessionOptions) {
    this.token = options.token;
    this.media = new LocalMedia(options.tracks);
    this.meter = options.meter((speaker) => this.update({ speaker }));
    this.snapshot = { connection: 'joining', roster: emptyRoster, local: this.media.view(options.makeStream), ended: null, speaker: null, error: null };
    this.meter.set('self', this.media.audio ? options.makeStream([this.media.audio]) : null);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = (): SessionSnapshot => this.snapshot;

  async start(): Promise<void> {
    const channel = await this.options.openChannel(this.options.callId, {
      onConnect: () => void this.enter(),
      onDisconnect: () => this.lost(),
      onSignal: (from, data) => this.signal(from, data),
      onPeerJoined: (peer) => {
        this.roster({ type: 'peer-joined', peer });
        this.awaitOffer(peer.peer_id);
      },
      onPeerLeft: (peerId) => this.roster({ type: 'peer-left', peerId }),
      onState: (peerId, state) => this.roster({ type: 'state', peerId, state }),
      onEnded: (status) => this.finish('ended', { ended: status }),
    });
    if (this.stopped) return channel.close();
    this.channel = channel;
    if (channel.connected) void this.enter();
  }

  /** Mute or unmute: the track stays and sends silence (or black), the others are told. */
  setEnabled(kind: MediaKind, on: boolean): void {
    if (this.media.setEnabled(kind, on)) this.localChanged();
  }

  /** Another camera or microphone: every connection sends the new track, the old one stops. */
  async switchDevice(kind: MediaKind, track: MediaStreamTrack): Promise<void> {
    if (this.stopped) return track.stop();
    const old = this.media.swap(kind, track);
    if (kind === 'audio' || !this.media.screen) await this.sendEverywhere(kind, track);
    old?.stop();
    if (kind === 'audio') this.meter.set('self', this.options.makeStream([track]));
    this.localChanged();
  }

  /** Shares a screen instead of the camera; the browser's own "stop sharing" brings the camera back. */
  async shareScreen(track: MediaStreamTrack): Promise<void> {
    if (this.stopped) return track.stop();
    this.media.screen?.stop();
    this.media.screen = track;
    track.addEventListener('ended', () => void this.stopSharing(track));
    await this.sendEverywhere('video', track);
    this.localChanged();
  }

  async stopSharing(which: MediaStreamTrack | null = this.media.screen): Promise<void> {
    if (!which || which !== this.media.screen) return;
    this.media.screen = null;
    which.stop();
    await this.sendEverywhere('video', this.media.camera);
    this.localChanged();
  }

  /** Leaves the room and lets go of everything (the seat is given back by the caller's POST leave). */
  stop(): void {
    if (this.stopped) return;
    if (this.channel?.connected && this.snapshot.connection === 'live') this.channel.leave();
    this.teardown();
  }

  // --- entering, and entering again after a reconnect ---

  private async enter(): Promise<void> {
    if (this.stopped || this.entering) return;
    this.entering = true;
    try {
      if (this.everEntered) this.token = await this.options.freshToken();
      for (let attempt = 0; attempt < 3 && !this.stopped; attempt += 1) {
        const channel = this.channel;
        if (!channel?.connected) return;
        const ack = await channel.join(this.token.token, this.mediaState());
        if (this.stopped) return;
        if (ack.ok) {
          this.everEntered = true;
          this.closeLinks();
          this.roster({ type: 'joined', selfId: ack.peer_id, peers: ack.peers });
          // The newcomer offers to everybody already there.
          for (const peer of this.snapshot.roster.peers) this.link(peer.peerId, 'offerer').start();
          this.update({ connection: 'live' });
          this.beat();
          void this.checkEnded();
          return;
        }
        if (ack.error !== 'failed') this.token = await this.options.freshToken();
      }
      if (!this.stopped) this.finish('failed', { error: new Error('could not enter the call') });
    } catch (error) {
      this.finish('failed', { error });
    } finally {
      this.entering = false;
    }
  }

  private async checkEnded(): Promise<void> {
    try {
      const status = await this.options.endedMeanwhile();
      if (status) this.finish('ended', { ended: status });
    } catch {
      // Unknown for now; the next entry asks again.
    }
  }

  private lost(): void {
    if (this.stopped) return;
    clearInterval(this.heartbeat);
    this.closeLinks();
    this.update({ connection: 'reconnecting', roster: applyRoster(this.snapshot.roster, { type: 'reset' }) });
  }

  /**
   * A newcomer offers right after entering; if its offer does not come (two pages entered at the
   * same moment and neither saw the other in its join answer), this page offers instead.
   */
  private awaitOffer(peerId: string): void {
    clearTimeout(this.offerWaits.get(peerId));
    this.offerWaits.set(
      peerId,
      setTimeout(() => {
        this.offerWaits.delete(peerId);
        if (this.snapshot.connection !== 'live' || this.links.has(peerId) || !this.snapshot.roster.peers.some((peer) => peer.peerId === peerId)) return;
        this.link(peerId, 'offerer').start();
      }, OFFER_WAIT_MS),
    );
  }

  /** Two offers crossed: the page with the smaller peer id gives its own up and answers. */
  private yields(other: string): boolean {
    const self = this.snapshot.roster.selfId;
    return self !== null && self < other;
  }

  private signal(from: string, data: CallSignalData): void {
    let link = this.links.get(from);
    if (link && link.role === 'offerer' && data.type === 'offer') {
      if (!this.yields(from)) return;
      link.close();
      this.links.delete(from);
      this.remoteTracks.delete(from);
      link = undefined;
    }
    if (!link) {
      // Only a newcomer's offer opens a connection; stray answers and candidates are dropped.
      if (data.type !== 'offer' || this.snapshot.connection !== 'live') return;
      this.roster({ type: 'seen', peerId: from });
      link = this.link(from, 'answerer');
    }
    void link.handle(data);
  }

  private link(peerId: string, role: 'offerer' | 'answerer'): PeerLink {
    const link = new PeerLink({
      role,
      connection: this.options.createConnection(iceConfig(this.token)),
      tracks: () => this.media.sending(),
      send: (data) => this.channel?.signal(peerId, data),
      onTrack: (track) => {
        const tracks = [...(this.remoteTracks.get(peerId) ?? []).filter((known) => known.kind !== track.kind), track];
        this.remoteTracks.set(peerId, tracks);
        const stream = this.options.makeStream(tracks);
        this.meter.set(peerId, stream);
        this.roster({ type: 'stream', peerId, stream });
      },
      onState: (state) => this.roster({ type: 'link', peerId, link: state }),
      onError: (error) => console.warn('Lobby: a call connection step failed', error),
    });
    this.links.set(peerId, link);
    return link;
  }

  // --- state ---

  private roster(event: RosterEvent): void {
    const roster = applyRoster(this.snapshot.roster, event);
    if (roster === this.snapshot.roster) return;
    if (roster.replaced) return this.finish('replaced', { roster });
    // Connections to pages that left are closed.
    const present = new Set(roster.peers.map((peer) => peer.peerId));
    for (const [peerId, link] of this.links) {
      if (present.has(peerId)) continue;
      link.close();
      this.links.delete(peerId);
      this.remoteTracks.delete(peerId);
    }
    this.meter.keepOnly(new Set([...present, 'self']));
    this.update({ roster });
  }

  private mediaState(): CallMediaState {
    return this.media.state();
  }

  private localChanged(): void {
    this.update({ local: this.media.view(this.options.makeStream) });
    if (this.snapshot.connection === 'live') this.channel?.state(this.mediaState());
  }

  /** Says the state now and every CALL_HEARTBEAT_MS: it keeps the seat. */
  private beat(): void {
    clearInterval(this.heartbeat);
    this.channel?.state(this.mediaState());
    this.heartbeat = setInterval(() => this.channel?.state(this.mediaState()), CALL_HEARTBEAT_MS);
  }

  private async sendEverywhere(kind: MediaKind, track: MediaStreamTrack | null): Promise<void> {
    await Promise.all([...this.links.values()].map((link) => link.replaceTrack(kind, track)));
  }

  private finish(connection: 'ended' | 'replaced' | 'failed', change: Partial<SessionSnapshot>): void {
    if (this.stopped) return;
    this.teardown();
    this.update({ ...change, connection, roster: change.roster ?? applyRoster(this.snapshot.roster, { type: 'reset' }) });
  }

  private closeLinks(): void {
    for (const timer of this.offerWaits.values()) clearTimeout(timer);
    this.offerWaits.clear();
    for (const link of this.links.values()) link.close();
    this.links.clear();
    this.remoteTracks.clear();
  }

  private teardown(): void {
    this.stopped = true;
    clearInterval(this.heartbeat);
    this.closeLinks();
    this.meter.stop();
    this.media.stopAll();
    this.channel?.close();
    this.channel = null;
  }

  private update(change: Partial<SessionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }
}
