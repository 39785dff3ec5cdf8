import type { Notification } from '@lobby/contract';
import type { FileUrls } from '../../files/urls.ts';
import type { NotificationRow } from './repo.ts';

export interface SenderRow {
  id: number;
  firstName: string;
  lastName: string;
  avatarKey: string | null;
  avatarThumbKey: string | null;
}

export function presentNotification(row: NotificationRow, sender: SenderRow | null, files: FileUrls): Notification {
  return {
    id: row.id,
    type: row.type,
    event_id: row.eventId,
    meeting_id: row.meetingId,
    sender: sender ? { user_id: sender.id, first_name: sender.firstName, last_name: sender.lastName, avatar_url: files.url(sender.avatarThumbKey ?? sender.avatarKey) } : null,
    data: row.data,
    read_at: row.readAt ? row.readAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}
