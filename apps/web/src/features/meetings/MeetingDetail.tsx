import type { Meeting, MeetingViewName } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { MeetingCallButton } from '../calls/MeetingCallButton.tsx';
import { eventPath } from '../events/context.ts';
import { meetingQuery } from './api.ts';
import { meetingWhen, otherSide } from './format.ts';
import { MeetingActions, type Outcome } from './MeetingActions.tsx';

const TONES: Record<MeetingViewName, 'brand' | 'neutral' | 'success' | 'warning'> = {
  waiting_for_me: 'warning',
  waiting_for_other: 'brand',
  accepted: 'success',
  declined_by_me: 'neutral',
  declined_by_other: 'neutral',
  canceled: 'neutral',
};

export function ViewBadge({ view }: { view: MeetingViewName }) {
  const { t } = useTranslation();
  return <Badge tone={TONES[view]}>{t(`meetings.status_${view}`)}</Badge>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="w-40 shrink-0 text-sm font-semibold text-fg-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Facts({ meeting, slug, timeZone }: { meeting: Meeting; slug: string; timeZone: string }) {
  const { t } = useTranslation();
  const other = otherSide(meeting);
  const name = `${other.first_name} ${other.last_name}`.trim() || t('members.unnamed');
  return (
    <>
      <div className="flex items-center gap-3">
        <Avatar name={name} src={other.avatar_url} size={56} />
        <div className="min-w-0">
          <Link to={eventPath(slug, `members/${other.member_id}`)} className="text-lg font-semibold hover:underline">
            {name}
          </Link>
          <p className="text-sm text-fg-muted">{[other.job, other.company_name].filter(Boolean).join(' · ')}</p>
        </div>
        <div className="ml-auto">
          <ViewBadge view={meeting.view} />
        </div>
      </div>
      <dl className="flex flex-col gap-3">
        <Row label={t('meetings.when')}>
          <span data-testid="meeting-when">{meetingWhen(meeting, timeZone)}</span>
          {other.timezone !== timeZone ? <span className="block text-sm text-fg-muted">{t('meetings.their_time', { when: meetingWhen(meeting, other.timezone), zone: other.timezone })}</span> : null}
        </Row>
        <Row label={t('meetings.location')}>{meeting.location.is_online ? t('meetings.online') : meeting.location.name}</Row>
        <Row label={t('meetings.agenda')}>{meeting.agenda || <span className="text-fg-muted">{t('meetings.no_agenda')}</span>}</Row>
        <Row label={t('meetings.role')}>{t(meeting.is_invite ? 'meetings.role_invited' : 'meetings.role_requested')}</Row>
        {meeting.rescheduled && meeting.status === 'invited' ? <Row label={t('meetings.note')}>{t('meetings.was_rescheduled')}</Row> : null}
        {meeting.reason ? <Row label={t('meetings.reason')}>{meeting.reason}</Row> : null}
      </dl>
    </>
  );
}

/** One meeting with what the reader may do; after an action, what happened and where it is now. */
export function MeetingDetail({ eventId, id, slug, timeZone, edit = false, saved }: { eventId: number; id: number; slug: string; timeZone: string; edit?: boolean; saved?: Meeting | undefined }) {
  const { t } = useTranslation();
  // useSaved: the copy the calendar already holds shows at once; the query refreshes it behind.
  const query = useQuery({ ...meetingQuery(eventId, id), ...(saved ? { initialData: { data: saved }, initialDataUpdatedAt: 0 } : {}) });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (query.isPending) return <Skeleton className="h-64" />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <EmptyState title={t('meetings.not_found_title')} text={t('meetings.not_found_text')} />;
    return <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />;
  }
  const meeting = query.data.data;
  return (
    <article className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5" data-testid="meeting-view" aria-label={t('meetings.meeting_with', { name: `${otherSide(meeting).first_name} ${otherSide(meeting).last_name}`.trim() })}>
      {outcome ? (
        <Alert tone="success" testId="meeting-success">
          <p className="font-semibold">{t(`meetings.done_${outcome}`)}</p>
          <p>{t(`meetings.done_${outcome}_text`)}</p>
        </Alert>
      ) : null}
      <Facts meeting={meeting} slug={slug} timeZone={timeZone} />
      <MeetingCallButton meeting={meeting} slug={slug} timeZone={timeZone} />
      <MeetingActions key={meeting.updated_at} meeting={meeting} timeZone={timeZone} onDone={setOutcome} initialMode={edit && !outcome ? 'reschedule' : null} />
    </article>
  );
}
