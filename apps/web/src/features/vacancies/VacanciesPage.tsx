// vacancies (product.md section 2; issue 17): the open vacancies of the event's companies with
// search and filters kept in the address, the event's jobs from outside, and the reader's responses.
import { routes, VACANCIES_PER_PAGE } from '@lobby/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../api/client.ts';
import { Button } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { eventPath, useEventContext } from '../events/context.ts';
import { SectionGate } from '../members/SectionGate.tsx';
import { vacancyErrorText } from './errors.ts';
import { ExternalJobs } from './ExternalJobs.tsx';
import { isFiltered, toApiQuery, type VacancyFilters, type VacancyView } from './filters.ts';
import { FiltersBar } from './FiltersBar.tsx';
import { MyResponses } from './MyResponses.tsx';
import { useVacancyFilters } from './use-filters.ts';
import { VacancyCardView } from './VacancyCard.tsx';

function List({ eventId, slug, filters, update }: { eventId: number; slug: string; filters: VacancyFilters; update: (change: Partial<VacancyFilters>) => void }) {
  const { t } = useTranslation();
  const query = useQuery({ ...apiQuery(routes.listVacancies, { params: { eventId }, query: toApiQuery(filters, VACANCIES_PER_PAGE) }), placeholderData: keepPreviousData });
  const list = query.data;
  return (
    <div aria-live="polite" aria-busy={query.isFetching}>
      {query.isPending ? (
        <div className="grid gap-3 lg:grid-cols-2" data-testid="vacancies-loading">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} className="h-44" />
          ))}
        </div>
      ) : query.isError || !list ? (
        <EmptyState title={t('errors.server_error_title')} text={vacancyErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
      ) : list.data.length === 0 ? (
        <EmptyState
          title={isFiltered(filters) ? t('vacancies.no_results_title') : t('vacancies.empty_title')}
          text={filters.matches ? t('vacancies.no_matches_text') : isFiltered(filters) ? t('vacancies.no_results') : t('vacancies.empty_text')}
        />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-fg-muted">{t('vacancies.found', { count: list.meta.total })}</p>
          <ul className="grid gap-3 lg:grid-cols-2" data-testid="vacancies-list">
            {list.data.map((card) => (
              <VacancyCardView key={card.id} card={card} to={eventPath(slug, `vacancies/${card.id}`)} />
            ))}
          </ul>
          <Pager page={filters.page} pages={list.meta.last_page} onPage={(page) => update({ page })} />
        </div>
      )}
    </div>
  );
}

const VIEWS: VacancyView[] = ['list', 'external', 'mine'];

export function Component() {
  const { t } = useTranslation();
  const { event, member, slug } = useEventContext();
  const { filters, update, text, setText } = useVacancyFilters();
  const page = (
    <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-8" data-testid="vacancies-page">
      <h1 className="text-3xl font-bold tracking-tight">{t('vacancies.title')}</h1>
      <nav aria-label={t('vacancies.views')} className="-mx-4 overflow-x-auto px-4">
        <ul className="flex gap-1 border-b border-line">
          {VIEWS.map((view) => (
            <li key={view}>
              <button
                type="button"
                aria-current={filters.view === view ? 'page' : undefined}
                onClick={() => update({ view })}
                className={cn('-mb-px inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm font-semibold', filters.view === view ? 'border-brand text-brand-ink' : 'border-transparent text-fg-muted hover:text-fg')}
                data-testid={`vacancies-view-${view}`}
              >
                {t(`vacancies.view_${view}`)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {filters.view === 'list' ? (
        <div className="grid gap-5 lg:grid-cols-[20rem_1fr] lg:items-start">
          <FiltersBar eventId={event.id} filters={filters} update={update} text={text} setText={setText} />
          <List eventId={event.id} slug={slug} filters={filters} update={update} />
        </div>
      ) : filters.view === 'external' ? (
        <ExternalJobs eventId={event.id} search="" page={filters.page} onPage={(next) => update({ page: next })} />
      ) : (
        <MyResponses eventId={event.id} slug={slug} page={filters.page} onPage={(next) => update({ page: next })} />
      )}
    </div>
  );
  // Any member of the event, whatever the ticket; the gate only supplies the sign-in and join screens.
  return member ? page : <SectionGate section="members" event={event} member={null}>{page}</SectionGate>;
}
