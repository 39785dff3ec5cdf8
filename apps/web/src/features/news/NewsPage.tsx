import { routes, type NewsCard } from '@lobby/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiQuery } from '../../api/client.ts';
import { browserTimezone, formatDate } from '../../lib/format.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { useMe } from '../auth/session.ts';
import { eventPath, useEventContext } from '../events/context.ts';

const PER_PAGE = 12;

function Card({ item, to, timeZone }: { item: NewsCard; to: string; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <li className="relative flex flex-col overflow-hidden rounded-2xl border border-line bg-surface focus-within:ring-2 focus-within:ring-brand sm:flex-row" data-testid="news-card">
      {item.cover_url ? (
        <div className="aspect-video w-full shrink-0 bg-surface-muted sm:aspect-auto sm:w-56">
          <img src={item.cover_url} alt="" loading="lazy" className="size-full object-cover" />
        </div>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
          <time dateTime={item.published_at}>{formatDate(item.published_at, timeZone)}</time>
          {item.pinned ? <Badge tone="brand">{t('news.pinned')}</Badge> : null}
          {item.source === 'feed' && item.feed_name ? <Badge>{item.feed_name}</Badge> : null}
        </div>
        <h2 className="text-lg font-semibold leading-snug">
          <Link to={to} className="after:absolute after:inset-0 focus:outline-none">
            {item.title}
          </Link>
        </h2>
        {item.summary ? <p className="line-clamp-3 text-sm text-fg-muted">{item.summary}</p> : null}
      </div>
    </li>
  );
}

/** news: the organisers' news and the items of the event's news sources, pinned first. */
export function Component() {
  const { t } = useTranslation();
  const { event } = useEventContext();
  const [params, setParams] = useSearchParams();
  const page = Math.min(Math.max(Number.parseInt(params.get('page') ?? '1', 10) || 1, 1), 100_000);
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const query = useQuery({ ...apiQuery(routes.listNews, { params: { eventId: event.id }, query: { page, per_page: PER_PAGE } }), placeholderData: keepPreviousData });
  const list = query.data;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8" data-testid="news-page">
      <h1 className="mb-6 text-3xl font-bold tracking-tight">{t('news.title')}</h1>
      <div aria-live="polite" aria-busy={query.isFetching}>
        {query.isPending ? (
          <div className="flex flex-col gap-4">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} className="h-32" />
            ))}
          </div>
        ) : query.isError || !list ? (
          <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
        ) : list.data.length === 0 ? (
          <EmptyState title={t('news.empty_title')} text={t('news.empty_text')} />
        ) : (
          <div className="flex flex-col gap-4">
            <ul className="flex flex-col gap-4" data-testid="news-list">
              {list.data.map((item) => (
                <Card key={item.id} item={item} to={eventPath(event.slug, `news/${item.id}`)} timeZone={timeZone} />
              ))}
            </ul>
            <Pager page={page} pages={list.meta.last_page} onPage={(next) => setParams(next === 1 ? {} : { page: String(next) })} />
          </div>
        )}
      </div>
    </div>
  );
}
