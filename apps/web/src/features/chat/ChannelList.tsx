import type { ChatChannel } from '@lobby/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { formatDate, formatTime } from '../../lib/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { eventPath } from '../events/context.ts';
import { channelsQuery } from './api.ts';
import { channelTitle, flatChannels, kindKey, summarise } from './channels.ts';

function When({ iso, timeZone }: { iso: string; timeZone: string }) {
  const today = formatDate(new Date().toISOString(), timeZone);
  const day = formatDate(iso, timeZone);
  return (
    <time dateTime={iso} className="shrink-0 text-xs text-fg-muted">
      {day === today ? formatTime(iso, timeZone) : day.slice(0, 5)}
    </time>
  );
}

function Row({ channel, slug, myId, timeZone }: { channel: ChatChannel; slug: string; myId: number; timeZone: string }) {
  const { t } = useTranslation();
  const last = channel.last_message;
  const summary = summarise(last);
  const preview = summary.kind === 'text' ? summary.text : summary.kind === 'files' ? t('chat.files_count', { count: summary.count }) : summary.kind === 'deleted' ? t('chat.deleted') : t('chat.no_messages_yet');
  const mine = last?.sender?.id === myId && summary.kind !== 'none';
  const unread = channel.unread_messages;
  const title = channelTitle(channel, (event) => t('chat.academy_news_name', { event }));
  return (
    <NavLink
      to={eventPath(slug, `chats/${channel.id}`)}
      data-testid="chat-channel"
      className={({ isActive }) => cn('flex min-h-16 items-center gap-3 rounded-xl px-3 py-2', isActive ? 'bg-brand/10' : 'hover:bg-surface-muted')}
    >
      <Avatar name={title} src={channel.icon_url} size={44} className="rounded-full" />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span className={cn('min-w-0 flex-1 truncate', unread > 0 ? 'font-bold' : 'font-semibold')}>{title}</span>
          {last ? <When iso={last.created_at} timeZone={timeZone} /> : null}
        </span>
        <span className="flex items-center gap-2">
          <span className={cn('min-w-0 flex-1 truncate text-sm', unread > 0 ? 'text-fg' : 'text-fg-muted', summary.kind === 'deleted' && 'italic')}>
            {channel.access !== 'private' || channel.entity_type ? <span className="sr-only">{t(kindKey(channel))}: </span> : null}
            {mine ? t('chat.you_prefix', { text: preview }) : preview}
          </span>
          {unread > 0 ? (
            <>
              <span aria-hidden="true" data-testid="chat-channel-unread" className="min-w-5 shrink-0 rounded-full bg-brand-solid px-1.5 text-center text-[11px] font-bold leading-5 text-brand-solid-contrast">
                {unread > 99 ? '99+' : unread}
              </span>
              <span className="sr-only">{t('chat.unread_count', { count: unread })}</span>
            </>
          ) : null}
        </span>
      </span>
    </NavLink>
  );
}

/** The event's channels, most recent activity first, paged by CHAT_CHANNELS_PAGE_SIZE. */
export function ChannelList({ eventId, slug, myId, timeZone }: { eventId: number; slug: string; myId: number; timeZone: string }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(channelsQuery(eventId));
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-2 p-3" data-testid="chat-channels-loading">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-14" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="p-3">
        <EmptyState title={t('chat.channels_failed')} text={t('errors.server_error_text')} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
      </div>
    );
  }
  const channels = flatChannels(query.data);
  if (channels.length === 0) {
    return (
      <div className="p-3">
        <EmptyState title={t('chat.empty_title')} text={t('chat.empty_text')} action={<ButtonLink to={eventPath(slug, 'members')}>{t('chat.find_people')}</ButtonLink>} />
      </div>
    );
  }
  return (
    <nav aria-label={t('chat.channels_label')} className="min-h-0 flex-1 overflow-y-auto p-2" data-testid="chat-channels">
      <ul className="flex flex-col gap-0.5">
        {channels.map((channel) => (
          <li key={channel.id}>
            <Row channel={channel} slug={slug} myId={myId} timeZone={timeZone} />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="flex justify-center p-2">
          <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} data-testid="chat-channels-more">
            {t('chat.more_channels')}
          </Button>
        </div>
      ) : null}
      {query.isFetchNextPageError ? <p className="p-2 text-center text-sm text-red-700 dark:text-red-400">{t('chat.channels_failed')}</p> : null}
    </nav>
  );
}
