import type { Meeting, MeetingSlot } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { eventPath } from '../events/context.ts';
import { allMeetingsQuery, slotsQuery } from '../meetings/api.ts';
import { otherSide } from '../meetings/format.ts';
import { calendarItems, firstDay, toWall, type CalendarItem } from './events.ts';
import { CalendarFeed } from './CalendarFeed.tsx';
import { SlotList, useSlotLock } from './SlotList.tsx';

const FullCalendarView = lazy(() => import('./FullCalendarView.tsx'));

const CalendarSkeleton = () => <Skeleton className="h-[36rem]" />;

/** The reader's meetings and slots in day, week and month views, with the lock list beside them. */
export function MeetingsCalendar({ eventId, slug, timeZone, basePath }: { eventId: number; slug: string; timeZone: string; basePath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const meetings = useQuery(allMeetingsQuery(eventId));
  const slots = useQuery(slotsQuery(eventId));
  const lock = useSlotLock(eventId);
  if (meetings.isPending || slots.isPending) return <CalendarSkeleton />;
  if (meetings.isError || slots.isError) {
    const retry = () => void Promise.all([meetings.refetch(), slots.refetch()]);
    return <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, meetings.error ?? slots.error)} action={<Button onClick={retry}>{t('errors.retry')}</Button>} />;
  }
  const mySlots = slots.data.data.slots;
  const items = calendarItems(meetings.data.data, mySlots, timeZone, {
    meeting: (meeting: Meeting) => t('calendar.meeting_title', { name: `${otherSide(meeting).first_name} ${otherSide(meeting).last_name}`.trim() }),
    slot: (slot: MeetingSlot) => t(`calendar.state_${slot.state}`),
  });
  const onItem = (item: CalendarItem) => {
    if (item.kind === 'meeting') void navigate(eventPath(slug, `${basePath}/${item.meetingId}`), { state: { useSaved: true } });
    else if (item.state !== 'busy' && !lock.isPending) lock.mutate({ startsAt: item.startsAt, lock: item.state === 'free' });
  };
  const empty = mySlots.length === 0 && meetings.data.data.length === 0;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-fg-muted">{t('calendar.hint', { zone: timeZone })}</p>
      {empty ? <EmptyState title={t('calendar.empty_title')} text={t('calendar.empty_text')} /> : null}
      <div className="grid gap-4 xl:grid-cols-[1fr_20rem]">
        <div className="min-w-0 overflow-x-auto">
          <Suspense fallback={<CalendarSkeleton />}>
            <FullCalendarView items={items} initialDate={firstDay(mySlots, timeZone, Date.now())} now={toWall(new Date().toISOString(), timeZone)} onItem={onItem} />
          </Suspense>
        </div>
        <div className="flex flex-col gap-4">
          <SlotList eventId={eventId} slots={mySlots} timeZone={timeZone} />
          <CalendarFeed />
        </div>
      </div>
    </div>
  );
}
