import { routes, type Speaker } from '@lobby/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiQuery } from '../../api/client.ts';
import { browserTimezone, formatDate, formatTime } from '../../lib/format.ts';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useMe } from '../auth/session.ts';
import { eventPath, useEventContext } from '../events/context.ts';
import { SectionGate } from '../members/SectionGate.tsx';
import { lecturePath } from './schedule.ts';

const PER_PAGE = 24;

function SpeakerCard({ speaker, slug, timeZone }: { speaker: Speaker; slug: string; timeZone: string }) {
  const { t } = useTranslation();
  const name = `${speaker.first_name} ${speaker.last_name}`.trim();
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="speaker-card">
      <div className="flex items-center gap-3">
        <Avatar name={name} src={speaker.avatar_url} size={56} className="rounded-full" />
        <div className="min-w-0">
          <h2 className="truncate text-lg font-bold">
            <Link to={eventPath(slug, `members/${speaker.member_id}`)} className="hover:underline">
              {name}
            </Link>
          </h2>
          {speaker.job || speaker.company_name ? <p className="truncate text-sm text-fg-muted">{[speaker.job, speaker.company_name].filter(Boolean).join(', ')}</p> : null}
        </div>
      </div>
      {speaker.bio ? <p className="line-clamp-4 whitespace-pre-line text-sm">{speaker.bio}</p> : null}
      {speaker.lectures.length > 0 ? (
        <div>
          <h3 className="mb-1 text-sm font-semibold">{t('program.speaker_lectures')}</h3>
          <ul className="flex flex-col gap-1">
            {speaker.lectures.map((lecture) => (
              <li key={lecture.id} className="text-sm">
                <Link to={eventPath(slug, lecturePath(lecture))} className="font-semibold text-brand-ink hover:underline" data-testid="speaker-lecture">
                  {lecture.title}
                </Link>
                <span className="block text-xs text-fg-muted">
                  {formatDate(lecture.starts_at, timeZone)}, {formatTime(lecture.starts_at, timeZone)}–{formatTime(lecture.ends_at, timeZone)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

function SpeakerList({ eventId, slug }: { eventId: number; slug: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const timeZone = me?.timezone ?? browserTimezone();
  const { text, setText, search, page, setPage } = useDebouncedSearch();
  const query = useQuery({
    ...apiQuery(routes.listSpeakers, { params: { eventId }, query: { page, per_page: PER_PAGE, ...(search ? { 'filter[query]': search } : {}) } }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="flex flex-col gap-4">
      <div role="search">
        <Field label={t('program.speakers_search')} type="search" value={text} onChange={(e) => setText(e.target.value)} data-testid="speakers-search" />
      </div>
      {query.isPending ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} className="h-40" />
          ))}
        </div>
      ) : query.isError ? (
        <EmptyState title={t('errors.server_error_title')} text={t('errors.server_error_text')} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
      ) : query.data.data.length === 0 ? (
        <EmptyState title={t('program.speakers_empty_title')} text={search ? t('program.speakers_empty_search') : t('program.speakers_empty_text')} />
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="speakers-list" aria-busy={query.isFetching}>
            {query.data.data.map((speaker) => (
              <SpeakerCard key={speaker.member_id} speaker={speaker} slug={slug} timeZone={timeZone} />
            ))}
          </ul>
          <Pager page={page} pages={query.data.meta.last_page} onPage={setPage} />
        </>
      )}
    </div>
  );
}

/** /speakers (product.md section 2): the event's speakers with their lectures, searchable. */
export function Component() {
  const { t } = useTranslation();
  const { event, member, slug } = useEventContext();
  return (
    <SectionGate section="program" event={event} member={member}>
      <div className="mx-auto max-w-6xl px-4 py-8" data-testid="speakers-page">
        <h1 className="mb-4 text-3xl font-bold tracking-tight">{t('program.speakers_title')}</h1>
        <SpeakerList eventId={event.id} slug={slug} />
      </div>
    </SectionGate>
  );
}
