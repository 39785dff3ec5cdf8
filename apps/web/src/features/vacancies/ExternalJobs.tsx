import { routes, VACANCIES_PER_PAGE } from '@lobby/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../api/client.ts';
import { browserTimezone, formatDate } from '../../lib/format.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useMe } from '../auth/session.ts';
import { vacancyErrorText } from './errors.ts';

/** Jobs of the event's jobs feed: each opens its page outside Lobby, in a new tab. */
export function ExternalJobs({ eventId, search, page, onPage }: { eventId: number; search: string; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const query = useQuery({ ...apiQuery(routes.listExternalJobs, { params: { eventId }, query: { page, per_page: VACANCIES_PER_PAGE, ...(search ? { 'filter[query]': search } : {}) } }), placeholderData: keepPreviousData });
  if (query.isPending) return <Skeleton className="h-40" />;
  if (query.isError || !query.data) return <EmptyState title={t('errors.server_error_title')} text={vacancyErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />;
  const list = query.data;
  if (list.data.length === 0) return <EmptyState title={t('vacancies.external_empty_title')} text={search ? t('vacancies.no_results') : t('vacancies.external_empty_text')} />;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-fg-muted">{t('vacancies.external_intro')}</p>
      <ul className="grid gap-3 lg:grid-cols-2" data-testid="external-jobs">
        {list.data.map((job) => (
          <li key={job.id} className="relative flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4 focus-within:ring-2 focus-within:ring-brand" data-testid="external-job">
            <h2 className="text-lg font-semibold leading-snug break-words">
              <a href={job.url} target="_blank" rel="noopener noreferrer nofollow" className="after:absolute after:inset-0 focus:outline-none">
                {job.title}
                <span className="sr-only"> {t('vacancies.opens_outside')}</span>
                <span aria-hidden="true"> ↗</span>
              </a>
            </h2>
            {job.company_name || job.location ? <p className="text-sm text-fg-muted">{[job.company_name, job.location].filter(Boolean).join(' · ')}</p> : null}
            {job.summary ? <p className="line-clamp-3 text-sm">{job.summary}</p> : null}
            {job.published_at ? <p className="text-xs text-fg-muted">{t('vacancies.posted_on', { date: formatDate(job.published_at, timeZone) })}</p> : null}
          </li>
        ))}
      </ul>
      <Pager page={page} pages={list.meta.last_page} onPage={onPage} />
    </div>
  );
}
