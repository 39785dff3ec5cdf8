import type { MeetingChangedPayload, Notification } from '@lobby/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { subscribeToUser } from '../events/realtime.ts';
import { notificationText } from './text.ts';

/** Route ids of the queries the user channel refreshes (kept as strings: the shell loads no schemas). */
const MEETING_KEYS = new Set(['meetings.list', 'meetings.get', 'meetings.slots', 'meetings.find_time']);
const NOTIFICATION_KEYS = new Set(['notifications.list', 'notifications.unread']);

/**
 * Listens on the private user channel while someone is signed in: a notification refreshes the
 * bell and the list and shows a toast; a changed meeting refreshes meetings, slots and calendar,
 * so a request appears for the invitee without a reload.
 */
export function useUserChannel(userId: number | undefined, timeZone: string): void {
  const client = useQueryClient();
  const { t } = useTranslation();
  const latest = useRef({ t, timeZone });
  useEffect(() => {
    latest.current = { t, timeZone };
  });
  useEffect(() => {
    if (userId === undefined) return undefined;
    const refresh = (keys: Set<string>) => client.invalidateQueries({ predicate: (query) => keys.has(String(query.queryKey[0])) });
    return subscribeToUser<Notification>({
      onNotification: (notification) => {
        void refresh(NOTIFICATION_KEYS);
        if (notification.meeting_id !== null) void refresh(MEETING_KEYS);
        toast.message(notificationText(latest.current.t, notification, latest.current.timeZone));
      },
      onMeetingChanged: (_payload: MeetingChangedPayload) => void refresh(MEETING_KEYS),
      onReconnect: () => {
        void refresh(NOTIFICATION_KEYS);
        void refresh(MEETING_KEYS);
      },
    });
  }, [client, userId]);
}
