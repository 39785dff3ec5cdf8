import { LECTURE_CATEGORY_MAX, type Program } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { browserTimezone } from '../../lib/format.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useMe } from '../auth/session.ts';
import { useDictionaries } from '../dictionaries/use-dictionaries.ts';
import { eventPath, useEventContext } from '../events/context.ts';
import { FavoriteStar } from '../favorites/FavoriteStar.tsx';
import { SectionGate } from '../members/SectionGate.tsx';
import { programQuery, setFavorite } from './api.ts';
import { DayTabs, FilterPanel, type FilterChoices } from './Filters.tsx';
import { ProgramView, useNow, type ProgramLabels, type ProgramViewProps } from './ProgramView.tsx';
import { applyFilters, defaultDay, filtersOf, groupByDay, lecturePath, searchOf, type ProgramFilters } from './schedule.ts';

export function ProgramSkeleton() {
  return (
    <div className="flex flex-col gap-3" data-testid="program-loading">
      <Skeleton className="h-11 w-64" />
      <Skeleton className="h-28" />
      <Skeleton className="h-28" />
    </div>
  );
}

/** Labels of sections and categories from the dictionaries; a category not in the dictionary is named by its number. */
export function useProgramLabels(eventId: number | undefined): { labels: ProgramLabels; choices: Omit<FilterChoices, 'languages' | 'favorites'> } {
  const { t } = useTranslation();
  const dictionaries = useDictionaries(eventId);
  const category = (n: number) => dictionaries.label('lecture.category', n) ?? t('program.category_n', { n });
  const categories = Array.from({ length: LECTURE_CATEGORY_MAX }, (_, i) => ({ value: i + 1, label: category(i + 1) }));
  const sections = dictionaries.options('program.section').flatMap((o) => (typeof o.value === 'number' ? [{ value: o.value, label: o.label }] : []));
  return { labels: { section: (id) => dictionaries.label('program.section', id), category }, choices: { sections, categories } };
}

/** A day's program after the filters, with the day tabs; what both the program and the shared program show. */
export function ProgramBody({
  program,
  filters,
  onFilters,
  timeZone,
  choices,
  view,
  emptyText,
}: {
  program: Program;
  filters: ProgramFilters;
  onFilters: (next: ProgramFilters) => void;
  timeZone: string;
  choices: FilterChoices;
  view: Pick<ProgramViewProps, 'labels' | 'linkTo' | 'star'>;
  emptyText: string;
}) {
  const { t } = useTranslation();
  const now = useNow();
  const days = groupByDay(program.lectures, timeZone);
  const dayKeys = days.map((d) => d.day);
  const day = filters.day && dayKeys.includes(filters.day) ? filters.day : defaultDay(dayKeys, now, timeZone);
  if (day === null) return <EmptyState title={t('program.empty_title')} text={emptyText} />;
  const lectures = applyFilters(days.find((d) => d.day === day)?.lectures ?? [], filters);
  return (
    <div className="flex flex-col gap-4">
      <DayTabs days={dayKeys} day={day} onDay={(next) => onFilters({ ...filters, day: next })} />
      <FilterPanel filters={filters} choices={choices} onChange={onFilters} />
      <p className="text-xs text-fg-muted" data-testid="program-timezone">
        {t('program.times_in', { timezone: timeZone })}
      </p>
      {lectures.length === 0 ? (
        <EmptyState title={t('program.nothing_title')} text={t('program.nothing_text')} />
      ) : (
        <ProgramView halls={program.halls} lectures={lectures} day={day} timeZone={timeZone} now={now} {...view} />
      )}
    </div>
  );
}

function ProgramContent({ eventId, slug }: { eventId: number; slug: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const timeZone = me?.timezone ?? browserTimezone();
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const query = useQuery(programQuery(eventId));
  const { labels, choices } = useProgramLabels(eventId);
  if (query.isPending) return <ProgramSkeleton />;
  if (query.isError) {
    return <EmptyState title={t('errors.server_error_title')} text={t('errors.server_error_text')} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />;
  }
  const program = query.data.data;
  return (
    <ProgramBody
      program={program}
      filters={filters}
      onFilters={(next) => setSearch(searchOf(next, search), { replace: true, preventScrollReset: true })}
      timeZone={timeZone}
      choices={{ ...choices, languages: program.languages, favorites: true }}
      emptyText={t('program.empty_text')}
      view={{
        labels,
        linkTo: (lecture) => eventPath(slug, lecturePath(lecture)),
        star: (lecture) => <FavoriteStar eventId={eventId} type="lectures" id={lecture.id} initial={lecture.is_favorite} name={lecture.title} onToggle={(starred) => setFavorite(eventId, lecture.id, starred)} />,
      }}
    />
  );
}

/** /program (product.md section 2): days, halls and sections, "now" and what is live, filters in the address. */
export function Component() {
  const { t } = useTranslation();
  const { event, member, slug } = useEventContext();
  return (
    <SectionGate section="program" event={event} member={member}>
      <div className="mx-auto max-w-7xl px-4 py-8" data-testid="program-page">
        <h1 className="mb-4 text-3xl font-bold tracking-tight">{t('program.title')}</h1>
        <ProgramContent eventId={event.id} slug={slug} />
      </div>
    </SectionGate>
  );
}
