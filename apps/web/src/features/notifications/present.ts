import type { Notification } from '@lobby/contract';

/** Under a day old, a notification is shown relative ("5 minutes ago"); older ones as DD.MM.YYYY HH:mm (contract.md section 9). */
export function relativeAge(createdAt: string, nowMs: number): { value: number; unit: 'second' | 'minute' | 'hour' } | null {
  const seconds = Math.max(0, Math.round((nowMs - Date.parse(createdAt)) / 1000));
  if (seconds >= 86_400) return null;
  if (seconds < 60) return { value: seconds, unit: 'second' };
  if (seconds < 3600) return { value: Math.floor(seconds / 60), unit: 'minute' };
  return { value: Math.floor(seconds / 3600), unit: 'hour' };
}

const LIST_TYPES = new Set(['meeting_confirmed', 'meeting_canceled', 'meeting_rescheduled']);
const CALENDAR_TYPES = new Set(['new_meeting_request_v2', 'meeting_confirmed_v2', 'meeting_canceled_v2', 'meeting_rescheduled_v2', 'meeting_reminder_v2']);

/**
 * Where a notification leads inside its event, as the push routing of product.md section 2 says:
 * a new request opens the meeting as an invite, the other meeting types the list item, the V2
 * types and the reminder the calendar item, a lecture reminder the lecture, a showcase decision the
 * entry, a deal suggestion the meeting request to the publisher, anything else the event's root.
 */
export function notificationTarget(notification: Pick<Notification, 'type' | 'meeting_id'> & { data?: Pick<Notification['data'], 'lecture_id' | 'hall_id' | 'request_id' | 'member_id' | 'starts_at'> }): string {
  // A starred lecture's reminder opens its page with the chat, as a push to a lecture does (contract.md section 9).
  if (notification.type === 'lecture_reminder') {
    const { hall_id: hall, lecture_id: lecture } = notification.data ?? {};
    return hall !== undefined && lecture !== undefined ? `lectures/${hall}/${lecture}?chat=open` : 'program';
  }
  // The organisers' decision opens the showcase entry (showcase-game/{requestId} finds its showcase).
  if (notification.type === 'showcase_decision') {
    const request = notification.data?.request_id;
    return request !== undefined ? `showcase/showcase-game/${request}` : 'showcase';
  }
  // A publisher's interest opens the meeting form with them: at the first time free for both when there is one.
  if (notification.type === 'deal_suggestion') {
    const member = notification.data?.member_id;
    if (member === undefined) return 'showcase';
    const start = Date.parse(notification.data?.starts_at ?? '');
    return Number.isFinite(start) ? `calendar/create?start=${Math.floor(start / 1000)}&member=${member}` : `members/${member}/create-meeting`;
  }
  const id = notification.meeting_id;
  if (id === null) return notification.type === 'custom_push' ? 'notifications' : '';
  if (notification.type === 'new_meeting_request') return `meetings/list/${id}?isInvite=true`;
  if (LIST_TYPES.has(notification.type)) return `meetings/list/${id}`;
  if (CALENDAR_TYPES.has(notification.type)) return `calendar/${id}`;
  return '';
}

/** The i18n key of a type's text; V2 variants read like the first ones. */
export const notificationTextKey = (type: Notification['type']): string => `notifications.type_${type.replace(/_v2$/, '')}`;

/**
 * The variant of a type's text (an i18next context): a showcase decision reads by its status, a
 * deal suggestion with the first time free for both when there is one.
 */
export function notificationTextContext(notification: Pick<Notification, 'type'> & { data: Pick<Notification['data'], 'status' | 'starts_at'> }): string | undefined {
  if (notification.type === 'showcase_decision') return notification.data.status === 'accepted' || notification.data.status === 'rejected' ? notification.data.status : undefined;
  if (notification.type === 'deal_suggestion') return notification.data.starts_at ? 'time' : undefined;
  return undefined;
}
