import type { CallMediaState } from '@lobby/contract';
import type { MediaKind } from './peer-link.ts';

// The page's own tracks in a call: the microphone, the camera and a shared screen, and what they
// say to the others (contract CallMediaState). Muting keeps the track and sends silence or black.

export interface LocalState extends CallMediaState {
  hasAudio: boolean;
  hasVideo: boolean;
  /** What the page shows of itself: the screen while sharing, else the camera; with the microphone. */
  stream: MediaStream | null;
}

export class LocalMedia {
  audio: MediaStreamTrack | null;
  camera: MediaStreamTrack | null;
  screen: MediaStreamTrack | null = null;

  constructor(tracks: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null }) {
    this.audio = tracks.audio;
    this.camera = tracks.video;
  }

  /** The tracks every connection sends. */
  sending(): Record<MediaKind, MediaStreamTrack | null> {
    return { audio: this.audio, video: this.screen ?? this.camera };
  }

  state(): CallMediaState {
    return { audio: this.audio?.enabled ?? false, video: this.camera?.enabled ?? false, screen: this.screen !== null };
  }

  view(makeStream: (tracks: MediaStreamTrack[]) => MediaStream): LocalState {
    const tracks = [this.screen ?? this.camera, this.audio].filter((track): track is MediaStreamTrack => track !== null);
    return { ...this.state(), hasAudio: this.audio !== null, hasVideo: this.camera !== null, stream: tracks.length > 0 ? makeStream(tracks) : null };
  }

  /** false when there is no such track. */
  setEnabled(kind: MediaKind, on: boolean): boolean {
    const track = kind === 'audio' ? this.audio : this.camera;
    if (!track) return false;
    track.enabled = on;
    return true;
  }

  /** A new device's track takes the old one's place (muted stays muted); the old one is returned to stop. */
  swap(kind: MediaKind, track: MediaStreamTrack): MediaStreamTrack | null {
    const old = kind === 'audio' ? this.audio : this.camera;
    track.enabled = old?.enabled ?? true;
    if (kind === 'audio') this.audio = track;
    else this.camera = track;
    return old;
  }

  stopAll(): void {
    for (const track of [this.audio, this.camera, this.screen]) track?.stop();
  }
}
