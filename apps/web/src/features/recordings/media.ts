// What the stream records page records: the camera and microphone, or a screen, window or tab.
import { RECORDING_HEIGHT, RECORDING_RATIO, RECORDING_WIDTH } from '@lobby/contract';

export type RecordSource = 'camera' | 'screen';

/** The camera at 16:9 where it can (the recording is 16:9 either way), with the microphone if there is one. */
async function camera(): Promise<MediaStream> {
  const video = { width: { ideal: RECORDING_WIDTH }, height: { ideal: RECORDING_HEIGHT }, aspectRatio: { ideal: RECORDING_RATIO } };
  try {
    return await navigator.mediaDevices.getUserMedia({ video, audio: true });
  } catch (error) {
    // No microphone (or it is refused while the camera is not): the picture alone is still worth recording.
    if (error instanceof DOMException && (error.name === 'NotFoundError' || error.name === 'NotReadableError')) return navigator.mediaDevices.getUserMedia({ video });
    throw error;
  }
}

export function openSource(source: RecordSource): Promise<MediaStream> {
  if (!navigator.mediaDevices) return Promise.reject(new DOMException('no media devices', 'NotSupportedError'));
  return source === 'camera' ? camera() : navigator.mediaDevices.getDisplayMedia({ video: true, audio: true });
}

export const closeStream = (stream: MediaStream | null): void => {
  for (const track of stream?.getTracks() ?? []) track.stop();
};
