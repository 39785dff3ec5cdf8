import { routes, type MeetingSlot } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { callApi } from '../../api/client.ts';
import { formatTime } from '../../lib/format.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { SelectField } from '../../ui/Controls.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { refreshMeetings } from '../meetings/api.ts';
import { groupByDay } from '../meetings/format.ts';

/** Lock a free slot or unlock a locked one (also reached by clicking a slot in the calendar). */
export function useSlotLock(eventId: number) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ startsAt, lock }: { startsAt: string; lock: boolean }) => callApi(lock ? routes.lockSlot : routes.unlockSlot, { params: { eventId }, body: { starts_at: startsAt } }),
    onSuccess: (_data, { lock }) => toast.success(t(lock ? 'calendar.locked_done' : 'calendar.unlocked_done')),
    onError: (error) => toast.error(apiErrorText(t, error)),
    onSettled: () => void refreshMeetings(),
  });
}

/** The reader's slots of one day as a list: the keyboard way to lock and unlock, and the phone's. */
export function SlotList({ eventId, slots, timeZone }: { eventId: number; slots: readonly MeetingSlot[]; timeZone: string }) {
  const { t } = useTranslation();
  const days = groupByDay(
    slots.filter((slot) => !slot.past),
    timeZone,
  );
  const [day, setDay] = useState(days[0]?.date ?? '');
  const lock = useSlotLock(eventId);
  const shown = days.find((item) => item.date === day) ?? days[0];
  if (!shown) return <p className="text-sm text-fg-muted">{t('calendar.no_slots')}</p>;
  return (
    <section aria-labelledby="my-slots" className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="slot-list">
      <h2 id="my-slots" className="text-lg font-semibold">
        {t('calendar.my_slots')}
      </h2>
      <SelectField label={t('calendar.day_label')} value={shown.date} onChange={(event) => setDay(event.target.value)}>
        {days.map((item) => (
          <option key={item.date}>{item.date}</option>
        ))}
      </SelectField>
      <ul className="flex flex-col divide-y divide-line">
        {shown.slots.map((slot) => {
          const time = formatTime(slot.starts_at, timeZone);
          return (
            <li key={slot.starts_at} className="flex min-h-12 items-center gap-3 py-1">
              <span className="w-14 font-semibold tabular-nums">{time}</span>
              <Badge tone={slot.state === 'free' ? 'success' : slot.state === 'locked' ? 'neutral' : 'warning'}>{t(`calendar.state_${slot.state}`)}</Badge>
              <span className="ml-auto">
                {slot.meeting_id === null && slot.state !== 'busy' ? (
                  <Button variant="secondary" disabled={lock.isPending} onClick={() => lock.mutate({ startsAt: slot.starts_at, lock: slot.state === 'free' })} aria-label={t(slot.state === 'free' ? 'calendar.lock_label' : 'calendar.unlock_label', { time, date: shown.date })}>
                    {t(slot.state === 'free' ? 'calendar.lock' : 'calendar.unlock')}
                  </Button>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
