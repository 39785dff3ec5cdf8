import { MEETING_AGENDA_MAX, type MeetingLocation, type MeetingSlot } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { SelectField, TextareaField } from '../../ui/Controls.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { slotsQuery } from './api.ts';
import { initialSlot, isBookable, pickLocation } from './format.ts';
import { SlotPicker } from './SlotPicker.tsx';

export interface RequestValues {
  starts_at: string;
  location_id?: number;
  agenda: string;
}

interface Props {
  eventId: number;
  /** The other person's membership id: slots are free only where both are free. */
  memberId: number;
  timeZone: string;
  /** Wanted start in ms (calendar/create?start=), or null for the first free slot. */
  wantedStart?: number | null;
  initialLocation?: number | null;
  initialAgenda?: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (values: RequestValues) => void;
  /** Buttons beside the submit one (find a time, cancel). */
  extra?: ReactNode;
}

const freeIdsOf = (error: unknown): number[] | null => {
  if (!(error instanceof ApiError) || error.code !== 'meeting.location_unavailable') return null;
  const ids = error.details?.free_location_ids;
  return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
};

function LocationSelect({ locations, freeIds, value, onChange }: { locations: MeetingLocation[]; freeIds: number[]; value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation();
  const options = locations.filter((location) => freeIds.includes(location.id));
  return (
    <SelectField label={t('meetings.location')} value={value ?? ''} onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)} required>
      <option value="">{t('meetings.location_choose')}</option>
      {options.map((location) => (
        <option key={location.id} value={location.id}>
          {location.is_online ? t('meetings.online') : location.name}
        </option>
      ))}
    </SelectField>
  );
}

/** Slot, location and agenda: the body of the create and reschedule forms. */
export function RequestForm({ eventId, memberId, timeZone, wantedStart = null, initialLocation = null, initialAgenda = '', submitLabel, pending, error, onSubmit, extra }: Props) {
  const { t } = useTranslation();
  const name = useId();
  const slots = useQuery(slotsQuery(eventId, memberId));
  const [slot, setSlot] = useState<MeetingSlot | null>(null);
  const [moved, setMoved] = useState(false);
  const [location, setLocation] = useState<number | null>(initialLocation);
  const [reselected, setReselected] = useState(false);
  const [agenda, setAgenda] = useState(initialAgenda);
  const [submitted, setSubmitted] = useState<string | null>(null);

  const choose = (next: MeetingSlot, current: number | null) => {
    setSlot(next);
    const picked = pickLocation(next.free_location_ids, current);
    setLocation(picked.id);
    setReselected(picked.reselected);
  };

  // Once the slots are there, preselect the wanted slot or the nearest free one.
  const data = slots.data?.data;
  useEffect(() => {
    if (!data || slot) return;
    const first = initialSlot(data.slots, wantedStart, Date.now());
    if (first.slot) choose(first.slot, initialLocation);
    setMoved(first.moved);
    // Only the first load preselects; later refreshes keep the person's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  // "Location unavailable" lists the points still free: the person picks one of them again.
  useEffect(() => {
    if (freeIdsOf(error)) setLocation(null);
  }, [error]);

  if (slots.isPending) return <Skeleton className="h-64" />;
  if (slots.isError) return <Alert tone="error">{apiErrorText(t, slots.error)}</Alert>;
  // The slot as the latest load sees it: one taken meanwhile (slot busy) can no longer be sent.
  const live = slot ? data?.slots.find((item) => Date.parse(item.starts_at) === Date.parse(slot.starts_at)) : undefined;
  const usable = live && isBookable(live) ? live : null;
  // "Location unavailable" names the points still free in the slot that was sent.
  const serverFree = slot && submitted === slot.starts_at ? freeIdsOf(error) : null;
  const free = serverFree ?? usable?.free_location_ids ?? [];
  const canSend = usable !== null && location !== null && !pending;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      data-testid="meeting-request-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!usable || location === null) return;
        setSubmitted(usable.starts_at);
        onSubmit({ starts_at: usable.starts_at, location_id: location, agenda: agenda.trim() });
      }}
    >
      {moved ? <Alert testId="nearest-slot-notice">{t('meetings.nearest_chosen')}</Alert> : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold">{t('meetings.slot')}</legend>
        <p className="text-xs text-fg-muted">{t('meetings.times_in', { zone: timeZone })}</p>
        <SlotPicker slots={data?.slots ?? []} timeZone={timeZone} value={slot?.starts_at ?? null} name={name} onChange={(next) => choose(next, location)} />
      </fieldset>
      {usable ? <LocationSelect locations={data?.locations ?? []} freeIds={free} value={location} onChange={(id) => (setLocation(id), setReselected(false))} /> : null}
      {reselected ? <Alert testId="location-reselected">{t('meetings.location_reselected')}</Alert> : null}
      {data && !data.can_meet_offline ? <p className="text-xs text-fg-muted">{t('meetings.online_only_hint')}</p> : null}
      <TextareaField label={t('meetings.agenda')} value={agenda} maxLength={MEETING_AGENDA_MAX} onChange={(event) => setAgenda(event.target.value)} hint={t('meetings.agenda_hint')} />
      {error ? <Alert tone="error">{apiErrorText(t, error)}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!canSend}>
          {submitLabel}
        </Button>
        {extra}
      </div>
    </form>
  );
}
