import { activeSpeaker } from '@lobby/contract';

// The active speaker (product.md section 2, the accent layout): every SPEAKER_INTERVAL_MS each
// stream's loudness is read from a WebAudio analyser and the contract's activeSpeaker() picks who
// takes the stage, with its hysteresis so two voices do not make the stage flicker.

export const SPEAKER_INTERVAL_MS = 250;

/** Root mean square of one frame of samples (-1..1): 0 is silence, about 0.7 a full-scale tone. */
export function rms(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / samples.length);
}

interface Meter {
  trackId: string;
  source: MediaStreamAudioSourceNode;
  analyser: AnalyserNode;
  buffer: Float32Array<ArrayBuffer>;
}

/** Listens to the audio of each tile's stream and calls `onChange` when the active speaker changes. */
export class SpeakerMeter {
  private context: AudioContext | null = null;
  private readonly meters = new Map<string, Meter>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private current: string | null = null;

  constructor(private readonly onChange: (speaker: string | null) => void) {}

  /** Measures the audio of `stream` under `id` (a peer id, or 'self'); null stops measuring it. */
  set(id: string, stream: MediaStream | null): void {
    const track = stream?.getAudioTracks()[0] ?? null;
    const meter = this.meters.get(id);
    if (meter && meter.trackId === track?.id) return;
    if (meter) this.drop(id);
    if (!track || typeof AudioContext === 'undefined') return;
    this.context ??= new AudioContext();
    // Without a click the context may start suspended; a later gesture on the page resumes it.
    if (this.context.state === 'suspended') void this.context.resume().catch(() => {});
    const source = this.context.createMediaStreamSource(new MediaStream([track]));
    const analyser = this.context.createAnalyser();
    analyser.fftSize = 1024;
    // Measured only: never connected to the speakers (the tile's video element plays the sound).
    source.connect(analyser);
    this.meters.set(id, { trackId: track.id, source, analyser, buffer: new Float32Array(analyser.fftSize) });
    this.timer ??= setInterval(() => this.measure(), SPEAKER_INTERVAL_MS);
  }

  /** Stops measuring ids that are not in `keep`. */
  keepOnly(keep: ReadonlySet<string>): void {
    for (const id of [...this.meters.keys()]) if (!keep.has(id)) this.drop(id);
  }

  stop(): void {
    for (const id of [...this.meters.keys()]) this.drop(id);
    clearInterval(this.timer);
    this.timer = undefined;
    void this.context?.close().catch(() => {});
    this.context = null;
  }

  private drop(id: string): void {
    const meter = this.meters.get(id);
    if (!meter) return;
    meter.source.disconnect();
    this.meters.delete(id);
  }

  private measure(): void {
    if (this.context?.state === 'suspended') void this.context.resume().catch(() => {});
    const levels = new Map<string, number>();
    for (const [id, meter] of this.meters) {
      meter.analyser.getFloatTimeDomainData(meter.buffer);
      levels.set(id, rms(meter.buffer));
    }
    const next = activeSpeaker(levels, this.current);
    if (next === this.current) return;
    this.current = next;
    this.onChange(next);
  }
}
