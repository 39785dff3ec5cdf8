import type { Meeting, MeetingViewName } from '@lobby/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { eventPath } from '../events/context.ts';
import { meetingsQuery } from './api.ts';
import { meetingListPath, meetingWhen, otherSide, VIEW_TABS } from './format.ts';
import { ViewBadge } from './MeetingDetail.tsx';

function MeetingRow({ meeting, slug, timeZone }: { meeting: Meeting; slug: string; timeZone: string }) {
  const { t } = useTranslation();
  const other = otherSide(meeting);
  const name = `${other.first_name} ${other.last_name}`.trim() || t('members.unnamed');
  return (
    <li>
      <Link to={eventPath(slug, meetingListPath(meeting))} className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-4 hover:bg-surface-muted" data-testid="meeting-row">
        <Avatar name={name} src={other.avatar_url} size={44} />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold">{name}</span>
          <span className="block text-sm text-fg-muted">
            {meetingWhen(meeting, timeZone)} · {meeting.location.is_online ? t('meetings.online') : meeting.location.name}
          </span>
        </span>
        <ViewBadge view={meeting.view} />
      </Link>
    </li>
  );
}

const EMPTY_ACTION: Partial<Record<MeetingViewName, string>> = { waiting_for_me: 'members', waiting_for_other: 'members', accepted: 'calendar' };

/** The tabs of the views with their counts, and the meetings of the chosen view (?view=, the invites by default). */
export function MeetingList({ eventId, slug, timeZone }: { eventId: number; slug: string; timeZone: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = (VIEW_TABS as readonly string[]).includes(params.get('view') ?? '') ? (params.get('view') as MeetingViewName) : 'waiting_for_me';
  const [page, setPage] = useState(1);
  const query = useQuery({ ...meetingsQuery(eventId, view, page), placeholderData: keepPreviousData });
  const counts = query.data?.meta.counts;
  // On a phone the tabs scroll sideways: keep the chosen one in sight (a link may open any view).
  const selected = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // A block body: newer browsers return a promise from scrollIntoView, and React would call it as the cleanup.
    selected.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [view]);
  const choose = (next: MeetingViewName) => {
    setPage(1);
    setParams({ view: next }, { replace: true });
  };
  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label={t('meetings.views')}
        className="flex gap-1 overflow-x-auto border-b border-line"
        onKeyDown={(event) => {
          // Arrow keys move between the views (the tabs pattern); Tab goes on to the list.
          const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
          if (step === 0) return;
          const next = VIEW_TABS[(VIEW_TABS.indexOf(view) + step + VIEW_TABS.length) % VIEW_TABS.length] ?? view;
          choose(next);
          event.currentTarget.querySelector<HTMLButtonElement>(`[data-testid="view-${next}"]`)?.focus();
        }}
      >
        {VIEW_TABS.map((name) => (
          <button
            key={name}
            ref={name === view ? selected : undefined}
            type="button"
            role="tab"
            aria-selected={name === view}
            tabIndex={name === view ? 0 : -1}
            aria-controls="meetings-panel"
            data-testid={`view-${name}`}
            onClick={() => choose(name)}
            className={cn('-mb-px inline-flex min-h-11 items-center gap-1.5 whitespace-nowrap border-b-2 px-3 text-sm font-semibold', name === view ? 'border-brand text-brand-ink' : 'border-transparent text-fg-muted hover:text-fg')}
          >
            {t(`meetings.view_${name}`)}
            {/* A space, so the tab reads "Accepted 3" and not "Accepted3". */}
            {counts ? ' ' : null}
            {counts ? <span className="rounded-full bg-surface-muted px-2 text-xs">{counts[name] ?? 0}</span> : null}
          </button>
        ))}
      </div>
      <div id="meetings-panel" role="tabpanel" aria-label={t(`meetings.view_${view}`)}>
        {query.isPending ? (
          <div className="flex flex-col gap-3" data-testid="meetings-loading">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} className="h-20" />
            ))}
          </div>
        ) : query.isError ? (
          <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
        ) : query.data.data.length === 0 ? (
          <EmptyState
            title={t(`meetings.empty_${view}_title`)}
            text={t(`meetings.empty_${view}_text`)}
            action={EMPTY_ACTION[view] ? <ButtonLink to={eventPath(slug, EMPTY_ACTION[view])}>{t(`meetings.empty_${view}_action`)}</ButtonLink> : undefined}
          />
        ) : (
          <div className="flex flex-col gap-4">
            <ul className="flex flex-col gap-3" data-testid="meetings-list">
              {query.data.data.map((meeting) => (
                <MeetingRow key={meeting.id} meeting={meeting} slug={slug} timeZone={timeZone} />
              ))}
            </ul>
            <Pager page={page} pages={query.data.meta.last_page} onPage={setPage} />
          </div>
        )}
      </div>
    </div>
  );
}
