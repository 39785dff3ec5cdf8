import { routes, VACANCIES_PER_PAGE, type VacancyResponseStatus } from '@lobby/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiQuery } from '../../api/client.ts';
import { browserTimezone, formatDate } from '../../lib/format.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useMe } from '../auth/session.ts';
import { CompanyLogo } from '../companies/CompanyLogo.tsx';
import { eventPath } from '../events/context.ts';
import { vacancyErrorText } from './errors.ts';

const TONES: Record<VacancyResponseStatus, 'neutral' | 'brand' | 'success' | 'warning'> = { new: 'neutral', seen: 'brand', invited: 'success', declined: 'warning' };

export function StatusBadge({ status }: { status: VacancyResponseStatus }) {
  const { t } = useTranslation();
  return (
    <Badge tone={TONES[status]} className="whitespace-nowrap">
      <span data-testid="response-status" data-status={status}>
        {t(`vacancies.status_${status}`)}
      </span>
    </Badge>
  );
}

/** The reader's own responses in this event and where each stands. */
export function MyResponses({ eventId, slug, page, onPage }: { eventId: number; slug: string; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const query = useQuery({ ...apiQuery(routes.listMyVacancyResponses, { params: { eventId }, query: { page, per_page: VACANCIES_PER_PAGE } }), placeholderData: keepPreviousData });
  if (query.isPending) return <Skeleton className="h-40" />;
  if (query.isError || !query.data) return <EmptyState title={t('errors.server_error_title')} text={vacancyErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />;
  const list = query.data;
  if (list.data.length === 0) return <EmptyState title={t('vacancies.mine_empty_title')} text={t('vacancies.mine_empty_text')} />;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3" data-testid="my-responses">
        {list.data.map((response) => (
          <li key={response.id} className="relative flex items-center gap-3 rounded-2xl border border-line bg-surface p-4 focus-within:ring-2 focus-within:ring-brand">
            <CompanyLogo name={response.vacancy.company.name} src={response.vacancy.company.logo_url} size={40} />
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words">
                <Link to={eventPath(slug, `vacancies/${response.vacancy.id}`)} className="after:absolute after:inset-0 focus:outline-none">
                  {response.vacancy.title}
                </Link>
              </p>
              <p className="text-sm text-fg-muted">
                {response.vacancy.company.name} · {t('vacancies.responded_on', { date: formatDate(response.created_at, timeZone) })}
              </p>
            </div>
            <StatusBadge status={response.status} />
          </li>
        ))}
      </ul>
      <Pager page={page} pages={list.meta.last_page} onPage={onPage} />
    </div>
  );
}
