import { MEETING_REASON_MAX, routes, type Meeting } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextareaField } from '../../ui/Controls.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { refreshMeetings } from './api.ts';
import { otherSide } from './format.ts';
import { RequestForm } from './RequestForm.tsx';

export type Outcome = 'accepted' | 'declined' | 'rescheduled' | 'canceled';
type Mode = 'decline' | 'reschedule' | 'cancel' | null;

/** Decline (reason required) or cancel (reason optional): one small form. */
function ReasonForm({ required, label, submitLabel, pending, error, onSubmit, onBack }: { required: boolean; label: string; submitLabel: string; pending: boolean; error: unknown; onSubmit: (reason: string) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (required && reason.trim() === '') return setMissing(true);
        onSubmit(reason.trim());
      }}
    >
      <TextareaField label={label} value={reason} maxLength={MEETING_REASON_MAX} required={required} error={missing ? t('form.required') : undefined} onChange={(event) => (setReason(event.target.value), setMissing(false))} />
      {error ? <Alert tone="error">{apiErrorText(t, error)}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onBack}>
          {t('meetings.back_to_meeting')}
        </Button>
      </div>
    </form>
  );
}

/** What the reader may do with the meeting now (its abilities): accept, decline, propose another time, cancel. */
export function MeetingActions({ meeting, timeZone, onDone, initialMode = null }: { meeting: Meeting; timeZone: string; onDone: (outcome: Outcome) => void; initialMode?: 'reschedule' | null }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>(meeting.abilities.includes('reschedule') ? initialMode : null);
  const params = { eventId: meeting.event_id, id: meeting.id };
  const settle = (outcome: Outcome) => ({ onSuccess: () => onDone(outcome), onSettled: () => void refreshMeetings() });
  const accept = useMutation({ mutationFn: () => callApi(routes.acceptMeeting, { params }), ...settle('accepted') });
  const decline = useMutation({ mutationFn: (reason: string) => callApi(routes.declineMeeting, { params, body: { reason } }), ...settle('declined') });
  const cancel = useMutation({ mutationFn: (reason: string) => callApi(routes.cancelMeeting, { params, body: reason ? { reason } : {} }), ...settle('canceled') });
  const reschedule = useMutation({
    mutationFn: (body: { starts_at: string; location_id?: number; agenda: string }) => callApi(routes.rescheduleMeeting, { params, body }),
    ...settle('rescheduled'),
  });
  const can = (action: Meeting['abilities'][number]) => meeting.abilities.includes(action);
  if (meeting.abilities.length === 0) return null;

  if (mode === 'decline') return <ReasonForm required label={t('meetings.decline_reason')} submitLabel={t('meetings.send_decline')} pending={decline.isPending} error={decline.error} onSubmit={(reason) => decline.mutate(reason)} onBack={() => setMode(null)} />;
  if (mode === 'cancel') return <ReasonForm required={false} label={t('meetings.cancel_reason')} submitLabel={t('meetings.confirm_cancel')} pending={cancel.isPending} error={cancel.error} onSubmit={(reason) => cancel.mutate(reason)} onBack={() => setMode(null)} />;
  if (mode === 'reschedule') {
    return (
      <section aria-labelledby="reschedule-title" className="flex flex-col gap-3">
        <h2 id="reschedule-title" className="text-lg font-semibold">
          {t('meetings.reschedule_title')}
        </h2>
        <RequestForm
          eventId={meeting.event_id}
          memberId={otherSide(meeting).member_id}
          timeZone={timeZone}
          initialLocation={meeting.location.id}
          initialAgenda={meeting.agenda}
          submitLabel={t('meetings.send_proposal')}
          pending={reschedule.isPending}
          error={reschedule.error}
          onSubmit={(values) => reschedule.mutate(values)}
          extra={
            <Button variant="secondary" onClick={() => setMode(null)}>
              {t('meetings.back_to_meeting')}
            </Button>
          }
        />
      </section>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {accept.isError ? <Alert tone="error">{apiErrorText(t, accept.error)}</Alert> : null}
      <div className="flex flex-wrap gap-2" data-testid="meeting-actions">
        {can('accept') ? (
          <Button disabled={accept.isPending} onClick={() => accept.mutate()}>
            {t('meetings.accept')}
          </Button>
        ) : null}
        {can('decline') ? (
          <Button variant="secondary" onClick={() => setMode('decline')}>
            {t('meetings.decline')}
          </Button>
        ) : null}
        {can('reschedule') ? (
          <Button variant="secondary" onClick={() => setMode('reschedule')}>
            {t('meetings.reschedule')}
          </Button>
        ) : null}
        {can('cancel') ? (
          <Button variant="ghost" onClick={() => setMode('cancel')}>
            {t('meetings.cancel')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
