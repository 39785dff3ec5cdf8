import { routes } from '@lobby/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiQuery } from '../../api/client.ts';
import { browserTimezone, formatDate, formatTime } from '../../lib/format.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useMe } from '../auth/session.ts';
import { eventPath } from '../events/context.ts';
import { FavoriteStar } from '../favorites/FavoriteStar.tsx';
import { setFavorite } from './api.ts';
import { lecturePath } from './schedule.ts';

/** favorites/lectures: the starred lectures by start; one unstarred here leaves the list at once. */
export function FavoriteLectures({ eventId, slug }: { eventId: number; slug: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const timeZone = me?.timezone ?? browserTimezone();
  const [page, setPage] = useState(1);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const query = useQuery({ ...apiQuery(routes.listFavoriteLectures, { params: { eventId }, query: { page } }), placeholderData: keepPreviousData });
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3" data-testid="list-loading">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (query.isError) return <EmptyState title={t('errors.server_error_title')} text={t('errors.server_error_text')} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />;
  const lectures = query.data.data.filter((l) => !hidden.has(l.id));
  if (lectures.length === 0) return <EmptyState title={t('program.favorites_empty_title')} text={t('program.favorites_empty_text')} />;
  return (
    <>
      <ul className="flex flex-col gap-3" data-testid="favorites-lectures">
        {lectures.map((lecture) => (
          <li key={lecture.id} className="flex items-start gap-2 rounded-2xl border border-line bg-surface p-4" data-testid="favorite-lecture">
            <div className="min-w-0 flex-1">
              <p className="text-xs text-fg-muted">
                {formatDate(lecture.starts_at, timeZone)}, {formatTime(lecture.starts_at, timeZone)}–{formatTime(lecture.ends_at, timeZone)}
              </p>
              <Link to={eventPath(slug, lecturePath(lecture))} className="font-semibold hover:underline">
                {lecture.title}
              </Link>
              {lecture.speakers.length > 0 ? <p className="text-sm text-fg-muted">{lecture.speakers.map((s) => `${s.first_name} ${s.last_name}`.trim()).join(', ')}</p> : null}
            </div>
            <FavoriteStar
              eventId={eventId}
              type="lectures"
              id={lecture.id}
              initial
              name={lecture.title}
              onToggle={(starred) => {
                setFavorite(eventId, lecture.id, starred);
                setHidden((current) => {
                  const next = new Set(current);
                  if (starred) next.delete(lecture.id);
                  else next.add(lecture.id);
                  return next;
                });
              }}
            />
          </li>
        ))}
      </ul>
      <Pager page={page} pages={query.data.meta.last_page} onPage={setPage} />
    </>
  );
}
