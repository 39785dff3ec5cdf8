import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, Route, Routes, useParams } from 'react-router';
import { browserTimezone } from '../../lib/format.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useMe } from '../auth/session.ts';
import { CalendarSection } from '../calendar/CalendarPage.tsx';
import { NotFoundPage } from '../errors/pages.tsx';
import { eventPath, useEventContext } from '../events/context.ts';
import { SectionGate } from '../members/SectionGate.tsx';
import { MeetingDetail } from './MeetingDetail.tsx';
import { MeetingList } from './MeetingList.tsx';

/** meetings/list/{id}?status=N&isInvite=: one meeting, reached from the list or a notification. */
function ListItem({ eventId, slug, timeZone }: { eventId: number; slug: string; timeZone: string }) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <div className="flex flex-col gap-4">
      <Link to={eventPath(slug, 'meetings/list')} className="text-sm font-medium text-brand-ink underline">
        {t('meetings.back')}
      </Link>
      {Number.isInteger(id) && id > 0 && id < 2_147_483_648 ? <MeetingDetail eventId={eventId} id={id} slug={slug} timeZone={timeZone} /> : <EmptyState title={t('meetings.not_found_title')} text={t('meetings.not_found_text')} />}
    </div>
  );
}

const tabClass = ({ isActive }: { isActive: boolean }) => cn('inline-flex min-h-11 items-center rounded-xl px-4 text-sm font-semibold', isActive ? 'bg-brand/10 text-brand-ink' : 'text-fg-muted hover:bg-surface-muted hover:text-fg');

/** /meetings -> /meetings/list; the list with its views, a meeting, and /meetings/calendar (product.md section 2). */
export function Component() {
  const { t } = useTranslation();
  const { event, member, slug } = useEventContext();
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const rest = useParams()['*'] ?? '';
  if (rest === '') return <Navigate to={eventPath(slug, 'meetings/list')} replace />;
  if (!/^(list|calendar)(\/|$)/.test(rest)) return <NotFoundPage />;
  return (
    <SectionGate section="meetings" event={event} member={member}>
      <div className="mx-auto max-w-7xl px-4 py-8" data-testid="meetings-page">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-bold tracking-tight">{t('meetings.title')}</h1>
          <ButtonLink to={eventPath(slug, 'members')}>{t('meetings.new_request')}</ButtonLink>
        </div>
        <nav aria-label={t('meetings.sections')} className="mb-4 flex gap-1">
          <NavLink to={eventPath(slug, 'meetings/list')} className={tabClass}>
            {t('meetings.tab_list')}
          </NavLink>
          <NavLink to={eventPath(slug, 'meetings/calendar')} className={tabClass}>
            {t('meetings.tab_calendar')}
          </NavLink>
        </nav>
        <Routes>
          <Route path="list" element={<MeetingList eventId={event.id} slug={slug} timeZone={timeZone} />} />
          <Route path="list/:id" element={<ListItem eventId={event.id} slug={slug} timeZone={timeZone} />} />
          <Route path="calendar/*" element={<CalendarSection basePath="meetings/calendar" />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </div>
    </SectionGate>
  );
}
