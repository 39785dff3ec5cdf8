import { useTranslation } from 'react-i18next';
import { Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { browserTimezone } from '../../lib/format.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useMe } from '../auth/session.ts';
import { eventPath, useEventContext } from '../events/context.ts';
import { queryClient } from '../../api/query-client.ts';
import { allMeetingsQuery } from '../meetings/api.ts';
import { CreateMeeting } from '../meetings/CreateMeeting.tsx';
import { MeetingDetail } from '../meetings/MeetingDetail.tsx';
import { SectionGate } from '../members/SectionGate.tsx';
import { MeetingsCalendar } from './MeetingsCalendar.tsx';

const positive = (value: string | null | undefined): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n < 2_147_483_648 ? n : null;
};

interface Place {
  eventId: number;
  slug: string;
  timeZone: string;
  close: () => void;
}

/** calendar/create?start={seconds}&member={membership id}: the create form over the calendar. */
function CreateModal({ eventId, slug, timeZone, close }: Place) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const memberId = positive(params.get('member') ?? params.get('member_id'));
  const start = positive(params.get('start'));
  return (
    <Modal title={t('meetings.create_title')} onClose={close} testId="create-meeting-modal">
      {memberId ? (
        <CreateMeeting eventId={eventId} slug={slug} memberId={memberId} timeZone={timeZone} wantedStart={start === null ? null : start * 1000} />
      ) : (
        <EmptyState title={t('meetings.choose_person_title')} text={t('meetings.choose_person_text')} action={<ButtonLink to={eventPath(slug, 'members')}>{t('meetings.to_people')}</ButtonLink>} />
      )}
    </Modal>
  );
}

/** calendar/{id} (useSaved) and calendar/{id}/edit: the meeting (or its reschedule form) over the calendar. */
function MeetingModal({ eventId, slug, timeZone, close, edit }: Place & { edit: boolean }) {
  const { t } = useTranslation();
  const id = positive(useParams().id);
  const [params] = useSearchParams();
  // useSaved (product.md section 2): the calendar passes it in the navigation state, a link may in the query.
  const useSaved = (useLocation().state as { useSaved?: boolean } | null)?.useSaved === true || params.get('useSaved') === 'true';
  const saved = useSaved ? queryClient.getQueryData(allMeetingsQuery(eventId).queryKey)?.data.find((meeting) => meeting.id === id) : undefined;
  return (
    <Modal title={t(edit ? 'meetings.reschedule_title' : 'meetings.meeting')} onClose={close} testId="meeting-modal">
      {id ? <MeetingDetail eventId={eventId} id={id} slug={slug} timeZone={timeZone} edit={edit} saved={saved} /> : <EmptyState title={t('meetings.not_found_title')} text={t('meetings.not_found_text')} />}
    </Modal>
  );
}

/** The meetings calendar at a base path (calendar, or meetings/calendar) with its modal children. */
export function CalendarSection({ basePath }: { basePath: string }) {
  const { event, slug } = useEventContext();
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const navigate = useNavigate();
  const place: Place = { eventId: event.id, slug, timeZone, close: () => void navigate(eventPath(slug, basePath)) };
  return (
    <>
      <MeetingsCalendar eventId={event.id} slug={slug} timeZone={timeZone} basePath={basePath} />
      <Routes>
        <Route path="create" element={<CreateModal {...place} />} />
        <Route path=":id" element={<MeetingModal {...place} edit={false} />} />
        <Route path=":id/edit" element={<MeetingModal {...place} edit />} />
        <Route path="*" element={null} />
      </Routes>
    </>
  );
}

/** /calendar: day, week and month of the person's meetings and slots (product.md section 2). */
export function Component() {
  const { t } = useTranslation();
  const { event, member, slug } = useEventContext();
  return (
    <SectionGate section="meetings" event={event} member={member}>
      <div className="mx-auto max-w-7xl px-4 py-8" data-testid="calendar-page">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-3xl font-bold tracking-tight">{t('calendar.title')}</h1>
          <ButtonLink to={eventPath(slug, 'meetings/list')} variant="secondary">
            {t('calendar.to_list')}
          </ButtonLink>
        </div>
        <CalendarSection basePath="calendar" />
      </div>
    </SectionGate>
  );
}
