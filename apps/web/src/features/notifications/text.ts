import type { Notification } from '@lobby/contract';
import type { TFunction } from 'i18next';
import { formatDate, formatTime } from '../../lib/format.ts';
import { notificationTextContext, notificationTextKey } from './present.ts';

/** The sentence of a notification in the reader's language, times in the reader's timezone. */
export function notificationText(t: TFunction, notification: Notification, timeZone: string): string {
  // An organiser's message says what its organiser wrote (push.custom.send): its title and text.
  if (notification.type === 'custom_push' && notification.data.title) return notification.data.text ? `${notification.data.title}: ${notification.data.text}` : notification.data.title;
  const sender = notification.sender ? `${notification.sender.first_name} ${notification.sender.last_name}`.trim() : '';
  const at = notification.data.starts_at;
  const context = notificationTextContext(notification);
  return t(notificationTextKey(notification.type), {
    ...(context ? { context } : {}),
    name: sender || t('notifications.someone'),
    date: at ? formatDate(at, timeZone) : '',
    time: at ? formatTime(at, timeZone) : '',
    reason: notification.data.reason ?? '',
    location: notification.data.location ?? '',
    event: notification.data.event_name ?? '',
    title: notification.data.title ?? '',
    company: notification.data.company_name ?? '',
  });
}
