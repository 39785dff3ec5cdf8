import type { ChatChannel, ChatMessage } from '@lobby/contract';

// Messages and channels for the chat's unit tests.

export function message(seq: number, over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 1000 + seq,
    uuid: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    seq,
    channel_id: 'c1',
    event_id: 1,
    is_visible: true,
    created_at: '2026-05-01T10:00:00.000Z',
    updated_at: '2026-05-01T10:00:00.000Z',
    text: `message ${seq}`,
    custom_type: null,
    custom_data: null,
    reply_message_id: null,
    reply_message: null,
    attachments: [],
    sender: { id: 2, name: 'Ann', icon_url: null, is_subscription_active: false },
    channel_access: 'private',
    channel_entity_id: null,
    channel_entity_type: null,
    read_by: [],
    ...over,
  };
}

export function channel(id: string, over: Partial<ChatChannel> = {}): ChatChannel {
  return {
    id,
    created_at: '2026-05-01T10:00:00.000Z',
    updated_at: '2026-05-01T10:00:00.000Z',
    name: `channel ${id}`,
    icon_url: null,
    related_id: 1,
    related_type: 'event',
    entity_id: null,
    entity_type: null,
    access: 'private',
    path: null,
    unread_messages: 0,
    last_message: null,
    last_seq: 0,
    read_seq: 0,
    users: [
      { id: 1, name: 'Me', icon_url: null, is_subscription_active: false },
      { id: 2, name: 'Ann', icon_url: null, is_subscription_active: false },
    ],
    can_send: true,
    cannot_send_reason: null,
    ban: null,
    can_moderate: false,
    ...over,
  };
}
