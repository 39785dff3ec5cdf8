import type { DeviceChoice } from './prefs.ts';

// The page's own camera, microphone and screen (getUserMedia, getDisplayMedia). A call goes on
// without them: someone without a camera, or who refused it, still sees and hears the others.

/** 1280×720 at 16:9 when the camera can (product.md: calls and their recordings are 16:9). */
const cameraConstraints = (deviceId: string | null): MediaTrackConstraints => ({
  width: { ideal: 1280 },
  height: { ideal: 720 },
  aspectRatio: { ideal: 16 / 9 },
  ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
});
const microphoneConstraints = (deviceId: string | null): MediaTrackConstraints | true => (deviceId ? { deviceId: { exact: deviceId }, echoCancellation: true, noiseSuppression: true } : { echoCancellation: true, noiseSuppression: true });

export interface LocalTracks {
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
  /** Something was asked for and not given (refused, missing, in use by another app). */
  incomplete: boolean;
}

const hasMediaDevices = (): boolean => typeof navigator !== 'undefined' && navigator.mediaDevices !== undefined && typeof navigator.mediaDevices.getUserMedia === 'function';

/** One kind from one device, or from any device when the chosen one is gone (unplugged since). */
export async function openTrack(kind: 'audio' | 'video', deviceId: string | null): Promise<MediaStreamTrack | null> {
  if (!hasMediaDevices()) return null;
  const constraints = (id: string | null): MediaStreamConstraints => (kind === 'audio' ? { audio: microphoneConstraints(id) } : { video: cameraConstraints(id) });
  for (const id of deviceId ? [deviceId, null] : [null]) {
    try {
      const stream = await navigator.mediaDevices.getUserMedia(constraints(id));
      return (kind === 'audio' ? stream.getAudioTracks() : stream.getVideoTracks())[0] ?? null;
    } catch (error) {
      // A refusal is final; a device that does not fit any more is retried as "any device".
      if (error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError')) return null;
    }
  }
  return null;
}

/** The camera and microphone, asked for together (one permission prompt), else one by one. */
export async function openLocalMedia(choice: DeviceChoice): Promise<LocalTracks> {
  if (!hasMediaDevices()) return { audio: null, video: null, incomplete: true };
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: microphoneConstraints(choice.audio), video: cameraConstraints(choice.video) });
    return { audio: stream.getAudioTracks()[0] ?? null, video: stream.getVideoTracks()[0] ?? null, incomplete: false };
  } catch {
    const audio = await openTrack('audio', choice.audio);
    const video = await openTrack('video', choice.video);
    return { audio, video, incomplete: true };
  }
}

export interface Devices {
  audio: MediaDeviceInfo[];
  video: MediaDeviceInfo[];
}

/** The cameras and microphones (named once the page may use them). */
export async function listDevices(): Promise<Devices> {
  if (!hasMediaDevices() || typeof navigator.mediaDevices.enumerateDevices !== 'function') return { audio: [], video: [] };
  const all = await navigator.mediaDevices.enumerateDevices();
  return { audio: all.filter((device) => device.kind === 'audioinput' && device.deviceId !== ''), video: all.filter((device) => device.kind === 'videoinput' && device.deviceId !== '') };
}

export const canShareScreen = (): boolean => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';

/** A screen, window or tab the person picks; null when they cancel the browser's picker. */
export async function openScreen(): Promise<MediaStreamTrack | null> {
  if (!canShareScreen()) return null;
  try {
    const stream = await navigator.mediaDevices.getDisplayMedia({ video: { width: { ideal: 1920 }, height: { ideal: 1080 }, frameRate: { ideal: 15 } }, audio: false });
    return stream.getVideoTracks()[0] ?? null;
  } catch {
    return null;
  }
}

/** The id of the device a live track comes from. */
export const deviceOf = (track: MediaStreamTrack | null): string | null => (track ? (track.getSettings().deviceId ?? null) : null);
