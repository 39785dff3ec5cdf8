import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../api/errors.ts';
import { formatDate, formatTime } from '../../lib/format.ts';

/**
 * A chat call's failure as a sentence (contract.md section 8): the chat's codes with their details
 * (the ban's date in the person's timezone and its reason, the upload limit in Mb); a failure
 * without a text of its own says `fallbackKey` (could not send, report failed, ...).
 */
export function chatErrorText(t: TFunction, error: unknown, timeZone: string, fallbackKey = 'api.chat_send_failed'): string {
  if (error instanceof NetworkError) return t('errors.no_network_text');
  if (!(error instanceof ApiError)) return t(fallbackKey);
  const details = error.details ?? {};
  const until = typeof details.until === 'string' ? details.until : null;
  const key = `api.${error.code.replace(/\./g, '_')}`;
  return t(key, {
    defaultValue: t(fallbackKey),
    date: until ? formatDate(until, timeZone) : '',
    time: until ? formatTime(until, timeZone) : '',
    reason: typeof details.reason === 'string' ? details.reason : '',
    max_mb: typeof details.max_mb === 'number' ? details.max_mb : '',
    seconds: Number(details.retry_after ?? 0),
  });
}
