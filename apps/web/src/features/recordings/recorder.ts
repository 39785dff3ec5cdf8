// Stream recording in the browser (product.md section 4: start, stop, saved after processing): a
// MediaStream recorded at 16:9 with MediaRecorder, its parts uploaded while it runs, a poster frame
// taken once video flows, and on stop the server's processing waited for. The group call page
// records its composite stream through startRecording() too.
import { ErrorCode, getRecording, RECORDING_HEIGHT, RECORDING_TIMESLICE_MS, RECORDING_WIDTH, startRecording as startRoute, stopRecording as stopRoute, type Recording } from '@lobby/contract';
import { callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { fitRect, isWide, pickMimeType } from './frame.ts';
import { PartGatherer, retryable, retryDelayMs, UploadQueue } from './queue.ts';
import { putRaw, stopOnLeave } from './upload.ts';

export type RecorderState = 'recording' | 'stopping' | 'processing' | 'saved' | 'failed';

export interface RecordingHandle {
  readonly id: number;
  state(): RecorderState;
  /** The recording as the server last answered it. */
  recording(): Recording;
  elapsedMs(): number;
  /** Why it failed, or why it stopped by itself (an upload the server refused). */
  problem(): unknown;
  /** Called on every change of state; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Stops, waits for the parts still queued, stops on the server and waits until it is saved or failed. */
  stop(): Promise<Recording>;
}

export interface StartOptions {
  eventId: number;
  room: string;
  name: string;
  /** What to record; the caller keeps it (stopping the recording never stops its tracks). */
  stream: MediaStream;
  /** The group call it records. */
  callId?: string | null;
}

/** Something in this browser that keeps it from recording (no MediaRecorder, no WebM, no video track). */
export class RecorderUnsupported extends Error {
  constructor(public readonly reason: 'no_recorder' | 'no_webm' | 'no_video') {
    super(`cannot record: ${reason}`);
    this.name = 'RecorderUnsupported';
  }
}

/** How often processing is asked after, and for how long at most (a long recording is still read through). */
const POLL_MS = 1500;
const POLL_FOR_MS = 10 * 60_000;
/** The poster is taken this long after video starts: a camera's exposure settles first. */
const POSTER_AFTER_MS = 1000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function drawFitted(context: CanvasRenderingContext2D, video: HTMLVideoElement): void {
  context.fillStyle = '#000';
  context.fillRect(0, 0, RECORDING_WIDTH, RECORDING_HEIGHT);
  if (video.videoWidth === 0 || video.videoHeight === 0) return;
  const rect = fitRect(video.videoWidth, video.videoHeight, RECORDING_WIDTH, RECORDING_HEIGHT);
  context.drawImage(video, rect.x, rect.y, rect.width, rect.height);
}

const newCanvas = (): HTMLCanvasElement => {
  const canvas = document.createElement('canvas');
  canvas.width = RECORDING_WIDTH;
  canvas.height = RECORDING_HEIGHT;
  return canvas;
};

interface Source {
  stream: MediaStream;
  video: HTMLVideoElement;
  release(): void;
}

/**
 * The stream to record: the source itself when its picture is 16:9 already, otherwise a canvas
 * the picture is drawn into with bars (a timer, not animation frames, so a tab in the background
 * keeps drawing, if slowly), with the source's sound.
 */
function prepareSource(input: MediaStream): Source {
  const track = input.getVideoTracks()[0];
  if (!track) throw new RecorderUnsupported('no_video');
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = new MediaStream([track]);
  void video.play().catch(() => undefined);
  const audio = input.getAudioTracks();
  const settings = track.getSettings();
  if (isWide(settings.width, settings.height)) {
    return { stream: new MediaStream([track, ...audio]), video, release: () => void (video.srcObject = null) };
  }
  const canvas = newCanvas();
  const context = canvas.getContext('2d');
  if (!context) throw new RecorderUnsupported('no_recorder');
  const timer = setInterval(() => drawFitted(context, video), 1000 / 30);
  const captured = canvas.captureStream(30);
  return {
    stream: new MediaStream([...captured.getVideoTracks(), ...audio]),
    video,
    release: () => {
      clearInterval(timer);
      for (const capturedTrack of captured.getTracks()) capturedTrack.stop();
      video.srcObject = null;
    },
  };
}

/** Once the picture flows: a 16:9 JPEG of it. */
async function posterOf(video: HTMLVideoElement): Promise<Blob | null> {
  if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) await new Promise((resolve) => video.addEventListener('loadeddata', resolve, { once: true }));
  await sleep(POSTER_AFTER_MS);
  const canvas = newCanvas();
  const context = canvas.getContext('2d');
  if (!context) return null;
  drawFitted(context, video);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
}

class BrowserRecording implements RecordingHandle {
  private current: Recording;
  private phase: RecorderState = 'recording';
  private error: unknown = null;
  private readonly listeners = new Set<() => void>();
  private startedAt = performance.now();
  private endedAt: number | null = null;
  private seq = 0;
  private stopping: Promise<Recording> | null = null;
  private readonly queue: UploadQueue;
  private readonly base: string;
  private readonly onLeave = () => stopOnLeave(`${this.base}/stop`, this.seq);

  constructor(
    recording: Recording,
    input: MediaStream,
    private readonly recorder: MediaRecorder,
    private readonly source: Source,
    private readonly mimeType: string,
  ) {
    this.current = recording;
    this.base = `/api/v1/${recording.event_id}/rooms/${encodeURIComponent(recording.room)}/recordings/${recording.id}`;
    this.queue = new UploadQueue((error) => this.halt(error));
    const parts = new PartGatherer();
    recorder.addEventListener('dataavailable', (event) => {
      if (this.queue.failed !== null) return;
      // The recorder is inactive by the time it hands over its last slice.
      const part = parts.add(event.data, recorder.state === 'inactive');
      if (!part) return;
      const seq = this.seq;
      this.seq += 1;
      this.queue.add(async () => this.answered(await putRaw(`${this.base}/parts/${seq}`, part, this.mimeType)));
    });
    recorder.addEventListener('start', () => (this.startedAt = performance.now()));
    // The source ended (a shared screen the browser stopped sharing, a call that closed): so does the recording.
    for (const track of input.getVideoTracks()) track.addEventListener('ended', () => void this.stop().catch(() => undefined));
    // A closed tab: the server is told to stop (and save what it has) instead of waiting for silence.
    window.addEventListener('pagehide', this.onLeave);
    void posterOf(source.video).then((poster) => {
      if (poster && this.phase === 'recording') this.queue.add(async () => this.answered(await putRaw(`${this.base}/poster`, poster, 'image/jpeg')));
    });
  }

  get id(): number {
    return this.current.id;
  }

  state = () => this.phase;
  recording = () => this.current;
  problem = () => this.error;
  elapsedMs = () => (this.endedAt ?? performance.now()) - this.startedAt;

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stop(): Promise<Recording> {
    this.stopping ??= this.finish();
    return this.stopping;
  }

  private set(phase: RecorderState): void {
    this.phase = phase;
    for (const listener of this.listeners) listener();
  }

  private answered(payload: unknown): void {
    const data = (payload as { data?: Recording } | undefined)?.data;
    if (data) this.current = data;
  }

  /**
   * An upload the server refused for good. A recording at its size limit, or one the server has
   * stopped itself (silent too long while the network was away), is stopped and keeps what it
   * has; anything else ends it.
   */
  private halt(error: unknown): void {
    this.error = error;
    const keeps = error instanceof ApiError && (error.code === ErrorCode.recordingTooBig || error.code === ErrorCode.recordingNotRecording);
    if (keeps) void this.stop().catch(() => undefined);
    else {
      this.release();
      this.set('failed');
    }
  }

  private release(): void {
    if (this.recorder.state !== 'inactive') this.recorder.stop();
    this.endedAt ??= performance.now();
    window.removeEventListener('pagehide', this.onLeave);
    this.source.release();
  }

  private async finish(): Promise<Recording> {
    if (this.phase === 'failed') throw this.error;
    this.set('stopping');
    if (this.recorder.state !== 'inactive') {
      const stopped = new Promise((resolve) => this.recorder.addEventListener('stop', resolve, { once: true }));
      this.recorder.stop();
      await stopped;
    }
    this.release();
    await this.queue.drained();
    const { eventId, room, id } = { eventId: this.current.event_id, room: this.current.room, id: this.current.id };
    try {
      this.current = (await withRetries(() => callApi(stopRoute, { params: { eventId, room, id }, body: { parts: this.seq } }))).data;
    } catch (error) {
      this.error = error;
      this.set('failed');
      throw error;
    }
    this.set('processing');
    for (const started = performance.now(); this.current.status === 'processing' && performance.now() - started < POLL_FOR_MS; ) {
      await sleep(POLL_MS);
      try {
        this.current = (await callApi(getRecording, { params: { eventId, room, id } })).data;
      } catch (error) {
        // Removed meanwhile, or no longer ours to read: it is stopped either way, there is nothing to wait for.
        if (!retryable(error)) return this.current;
      }
    }
    if (this.current.status === 'saved') this.set('saved');
    else if (this.current.status === 'failed') this.set('failed');
    return this.current;
  }
}

async function withRetries<T>(call: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= attempts || !retryable(error)) throw error;
      await sleep(retryDelayMs(attempt));
    }
  }
}

/**
 * Starts recording `stream` into the event's room. A recording of this person still running there
 * (a page closed before it stopped) is stopped first: starting again means that one is over.
 */
export async function startRecording(options: StartOptions): Promise<RecordingHandle> {
  if (typeof MediaRecorder === 'undefined') throw new RecorderUnsupported('no_recorder');
  const mimeType = pickMimeType((type) => MediaRecorder.isTypeSupported(type));
  if (!mimeType) throw new RecorderUnsupported('no_webm');
  if (options.stream.getVideoTracks().length === 0) throw new RecorderUnsupported('no_video');
  const params = { eventId: options.eventId, room: options.room };
  const body = { name: options.name, call_id: options.callId ?? null };
  let recording: Recording;
  try {
    recording = (await callApi(startRoute, { params, body })).data;
  } catch (error) {
    const running = error instanceof ApiError && error.code === ErrorCode.recordingInProgress ? Number(error.details?.recording_id) : NaN;
    if (!Number.isInteger(running)) throw error;
    await callApi(stopRoute, { params: { ...params, id: running }, body: {} });
    recording = (await callApi(startRoute, { params, body })).data;
  }
  const source = prepareSource(options.stream);
  try {
    const recorder = new MediaRecorder(source.stream, { mimeType, videoBitsPerSecond: 2_500_000 });
    const handle = new BrowserRecording(recording, options.stream, recorder, source, mimeType);
    recorder.start(RECORDING_TIMESLICE_MS);
    return handle;
  } catch (error) {
    source.release();
    await callApi(stopRoute, { params: { ...params, id: recording.id }, body: {} }).catch(() => undefined);
    throw error;
  }
}
