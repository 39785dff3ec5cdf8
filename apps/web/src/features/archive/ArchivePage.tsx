import { routes, VIDEO_SOURCE_LABELS, type ArchiveVideo } from '@lobby/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiQuery } from '../../api/client.ts';
import { browserTimezone, formatDate } from '../../lib/format.ts';
import { Button } from '../../ui/Button.tsx';
import { SelectField } from '../../ui/Controls.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { useMe } from '../auth/session.ts';
import { useDictionaries } from '../dictionaries/use-dictionaries.ts';
import { eventPath, useEventContext } from '../events/context.ts';
import { accessOf, SectionGate } from '../members/SectionGate.tsx';
import { FILTER_KEYS, readFilters, toApiQuery, withFilter, type ArchiveFilters } from './filters.ts';
import { PlayBadge, speakerNames, VideoFacts } from './parts.tsx';

const withCurrent = <T,>(list: readonly T[], current: T | undefined): T[] => (current === undefined || list.includes(current) ? [...list] : [...list, current]);

function Filters({ eventId, filters, onChange }: { eventId: number; filters: ArchiveFilters; onChange: (key: (typeof FILTER_KEYS)[number], value: string) => void }) {
  const { t } = useTranslation();
  const dictionaries = useDictionaries(eventId);
  const query = useQuery({ ...apiQuery(routes.archiveFilters, { params: { eventId } }), staleTime: 60_000 });
  const options = query.data?.data;
  // The address's choice stays selected while the lists load (and if it has no videos any more).
  const categories = withCurrent(options?.categories ?? [], filters.category);
  const tags = withCurrent(options?.tags ?? [], filters.tag);
  const sources = withCurrent(options?.sources ?? [], filters.source);
  const speakers = [...(options?.speakers ?? [])];
  if (filters.speaker !== undefined && !speakers.some((s) => s.user_id === filters.speaker)) speakers.push({ user_id: filters.speaker, first_name: `#${filters.speaker}`, last_name: '', avatar_url: null });
  const events = [...(options?.events ?? [])];
  if (filters.event !== undefined && !events.some((e) => e.id === filters.event)) events.push({ id: filters.event, name: `#${filters.event}` });
  const value = (key: (typeof FILTER_KEYS)[number]) => (filters[key] === undefined ? '' : String(filters[key]));
  return (
    <form role="search" aria-label={t('archive.filters')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" onSubmit={(event) => event.preventDefault()} data-testid="archive-filters">
      <SelectField label={t('archive.f_category')} value={value('category')} onChange={(e) => onChange('category', e.target.value)} data-testid="filter-category">
        <option value="">{t('archive.any')}</option>
        {categories.map((category) => (
          <option key={category} value={category}>
            {dictionaries.label('lecture.category', category) ?? t('archive.category_n', { n: category })}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('archive.f_tag')} value={value('tag')} onChange={(e) => onChange('tag', e.target.value)} data-testid="filter-tag">
        <option value="">{t('archive.any')}</option>
        {tags.map((tag) => (
          <option key={tag} value={tag}>
            #{tag}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('archive.f_speaker')} value={value('speaker')} onChange={(e) => onChange('speaker', e.target.value)} data-testid="filter-speaker">
        <option value="">{t('archive.any')}</option>
        {speakers.map((speaker) => (
          <option key={speaker.user_id} value={speaker.user_id}>
            {`${speaker.first_name} ${speaker.last_name}`.trim()}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('archive.f_source')} value={value('source')} onChange={(e) => onChange('source', e.target.value)} data-testid="filter-source">
        <option value="">{t('archive.any')}</option>
        {sources.map((source) => (
          <option key={source} value={source}>
            {VIDEO_SOURCE_LABELS[source]}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('archive.f_event')} value={value('event')} onChange={(e) => onChange('event', e.target.value)} data-testid="filter-event">
        <option value="">{t('archive.any')}</option>
        {events.map((event) => (
          <option key={event.id} value={event.id}>
            {event.name}
          </option>
        ))}
      </SelectField>
    </form>
  );
}

function VideoCard({ video, to, categoryLabel, timeZone }: { video: ArchiveVideo; to: string; categoryLabel: string | undefined; timeZone: string }) {
  const { t } = useTranslation();
  const speakers = speakerNames(video);
  return (
    <li className="relative flex flex-col overflow-hidden rounded-2xl border border-line bg-surface focus-within:ring-2 focus-within:ring-brand" data-testid="archive-video">
      <div className="aspect-video w-full bg-surface-muted">{video.preview ? <img src={video.preview} alt="" loading="lazy" className="size-full object-cover" /> : null}</div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-base font-semibold leading-snug">
          <Link to={to} className="after:absolute after:inset-0 focus:outline-none">
            {video.title}
          </Link>
        </h2>
        <p className="text-sm text-fg-muted">
          {formatDate(video.date, timeZone)} · {video.event.name}
        </p>
        {speakers ? <p className="text-sm">{t('archive.speakers_list', { names: speakers })}</p> : null}
        <VideoFacts video={video} categoryLabel={categoryLabel} />
        <div>
          <PlayBadge play={video.play} />
        </div>
      </div>
    </li>
  );
}

function ArchiveList({ eventId, slug }: { eventId: number; slug: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const dictionaries = useDictionaries(eventId);
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const query = useQuery({ ...apiQuery(routes.listArchive, { params: { eventId }, query: toApiQuery(filters) }), placeholderData: keepPreviousData });
  const filtered = FILTER_KEYS.some((key) => filters[key] !== undefined);
  const list = query.data;
  return (
    <div className="flex flex-col gap-4">
      <Filters eventId={eventId} filters={filters} onChange={(key, value) => setParams(withFilter(params, key, value), { replace: true })} />
      <div aria-live="polite" aria-busy={query.isFetching}>
        {query.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} className="h-64" />
            ))}
          </div>
        ) : query.isError || !list ? (
          <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
        ) : list.data.length === 0 ? (
          <EmptyState
            title={t('archive.empty_title')}
            text={filtered ? t('archive.no_matches') : t('archive.empty_text')}
            action={filtered ? <Button variant="secondary" onClick={() => setParams(new URLSearchParams(), { replace: true })}>{t('archive.clear_filters')}</Button> : undefined}
          />
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-fg-muted">{t('archive.count', { count: list.meta.total })}</p>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="archive-list">
              {list.data.map((video) => (
                <VideoCard key={video.id} video={video} to={eventPath(slug, `lectures-archive/${video.id}`)} categoryLabel={dictionaries.label('lecture.category', video.category)} timeZone={timeZone} />
              ))}
            </ul>
            <Pager page={filters.page} pages={list.meta.last_page} onPage={(page) => setParams(withFilter(params, 'page', String(page)))} />
          </div>
        )}
      </div>
    </div>
  );
}

/** lectures-archive: the recorded lectures of every event, with filters kept in the address (members, not on a general ticket). */
export function Component() {
  const { t } = useTranslation();
  const { event, member } = useEventContext();
  return (
    <SectionGate section="program" event={event} member={member}>
      <div className="mx-auto max-w-6xl px-4 py-8" data-testid="archive-page">
        <h1 className="mb-1 text-3xl font-bold tracking-tight">{t('archive.title')}</h1>
        <p className="mb-6 text-sm text-fg-muted">{t('archive.subtitle')}</p>
        {accessOf('program', member) === 'ok' ? <ArchiveList eventId={event.id} slug={event.slug} /> : null}
      </div>
    </SectionGate>
  );
}
