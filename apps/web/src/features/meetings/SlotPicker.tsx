import type { MeetingSlot } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format.ts';
import { cn } from '../../ui/cn.ts';
import { groupByDay, isBookable } from './format.ts';

/**
 * The event's slots as radio chips grouped by the reader's day (legend DD.MM.YYYY, chips HH:mm).
 * Busy, locked and past slots are shown but cannot be chosen, so the day's shape stays readable.
 */
export function SlotPicker({ slots, timeZone, value, onChange, name }: { slots: readonly MeetingSlot[]; timeZone: string; value: string | null; onChange: (slot: MeetingSlot) => void; name: string }) {
  const { t } = useTranslation();
  const days = groupByDay(
    slots.filter((slot) => !slot.past),
    timeZone,
  );
  if (days.length === 0) return <p className="text-sm text-fg-muted">{t('api.meeting_no_free_slots')}</p>;
  return (
    <div className="flex flex-col gap-4" data-testid="slot-picker">
      {days.map((day) => (
        <fieldset key={day.date} className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">{day.date}</legend>
          <div className="flex flex-wrap gap-2">
            {day.slots.map((slot) => {
              const bookable = isBookable(slot);
              const checked = value !== null && Date.parse(value) === Date.parse(slot.starts_at);
              return (
                <label key={slot.starts_at} className={cn('relative', bookable ? 'cursor-pointer' : 'cursor-not-allowed')}>
                  <input type="radio" name={name} className="peer sr-only" checked={checked} disabled={!bookable} onChange={() => onChange(slot)} />
                  <span
                    className={cn(
                      'inline-flex min-h-11 min-w-16 items-center justify-center rounded-xl border px-3 text-sm font-semibold peer-focus-visible:ring-2 peer-focus-visible:ring-brand',
                      checked ? 'border-brand bg-brand-solid text-brand-solid-contrast' : bookable ? 'border-line bg-surface hover:bg-surface-muted' : 'border-dashed border-line bg-surface-muted text-fg-muted line-through',
                    )}
                  >
                    {formatTime(slot.starts_at, timeZone)}
                    {bookable ? null : <span className="sr-only"> ({t(`calendar.state_${slot.state}`)})</span>}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
