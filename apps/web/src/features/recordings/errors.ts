// Recording failures in the person's language (contract.md section 8: "Recording start and stop
// failures"; the spec gives no texts, these say what happened and what to do).
import { ErrorCode } from '@lobby/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/errors.ts';
import { apiErrorText } from '../auth/api-error.ts';
import { RecorderUnsupported } from './recorder.ts';

/** Why the camera, the microphone or the screen could not be had (getUserMedia's and getDisplayMedia's errors). */
export function mediaErrorText(t: TFunction, error: unknown, source: 'camera' | 'screen'): string {
  const name = error instanceof DOMException ? error.name : '';
  if (source === 'screen') return t('recordings.no_screen');
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return t('recordings.no_camera_found');
  return t('recordings.no_camera');
}

export function recordingErrorText(t: TFunction, error: unknown): string {
  if (error instanceof RecorderUnsupported) return t(error.reason === 'no_video' ? 'recordings.no_video' : 'recordings.unsupported');
  if (error instanceof ApiError) {
    if (error.code === ErrorCode.recordingTooBig) return t('recordings.too_big');
    if (error.code === ErrorCode.recordingNotRecording) return t('recordings.server_stopped');
    if (error.status === 403) return t('recordings.forbidden');
  }
  return apiErrorText(t, error);
}
