import { routes, type Meeting } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { eventPath } from '../events/context.ts';
import { refreshMeetings } from './api.ts';
import { meetingListPath, meetingWhen } from './format.ts';
import { RequestForm, type RequestValues } from './RequestForm.tsx';

/** "Request sent": where the meeting is now and what happens next. */
export function RequestSent({ meeting, slug, timeZone, onAgain }: { meeting: Meeting; slug: string; timeZone: string; onAgain?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3" data-testid="meeting-success">
      <Alert tone="success">
        <p className="font-semibold">{t('meetings.sent_title')}</p>
        <p>{t('meetings.sent_text', { name: `${meeting.invitee.first_name} ${meeting.invitee.last_name}`.trim(), when: meetingWhen(meeting, timeZone) })}</p>
      </Alert>
      <div className="flex flex-wrap gap-2">
        <ButtonLink to={eventPath(slug, meetingListPath(meeting))}>{t('meetings.open_meeting')}</ButtonLink>
        {onAgain ? (
          <Button variant="secondary" onClick={onAgain}>
            {t('meetings.request_another')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Request a meeting with one member: pick a slot free for both, a location and an agenda, or let
 * "Find a time" send the request for the first slot free for both in one click.
 */
export function CreateMeeting({ eventId, slug, memberId, timeZone, wantedStart = null }: { eventId: number; slug: string; memberId: number; timeZone: string; wantedStart?: number | null }) {
  const { t } = useTranslation();
  const create = useMutation({
    mutationFn: (values: RequestValues) => callApi(routes.createMeeting, { params: { eventId }, body: { member_id: memberId, ...values, agenda: values.agenda || undefined } }),
    onSettled: (_data, error) => {
      // Someone took the slot meanwhile: show the slots as they are now.
      if (!error || (error instanceof ApiError && error.status === 409)) void refreshMeetings();
    },
  });
  const findTime = useMutation({
    mutationFn: async () => {
      const found = await callApi(routes.findMeetingTime, { params: { eventId }, query: { member_id: memberId, limit: 1 } });
      const first = found.data[0];
      if (!first) throw new ApiError(409, 'meeting.no_free_slots', 'No free slots');
      return create.mutateAsync({ starts_at: first.starts_at, location_id: first.location_id, agenda: '' });
    },
  });
  const done = create.data?.data;
  if (done) return <RequestSent meeting={done} slug={slug} timeZone={timeZone} onAgain={() => (create.reset(), findTime.reset())} />;
  return (
    <div className="flex flex-col gap-4">
      {findTime.isError && !create.isError ? <Alert tone="error">{apiErrorText(t, findTime.error)}</Alert> : null}
      <RequestForm
        eventId={eventId}
        memberId={memberId}
        timeZone={timeZone}
        wantedStart={wantedStart}
        submitLabel={t('meetings.send_request')}
        pending={create.isPending || findTime.isPending}
        error={create.error}
        onSubmit={(values) => create.mutate(values)}
        extra={
          <Button variant="secondary" disabled={create.isPending || findTime.isPending} onClick={() => findTime.mutate()} data-testid="find-time">
            {t('meetings.find_time')}
          </Button>
        }
      />
    </div>
  );
}
