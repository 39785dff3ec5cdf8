import { TOAST_DURATION_MS, type ChatMessage } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import type { ShellContext } from '../../app/shell/registry.ts';
import { useMe } from '../auth/session.ts';
import { eventPath } from '../events/context.ts';
import { eventQuery, slugOf } from '../events/queries.ts';
import { blinkTitle, playMessageSound, primeSound } from './attention.ts';
import { chatConnection, holdChatConnection, startChatLive, unreadQuery } from './live.ts';

// The shell's chat button (top bar, sidebar, phone tab): the event's unread count, and with the
// top bar's one the live connection, the sound, the toasts and the blinking title. Its own small
// chunk without zod, loaded after the first paint.

function useUnreadCount(eventId: number | undefined): number {
  const me = useMe();
  const { data } = useQuery({ ...unreadQuery(eventId ?? 0), enabled: me !== undefined && eventId !== undefined, refetchInterval: 120_000 });
  return data?.data.unread_messages ?? 0;
}

function Count({ count, className }: { count: number; className: string }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <>
      <span aria-hidden="true" data-testid="chat-unread" className={className}>
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">{t('chat.unread_count', { count })}</span>
    </>
  );
}

const pillClass = 'min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-bold leading-5 text-white';

/** The count on the sidebar's and the tab bar's chats entry. */
export function ChatSectionBadge({ context }: { context: ShellContext }) {
  return <Count count={useUnreadCount(context.event.id)} className={`absolute -right-1 -top-1 ${pillClass}`} />;
}

function useFocused(): boolean {
  const read = () => document.visibilityState === 'visible' && document.hasFocus();
  const [focused, setFocused] = useState(read);
  useEffect(() => {
    const update = () => setFocused(read());
    document.addEventListener('visibilitychange', update);
    window.addEventListener('focus', update);
    window.addEventListener('blur', update);
    return () => {
      document.removeEventListener('visibilitychange', update);
      window.removeEventListener('focus', update);
      window.removeEventListener('blur', update);
    };
  }, []);
  return focused;
}

/** While anything is unread the title blinks (TITLE_BLINK_MS), unless the person is looking at the chat. */
function useTitleBlink(count: number): void {
  const { t } = useTranslation();
  const onChats = /\/chats(\/|$)/.test(useLocation().pathname);
  const focused = useFocused();
  const text = t('chat.title_unread', { count });
  useEffect(() => {
    if (count === 0 || (onChats && focused)) return undefined;
    return blinkTitle(document, text);
  }, [count, onChats, focused, text]);
}

function messageText(t: ReturnType<typeof useTranslation>['t'], message: ChatMessage): string {
  const text = message.text.trim() || message.custom_data?.text || message.custom_data?.title || '';
  if (text) return text.length > 140 ? `${text.slice(0, 139)}…` : text;
  return message.attachments.length > 0 ? t('chat.files_count', { count: message.attachments.length }) : '';
}

/** The live connection for the signed-in person inside an event, with sound and toasts. */
function useChatLive(eventId: number | undefined, slug: string): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const latest = useRef({ t, navigate, slug });
  useEffect(() => {
    latest.current = { t, navigate, slug };
  });
  const myId = me?.id;
  useEffect(() => {
    if (eventId === undefined || myId === undefined) return undefined;
    const onNewMessage = (message: ChatMessage, channelName: string | null) => {
      playMessageSound();
      if (chatConnection.activeChannel() === message.channel_id) return;
      const { t: translate, navigate: go, slug: eventSlug } = latest.current;
      const from = message.sender?.name ?? channelName ?? translate('chat.notice');
      const title = channelName && channelName !== from ? translate('chat.toast_title_in', { name: from, channel: channelName }) : translate('chat.toast_title', { name: from });
      toast(title, {
        id: `chat-${message.channel_id}`,
        description: messageText(translate, message),
        duration: TOAST_DURATION_MS,
        action: { label: translate('chat.open'), onClick: () => void go(eventPath(eventSlug, `chats/${message.channel_id}`)) },
      });
    };
    const stopLive = startChatLive(() => ({
      eventId,
      myId,
      onNewMessage,
      onActiveChannelGone: () => void latest.current.navigate(eventPath(latest.current.slug, 'chats')),
    }));
    const release = holdChatConnection();
    const unprime = primeSound();
    return () => {
      stopLive();
      release();
      unprime();
    };
  }, [eventId, myId]);
}

/** The top bar's chat button badge: the event's unread count, the live connection and the title. */
export function ChatTopBarBadge() {
  const slug = slugOf(useParams());
  const eventId = useQuery(eventQuery(slug)).data?.data.id;
  const count = useUnreadCount(eventId);
  useChatLive(eventId, slug);
  useTitleBlink(count);
  return (
    <span className="absolute right-2 top-2">
      <Count count={count} className={`block ${pillClass}`} />
    </span>
  );
}
