// A recording is 16:9 (contract.md section 9): a source of another shape is drawn into a 16:9 frame
// with bars, never stretched or cut.
import { RECORDING_RATIO } from '@lobby/contract';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a `sourceWidth` x `sourceHeight` picture sits inside the frame, whole and centred. */
export function fitRect(sourceWidth: number, sourceHeight: number, frameWidth: number, frameHeight: number): Rect {
  if (sourceWidth <= 0 || sourceHeight <= 0) return { x: 0, y: 0, width: frameWidth, height: frameHeight };
  const scale = Math.min(frameWidth / sourceWidth, frameHeight / sourceHeight);
  const width = Math.round(sourceWidth * scale);
  const height = Math.round(sourceHeight * scale);
  return { x: Math.round((frameWidth - width) / 2), y: Math.round((frameHeight - height) / 2), width, height };
}

/** A source already 16:9 (within a pixel's rounding) is recorded as it is. */
export const isWide = (width: number | undefined, height: number | undefined): boolean => Boolean(width && height && Math.abs(width / height - RECORDING_RATIO) < 0.01);

/** WebM types in the order of preference; the first the browser's MediaRecorder takes. */
export const WEBM_TYPES = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm;codecs=vp8', 'video/webm'] as const;

export function pickMimeType(supported: (type: string) => boolean): string | null {
  return WEBM_TYPES.find((type) => supported(type)) ?? null;
}

/** Elapsed time as m:ss (h:mm:ss past an hour). */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
