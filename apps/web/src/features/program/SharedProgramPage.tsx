import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { browserTimezone } from '../../lib/format.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useMe } from '../auth/session.ts';
import { ErrorScreen } from '../errors/ErrorScreen.tsx';
import { useEventContext } from '../events/context.ts';
import { sharedProgramQuery } from './api.ts';
import { ProgramBody, ProgramSkeleton, useProgramLabels } from './ProgramPage.tsx';
import { filtersOf, searchOf } from './schedule.ts';

/**
 * program-shared (product.md section 2, guest): the program an organiser shared, read-only, with
 * its calendar file; no sign-in, no stars, no lecture pages.
 */
export function Component() {
  const { t } = useTranslation();
  const { event } = useEventContext();
  const me = useMe();
  const timeZone = me?.timezone ?? browserTimezone();
  const [search, setSearch] = useSearchParams();
  const filters = { ...filtersOf(search), favorites: false };
  const query = useQuery(sharedProgramQuery(event.id));
  const { labels, choices } = useProgramLabels(event.id);
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) {
    return <ErrorScreen testId="program-not-shared" illustration={404} title={t('program.not_shared_title')} text={t('api.program_not_shared')} actions={null} />;
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-8" data-testid="shared-program-page">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm font-semibold text-fg-muted">{event.title}</p>
          <h1 className="text-3xl font-bold tracking-tight">{t('program.title')}</h1>
        </div>
        {query.isSuccess ? (
          <a href={`/api/v1/${event.id}/program.ics`} download className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-line bg-surface px-4 text-sm font-semibold hover:bg-surface-muted" data-testid="program-ics">
            <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
              <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
            </svg>
            {t('program.download_ics')}
          </a>
        ) : null}
      </div>
      {query.isPending ? (
        <ProgramSkeleton />
      ) : query.isError ? (
        <EmptyState title={t('errors.server_error_title')} text={t('errors.server_error_text')} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
      ) : (
        <ProgramBody
          program={query.data.data}
          filters={filters}
          onFilters={(next) => setSearch(searchOf(next, search), { replace: true, preventScrollReset: true })}
          timeZone={timeZone}
          choices={{ ...choices, languages: query.data.data.languages, favorites: false }}
          emptyText={t('program.empty_text')}
          view={{ labels }}
        />
      )}
    </div>
  );
}
