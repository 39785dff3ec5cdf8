import type { Event, EventMember, LectureDetail } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { signedInOnly } from '../auth/guards.ts';
import { apiErrorText } from '../auth/api-error.ts';
import { NotFoundPage } from '../errors/pages.tsx';
import { eventPath, useEventContext } from '../events/context.ts';
import { accessOf, SectionGate } from '../members/SectionGate.tsx';
import { lectureQuery } from '../program/api.ts';
import { externalMeetingQuery } from './api.ts';
import { chooseMeeting, lectureIdOf } from './meeting.ts';

export const loader = signedInOnly;

function Failed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, error)} action={<Button onClick={retry}>{t('errors.retry')}</Button>} />
    </div>
  );
}

/** The meeting's card: the title, where it opens, and the external link (a new tab, no opener, no referrer). */
function Meeting({ event, lecture, slug }: { event: Event; lecture: LectureDetail | null; slug: string }) {
  const { t } = useTranslation();
  const query = useQuery(externalMeetingQuery(event.id));
  if (query.isPending) return <Skeleton className="mx-auto my-8 h-64 max-w-2xl" />;
  if (query.isError) return <Failed error={query.error} retry={() => void query.refetch()} />;
  const choice = chooseMeeting(lecture, query.data.data);
  const back = lecture ? { to: eventPath(slug, `lectures/${lecture.hall_id}/${lecture.id}`), label: t('zoom_call.back_to_lecture') } : { to: eventPath(slug), label: t('zoom_call.back_to_event') };
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-8" data-testid="zoom-call-page">
      <nav aria-label={t('zoom_call.breadcrumbs')} className="text-sm">
        <Link to={back.to} className="font-semibold text-brand-ink hover:underline">
          {back.label}
        </Link>
      </nav>
      <section aria-labelledby="zoom-call-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-6">
        <p className="text-sm font-semibold text-fg-muted">{t('zoom_call.kicker')}</p>
        <h1 id="zoom-call-title" className="text-2xl font-bold tracking-tight break-words sm:text-3xl" data-testid="zoom-call-title">
          {lecture?.title ?? event.title}
        </h1>
        {choice ? (
          <>
            <p className="text-fg-muted">
              {t('zoom_call.host_label')} <strong className="font-semibold text-fg break-all" data-testid="zoom-call-host">{choice.host}</strong>
            </p>
            {lecture && choice.from === 'event' ? <p className="text-sm text-fg-muted">{t('zoom_call.event_meeting')}</p> : null}
            <a href={choice.url} target="_blank" rel="noopener noreferrer" className={buttonClass('primary', 'self-start')} data-testid="zoom-call-open">
              {t('zoom_call.open')}
              <span className="sr-only"> {t('zoom_call.new_tab')}</span>
            </a>
            <p className="text-sm text-fg-muted" data-testid="zoom-call-note">
              {t('zoom_call.note', { host: choice.host })}
            </p>
          </>
        ) : (
          <EmptyState title={t('zoom_call.none')} text={t('zoom_call.none_text')} />
        )}
      </section>
    </div>
  );
}

/** zoom-call?lecture={id}: the lecture is read first; watching it is what its meeting needs, as for its video. */
function LectureMeeting({ lectureId, event, member, slug }: { lectureId: number; event: Event; member: EventMember | null; slug: string }) {
  const query = useQuery(lectureQuery(event.id, lectureId));
  if (query.isPending) return <Skeleton className="mx-auto my-8 h-64 max-w-2xl" />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) return <NotFoundPage />;
    // The program is closed to this ticket (a general pass): its gate says what would open it.
    if (query.error instanceof ApiError && query.error.status === 403 && accessOf('program', member) !== 'ok') return <SectionGate section="program" event={event} member={member}>{null}</SectionGate>;
    return <Failed error={query.error} retry={() => void query.refetch()} />;
  }
  const lecture = query.data.data;
  if (!lecture.can_watch) {
    return (
      <SectionGate section="lectures" event={event} member={member}>
        <Meeting event={event} lecture={lecture} slug={slug} />
      </SectionGate>
    );
  }
  return <Meeting event={event} lecture={lecture} slug={slug} />;
}

/** /zoom-call: the external meeting (Zoom or another service) the organiser set for the lecture or the event. */
export function Component() {
  const { event, member, slug } = useEventContext();
  const [search] = useSearchParams();
  const lectureId = lectureIdOf(search.get('lecture'));
  if (lectureId === 'bad') return <NotFoundPage />;
  const page = lectureId === null ? <Meeting event={event} lecture={null} slug={slug} /> : <LectureMeeting lectureId={lectureId} event={event} member={member} slug={slug} />;
  return member ? page : <SectionGate section="members" event={event} member={null}>{page}</SectionGate>;
}
