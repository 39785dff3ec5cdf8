import type { ChatChannel, ChatMessage } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { queryClient } from '../../api/query-client.ts';
import { browserTimezone, formatDate, formatTime } from '../../lib/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useMe } from '../auth/session.ts';
import { ChannelCallButton } from '../calls/CallButtons.tsx';
import { eventPath } from '../events/context.ts';
import { channelQuery, discardMessage, loadOlder, markRead, retryMessage, sendMessage, threadQuery } from './api.ts';
import { Composer, type ComposerHandle } from './Composer.tsx';
import { channelTitle, kindKey } from './channels.ts';
import { needsEnter } from './connection.ts';
import { catchUp, chatConnection, holdChatConnection, isPageVisible } from './live.ts';
import { DeleteDialog, ReportDialog } from './MessageDialogs.tsx';
import { MessageList } from './MessageList.tsx';
import { threadKey } from './thread.ts';

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(isPageVisible);
  useEffect(() => {
    const update = () => setVisible(isPageVisible());
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/** Why the composer is off: a ban until a date with its reason, a read-only channel, or no chat on the ticket. */
function SendNotice({ channel, timeZone }: { channel: ChatChannel; timeZone: string }) {
  const { t } = useTranslation();
  if (channel.can_send) return null;
  let text: string;
  let testId: string;
  if (channel.ban) {
    text = t('api.chat_banned', { date: formatDate(channel.ban.until, timeZone), time: formatTime(channel.ban.until, timeZone), reason: channel.ban.reason });
    testId = 'chat-ban-notice';
  } else if (channel.cannot_send_reason === 'read_only') {
    text = t('chat.read_only');
    testId = 'chat-read-only';
  } else {
    text = t('api.chat_not_allowed');
    testId = 'chat-not-allowed';
  }
  return (
    <div role="status" data-testid={testId} className="border-t border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
      {text}
    </div>
  );
}

type Dialog = { kind: 'delete' | 'moderate' | 'report'; message: ChatMessage } | null;

function ChannelView({ channel, eventId, slug, myId, timeZone }: { channel: ChatChannel; eventId: number; slug: string; myId: number; timeZone: string }) {
  const { t } = useTranslation();
  const [reply, setReply] = useState<ChatMessage | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const composer = useRef<ComposerHandle>(null);
  const enter = needsEnter(channel);

  // The open channel: entered when it needs it, caught up if it was held from before.
  useEffect(() => holdChatConnection(), []);
  useEffect(() => {
    chatConnection.setActive({ id: channel.id, enter });
    return () => chatConnection.setActive(null);
  }, [channel.id, enter]);
  const heldBefore = useRef(queryClient.getQueryData(threadKey(channel.id)) !== undefined);
  useEffect(() => {
    if (heldBefore.current) void catchUp(channel.id);
  }, [channel.id]);

  const thread = useQuery(threadQuery(channel.id));

  // Read when opened, and again when someone else's message comes while the page is in view.
  const visible = usePageVisible();
  const loaded = thread.data !== undefined;
  const lastFromOthers = thread.data?.messages.reduce((seq, m) => (m.sender?.id !== myId ? Math.max(seq, m.seq) : seq), 0) ?? 0;
  const marked = useRef(-1);
  const latest = useRef(channel);
  useEffect(() => {
    latest.current = channel;
  });
  useEffect(() => {
    if (!visible || !loaded || lastFromOthers <= marked.current) return;
    marked.current = lastFromOthers;
    markRead(latest.current).catch((error: unknown) => console.warn('Lobby: chat mark read failed', error));
  }, [visible, loaded, lastFromOthers]);

  const startReply = (message: ChatMessage) => {
    setReply(message);
    composer.current?.focus();
  };
  const title = channelTitle(channel, (event) => t('chat.academy_news_name', { event }));

  return (
    <>
      <header className="flex items-center gap-3 border-b border-line bg-surface px-3 py-2">
        <Link to={eventPath(slug, 'chats')} aria-label={t('chat.back')} className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-fg-muted hover:bg-surface-muted md:hidden">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-6">
            <path d="m15 5-7 7 7 7" />
          </svg>
        </Link>
        <Avatar name={title} src={channel.icon_url} size={40} className="rounded-full" />
        <div className="min-w-0">
          <h2 className="truncate text-lg font-bold" data-testid="chat-channel-name">
            {title}
          </h2>
          <p className="truncate text-xs text-fg-muted">{t(kindKey(channel))}</p>
        </div>
        <ChannelCallButton channel={channel} myId={myId} />
      </header>
      {thread.isPending ? (
        <div className="flex flex-1 flex-col gap-3 p-4" data-testid="chat-messages-loading">
          <Skeleton className="h-14 w-2/3" />
          <Skeleton className="h-14 w-1/2 self-end" />
          <Skeleton className="h-14 w-3/5" />
        </div>
      ) : thread.isError ? (
        <div className="flex flex-1 items-center justify-center p-4">
          <EmptyState title={t('chat.messages_failed')} text={t('errors.server_error_text')} action={<Button onClick={() => void thread.refetch()}>{t('errors.retry')}</Button>} />
        </div>
      ) : (
        <MessageList
          thread={thread.data}
          channel={channel}
          myId={myId}
          timeZone={timeZone}
          actions={{
            onReply: startReply,
            onDelete: (message) => setDialog({ kind: 'delete', message }),
            onReport: (message) => setDialog({ kind: 'report', message }),
            onModerate: (message) => setDialog({ kind: 'moderate', message }),
          }}
          onRetry={(uuid) => void retryMessage(channel, uuid)}
          onDiscard={(uuid) => discardMessage(channel.id, uuid)}
          onLoadOlder={() => loadOlder(channel.id)}
        />
      )}
      <SendNotice channel={channel} timeZone={timeZone} />
      <Composer
        ref={composer}
        disabled={!channel.can_send}
        reply={reply}
        onCancelReply={() => setReply(null)}
        timeZone={timeZone}
        onSend={({ text, files }) => {
          void sendMessage(channel, { text, files, reply });
          setReply(null);
        }}
      />
      {dialog?.kind === 'report' ? <ReportDialog message={dialog.message} onClose={() => setDialog(null)} /> : null}
      {dialog && dialog.kind !== 'report' ? <DeleteDialog message={dialog.message} eventId={eventId} moderate={dialog.kind === 'moderate'} timeZone={timeZone} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

/** The channel chats/{id} opens: its header, messages and composer; "channel does not exist" when it is not the person's. */
export function ChannelPane({ channelId, eventId, slug }: { channelId: string; eventId: number; slug: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const timeZone = me?.timezone ?? browserTimezone();
  const query = useQuery(channelQuery(channelId));
  if (query.isPending || !me) {
    return (
      <div className="flex flex-col gap-3 p-4" data-testid="chat-channel-loading">
        <Skeleton className="h-12" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <div className="flex flex-1 items-center justify-center p-4">
        <EmptyState
          title={missing ? t('api.chat_channel_not_found') : t('errors.server_error_title')}
          text={missing ? t('chat.channel_missing_text') : t('errors.server_error_text')}
          action={missing ? <ButtonLink to={eventPath(slug, 'chats')}>{t('chat.back')}</ButtonLink> : <Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>}
        />
      </div>
    );
  }
  return <ChannelView channel={query.data.data} eventId={eventId} slug={slug} myId={me.id} timeZone={timeZone} />;
}
