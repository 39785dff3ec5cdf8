import { routes, type Notification } from '@lobby/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiQuery, callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { useMe } from '../auth/session.ts';
import { eventPath, useEventContext } from '../events/context.ts';
import { ParticipantGate } from '../favorites/ParticipantGate.tsx';
import { notificationTarget, relativeAge } from './present.ts';
import { notificationText } from './text.ts';

const isNotifications = (key: readonly unknown[]) => String(key[0]).startsWith('notifications.');
const refreshNotifications = () => queryClient.invalidateQueries({ predicate: (query) => isNotifications(query.queryKey) });

type Page = { data: Notification[]; meta: { unread: number } };

/** Read marks show at once (DESIGN.md section 11); the server's answer then settles the counts. */
async function markReadOptimistically(ids: number[] | undefined): Promise<void> {
  await queryClient.cancelQueries({ predicate: (query) => isNotifications(query.queryKey) });
  const now = new Date().toISOString();
  for (const [key, page] of queryClient.getQueriesData<Page>({ queryKey: [routes.listNotifications.id] })) {
    if (!page) continue;
    const data = page.data.map((item) => (item.read_at === null && (!ids || ids.includes(item.id)) ? { ...item, read_at: now } : item));
    queryClient.setQueryData<Page>(key, { ...page, data, meta: { ...page.meta, unread: ids ? Math.max(0, page.meta.unread - ids.length) : 0 } });
  }
  queryClient.setQueriesData<{ data: { count: number } }>({ queryKey: [routes.countUnreadNotifications.id] }, (old) => (old ? { data: { count: ids ? Math.max(0, old.data.count - ids.length) : 0 } } : old));
}

function When({ iso, timeZone }: { iso: string; timeZone: string }) {
  const { i18n } = useTranslation();
  const age = relativeAge(iso, Date.now());
  const text = age ? new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' }).format(-age.value, age.unit) : `${formatDate(iso, timeZone)} ${formatTime(iso, timeZone)}`;
  return (
    <time dateTime={iso} className="text-xs text-fg-muted">
      {text}
    </time>
  );
}

function Item({ notification, slug, timeZone, onOpen }: { notification: Notification; slug: string; timeZone: string; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const unread = notification.read_at === null;
  const name = notification.sender ? `${notification.sender.first_name} ${notification.sender.last_name}`.trim() : t('notifications.someone');
  const target = notificationTarget(notification);
  return (
    <li className={cn('flex items-start gap-3 rounded-2xl border p-4', unread ? 'border-brand bg-brand/5' : 'border-line bg-surface')} data-testid="notification">
      <Avatar name={name} src={notification.sender?.avatar_url} size={40} />
      <div className="min-w-0 flex-1">
        <Link to={eventPath(notification.data.event_slug ?? slug, target)} onClick={() => unread && onOpen(notification.id)} className="font-medium hover:underline">
          {notificationText(t, notification, timeZone)}
        </Link>
        {notification.data.reason ? <p className="mt-1 text-sm text-fg-muted">{t('notifications.reason', { reason: notification.data.reason })}</p> : null}
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <When iso={notification.created_at} timeZone={timeZone} />
          {notification.data.event_name ? <span className="text-xs text-fg-muted">· {notification.data.event_name}</span> : null}
        </div>
      </div>
      {unread ? (
        <button type="button" onClick={() => onOpen(notification.id)} className="min-h-11 shrink-0 rounded-xl px-2 text-xs font-semibold text-brand-ink hover:bg-surface-muted" aria-label={t('notifications.mark_one_read_label', { text: notificationText(t, notification, timeZone) })}>
          {t('notifications.mark_one_read')}
        </button>
      ) : null}
    </li>
  );
}

function List({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const timeZone = useMe()?.timezone ?? 'UTC';
  const [page, setPage] = useState(1);
  const query = useQuery({ ...apiQuery(routes.listNotifications, { query: { page, per_page: 20 } }), placeholderData: keepPreviousData });
  const markRead = useMutation({ mutationFn: (ids?: number[]) => callApi(routes.markNotificationsRead, { body: ids ? { ids } : {} }), onMutate: markReadOptimistically, onSettled: refreshNotifications });
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3" data-testid="notifications-loading">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-20" />
        ))}
      </div>
    );
  }
  if (query.isError) return <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />;
  const { data, meta } = query.data;
  if (data.length === 0) return <EmptyState title={t('notifications.empty_title')} text={t('notifications.empty_text')} />;
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-fg-muted" aria-live="polite">
          {t('notifications.unread_count', { count: meta.unread })}
        </p>
        <Button variant="secondary" disabled={meta.unread === 0 || markRead.isPending} onClick={() => markRead.mutate(undefined)}>
          {t('notifications.mark_all_read')}
        </Button>
      </div>
      <ul className="flex flex-col gap-3" data-testid="notifications-list">
        {data.map((notification) => (
          <Item key={notification.id} notification={notification} slug={slug} timeZone={timeZone} onOpen={(id) => markRead.mutate([id])} />
        ))}
      </ul>
      <div className="mt-4">
        <Pager page={page} pages={meta.last_page} onPage={setPage} />
      </div>
    </>
  );
}

/** /notifications: meeting requests, answers, changes and reminders, newest first (product.md section 2). */
export function Component() {
  const { t } = useTranslation();
  const { event, member, slug } = useEventContext();
  return (
    <ParticipantGate event={event} member={member}>
      <div className="mx-auto max-w-3xl px-4 py-8" data-testid="notifications-page">
        <h1 className="mb-4 text-3xl font-bold tracking-tight">{t('notifications.title')}</h1>
        <List slug={slug} />
      </div>
    </ParticipantGate>
  );
}
