import { ErrorCode } from '@lobby/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/errors.ts';
import { formatTime } from '../../lib/format.ts';
import { apiErrorText } from '../auth/api-error.ts';

const KEYS: Record<string, string> = {
  [ErrorCode.callNotFound]: 'calls.error_not_found',
  [ErrorCode.callNotAllowed]: 'calls.error_not_allowed',
  [ErrorCode.callLimitReached]: 'calls.error_limit_reached',
  [ErrorCode.callSelf]: 'calls.error_self',
  [ErrorCode.callChannelKind]: 'calls.error_channel_kind',
  [ErrorCode.callRoomFull]: 'calls.room_full_title',
  [ErrorCode.callEnded]: 'calls.error_ended',
  [ErrorCode.callNotSeated]: 'calls.error_not_seated',
  [ErrorCode.callMeetingNotOnline]: 'calls.error_meeting_not_online',
  [ErrorCode.callMeetingNotAccepted]: 'calls.error_meeting_not_accepted',
};

/** A failed call request as a sentence in the person's language. */
export function callErrorText(t: TFunction, error: unknown, timeZone: string): string {
  if (!(error instanceof ApiError)) return apiErrorText(t, error);
  if (error.code === ErrorCode.callMeetingClosed) {
    const opensAt = typeof error.details?.opens_at === 'string' ? error.details.opens_at : null;
    return opensAt ? t('calls.error_meeting_early', { time: formatTime(opensAt, timeZone) }) : t('calls.error_meeting_over');
  }
  const key = KEYS[error.code];
  return key ? t(key) : apiErrorText(t, error);
}

/** How a call ended, from the 409 call.ended the server answers a late page with (details.status). */
export function endedStatusOf(error: unknown): 'ended' | 'declined' | 'missed' | null {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.callEnded) return null;
  const status = error.details?.status;
  return status === 'ended' || status === 'declined' || status === 'missed' ? status : null;
}
