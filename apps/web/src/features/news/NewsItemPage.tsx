import { routes } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiQuery } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { browserTimezone, formatDate } from '../../lib/format.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { useMe } from '../auth/session.ts';
import { NotFoundPage } from '../errors/pages.tsx';
import { eventPath, useEventContext } from '../events/context.ts';
import { originalLink } from './links.ts';

function Item({ eventId, id }: { eventId: number; id: string }) {
  const { t } = useTranslation();
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const query = useQuery(apiQuery(routes.getNews, { params: { eventId, id } }));
  if (query.isPending) return <Skeleton className="h-64" />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
    return <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />;
  }
  const item = query.data.data;
  const link = item.source === 'feed' ? originalLink(item.link) : null;
  return (
    <article className="flex flex-col gap-4" data-testid="news-item">
      <div className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
        <time dateTime={item.published_at}>{formatDate(item.published_at, timeZone)}</time>
        {item.pinned ? <Badge tone="brand">{t('news.pinned')}</Badge> : null}
        {item.source === 'feed' && item.feed_name ? <Badge>{item.feed_name}</Badge> : null}
      </div>
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{item.title}</h1>
      {item.cover_url ? <img src={item.cover_url} alt="" className="max-h-96 w-full rounded-2xl object-cover" /> : null}
      <div className="break-words">
        <Markdown>{item.body}</Markdown>
      </div>
      {link ? (
        <a href={link} target="_blank" rel="noopener noreferrer" className="self-start font-semibold text-brand-ink underline" data-testid="news-original">
          {t('news.read_original')}
        </a>
      ) : null}
    </article>
  );
}

/** news/{id}: one news item, its Markdown sanitised; a feed item links to its original article. */
export function Component() {
  const { t } = useTranslation();
  const { event } = useEventContext();
  const id = useParams().id ?? '';
  if (!/^[1-9][0-9]{0,11}$/.test(id)) return <NotFoundPage />;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8">
      <Link to={eventPath(event.slug, 'news')} className="self-start text-sm font-semibold text-brand-ink underline">
        {t('news.back')}
      </Link>
      <Item eventId={event.id} id={id} />
    </div>
  );
}
