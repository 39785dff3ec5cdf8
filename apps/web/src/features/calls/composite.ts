import { gridColumns, RECORDING_HEIGHT, RECORDING_WIDTH } from '@lobby/contract';
import { fitRect, type Rect } from '../recordings/frame.ts';

// What a group call's recording shows (product.md section 4, contract.md section 9: 16:9): every
// tile's picture drawn into one 1280x720 canvas in a grid, names under them, and everybody's
// sound mixed with WebAudio. The recorder takes the canvas's stream with the mix.

export interface CompositeTile {
  id: string;
  name: string;
  stream: MediaStream | null;
  /** The camera or screen is on (else the name alone is drawn). */
  showsVideo: boolean;
}

const GAP = 8;

/** The cells of `count` tiles: 16:9 each, in the contract's grid columns, centred in the frame. */
export function compositeCells(count: number, width = RECORDING_WIDTH, height = RECORDING_HEIGHT): Rect[] {
  if (count <= 0) return [];
  const columns = gridColumns(count);
  const rows = Math.ceil(count / columns);
  const cellWidth = Math.min((width - GAP * (columns + 1)) / columns, ((height - GAP * (rows + 1)) / rows) * (16 / 9));
  const cellHeight = cellWidth * (9 / 16);
  const top = (height - (rows * cellHeight + (rows - 1) * GAP)) / 2;
  return Array.from({ length: count }, (_, index) => {
    const row = Math.floor(index / columns);
    const inRow = row === rows - 1 ? count - row * columns : columns;
    const left = (width - (inRow * cellWidth + (inRow - 1) * GAP)) / 2;
    const column = index - row * columns;
    return { x: Math.round(left + column * (cellWidth + GAP)), y: Math.round(top + row * (cellHeight + GAP)), width: Math.round(cellWidth), height: Math.round(cellHeight) };
  });
}

/** A timer, not animation frames: a call in a background tab keeps being recorded. */
const FRAME_MS = 1000 / 25;

export class CallComposite {
  private readonly canvas = document.createElement('canvas');
  private readonly context: CanvasRenderingContext2D;
  private readonly audio = new AudioContext();
  private readonly mix = this.audio.createMediaStreamDestination();
  private readonly videos = new Map<string, { stream: MediaStream; element: HTMLVideoElement }>();
  private readonly sounds = new Map<string, MediaStreamAudioSourceNode>();
  private tiles: CompositeTile[] = [];
  private readonly timer: ReturnType<typeof setInterval>;
  readonly stream: MediaStream;

  constructor() {
    this.canvas.width = RECORDING_WIDTH;
    this.canvas.height = RECORDING_HEIGHT;
    const context = this.canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    this.context = context;
    void this.audio.resume().catch(() => {});
    this.timer = setInterval(() => this.draw(), FRAME_MS);
    this.stream = new MediaStream([...this.canvas.captureStream(25).getVideoTracks(), ...this.mix.stream.getAudioTracks()]);
  }

  /** The tiles now (people come and go, cameras switch): pictures and sounds follow. */
  update(tiles: CompositeTile[]): void {
    this.tiles = tiles;
    const live = new Set<string>();
    for (const tile of tiles) {
      if (!tile.stream) continue;
      live.add(tile.id);
      const known = this.videos.get(tile.id);
      if (known?.stream !== tile.stream) {
        const element = known?.element ?? document.createElement('video');
        element.muted = true;
        element.playsInline = true;
        element.srcObject = tile.stream;
        void element.play().catch(() => {});
        this.videos.set(tile.id, { stream: tile.stream, element });
      }
      for (const track of tile.stream.getAudioTracks()) {
        if (this.sounds.has(track.id)) continue;
        const source = this.audio.createMediaStreamSource(new MediaStream([track]));
        source.connect(this.mix);
        this.sounds.set(track.id, source);
      }
    }
    for (const [id, video] of this.videos) {
      if (live.has(id)) continue;
      video.element.srcObject = null;
      this.videos.delete(id);
    }
    const tracks = new Set(tiles.flatMap((tile) => tile.stream?.getAudioTracks().map((track) => track.id) ?? []));
    for (const [id, source] of this.sounds) {
      if (tracks.has(id)) continue;
      source.disconnect();
      this.sounds.delete(id);
    }
  }

  stop(): void {
    clearInterval(this.timer);
    for (const track of this.stream.getTracks()) track.stop();
    for (const video of this.videos.values()) video.element.srcObject = null;
    this.videos.clear();
    for (const source of this.sounds.values()) source.disconnect();
    this.sounds.clear();
    void this.audio.close().catch(() => {});
  }

  private draw(): void {
    const context = this.context;
    context.fillStyle = '#0a0a0a';
    context.fillRect(0, 0, RECORDING_WIDTH, RECORDING_HEIGHT);
    const cells = compositeCells(this.tiles.length);
    this.tiles.forEach((tile, index) => {
      const cell = cells[index];
      if (!cell) return;
      context.fillStyle = '#262626';
      context.fillRect(cell.x, cell.y, cell.width, cell.height);
      const video = this.videos.get(tile.id)?.element;
      if (tile.showsVideo && video && video.videoWidth > 0) {
        const rect = fitRect(video.videoWidth, video.videoHeight, cell.width, cell.height);
        context.drawImage(video, cell.x + rect.x, cell.y + rect.y, rect.width, rect.height);
      }
      context.font = `600 ${Math.max(14, Math.round(cell.height / 14))}px sans-serif`;
      context.fillStyle = '#ffffff';
      context.textBaseline = 'bottom';
      context.fillText(tile.name, cell.x + 12, cell.y + cell.height - 10, cell.width - 24);
    });
  }
}
