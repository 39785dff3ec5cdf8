import { routes, type VolunteerAttendee } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { formatTime } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { refreshDesk } from './queries.ts';
import { ScanForm } from './ScanForm.tsx';
import { TicketPill } from './TicketPill.tsx';

/** Check-in at the door: a badge scanned with the camera or a scanner gun, or its code pasted. */
export function CheckInPanel({ eventId, timezone }: { eventId: number; timezone: string }) {
  const { t } = useTranslation();
  const checkIn = useMutation({
    mutationFn: (qr: string) => callApi(routes.checkIn, { params: { eventId }, body: { qr } }),
    onSuccess: () => refreshDesk(),
  });
  const result: { attendee: VolunteerAttendee; already: boolean } | undefined = checkIn.data?.data;
  const name = result ? `${result.attendee.first_name} ${result.attendee.last_name}`.trim() : '';
  return (
    <section aria-labelledby="check-in-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5" data-testid="check-in">
      <h2 id="check-in-title" className="text-lg font-bold">
        {t('volunteer.checkin_title')}
      </h2>
      <ScanForm testId="check-in-form" label={t('volunteer.checkin_label')} submitLabel={t('volunteer.checkin_submit')} busy={checkIn.isPending} onScan={(qr) => checkIn.mutate(qr)} />
      <div aria-live="polite">
        {checkIn.isError ? <Alert tone="error">{apiErrorText(t, checkIn.error)}</Alert> : null}
        {result ? (
          <Alert tone={result.already ? 'info' : 'success'} testId="check-in-result">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">
                {result.already && result.attendee.checked_in_at ? t('volunteer.already_in', { name, time: formatTime(result.attendee.checked_in_at, timezone) }) : t('volunteer.checked_in_now', { name })}
              </span>
              <TicketPill ticket={result.attendee.ticket} />
              {result.attendee.company ? <span>{result.attendee.company.name}</span> : null}
            </span>
          </Alert>
        ) : null}
      </div>
    </section>
  );
}
