import { MeetingView, nearestSlot, type Meeting, type MeetingSlot, type MeetingViewName } from '@lobby/contract';
import { formatDate, formatTime } from '../../lib/format.ts';

/** The tabs of /meetings/list, in the order the spec lists the views (cancelled last). */
export const VIEW_TABS: readonly MeetingViewName[] = ['waiting_for_me', 'waiting_for_other', 'accepted', 'declined_by_me', 'declined_by_other', 'canceled'];

export const viewById = (id: number): MeetingViewName | undefined => VIEW_TABS.find((view) => MeetingView[view] === id);

/** "24.11.2026, 10:00–10:30" in the reader's timezone. */
export function meetingWhen(meeting: Pick<Meeting, 'starts_at' | 'ends_at'>, timeZone: string): string {
  return `${formatDate(meeting.starts_at, timeZone)}, ${formatTime(meeting.starts_at, timeZone)}–${formatTime(meeting.ends_at, timeZone)}`;
}

/** The other participant, as the reader sees the meeting. */
export const otherSide = (meeting: Meeting) => (meeting.is_invite ? meeting.organizer : meeting.invitee);

/** The address of a meeting in the list: /meetings/list/{id}?status={view number}&isInvite={bool} (product.md section 2). */
export const meetingListPath = (meeting: Pick<Meeting, 'id' | 'view_id' | 'is_invite'>): string => `meetings/list/${meeting.id}?status=${meeting.view_id}&isInvite=${meeting.is_invite}`;

export interface SlotDay<S> {
  /** DD.MM.YYYY in the reader's timezone. */
  date: string;
  slots: S[];
}

/** Slots grouped by the reader's calendar day, keeping their order. */
export function groupByDay<S extends { starts_at: string }>(slots: readonly S[], timeZone: string): SlotDay<S>[] {
  const days: SlotDay<S>[] = [];
  for (const slot of slots) {
    const date = formatDate(slot.starts_at, timeZone);
    const last = days.at(-1);
    if (last?.date === date) last.slots.push(slot);
    else days.push({ date, slots: [slot] });
  }
  return days;
}

export const isBookable = (slot: MeetingSlot): boolean => slot.state === 'free' && !slot.past;

/**
 * The slot to preselect for a wanted start (calendar/create?start=): that slot when it is bookable,
 * else the nearest bookable one, with `moved` set so the page can say "the nearest is chosen".
 */
export function initialSlot(slots: readonly MeetingSlot[], wantedMs: number | null, nowMs: number): { slot: MeetingSlot | undefined; moved: boolean } {
  if (wantedMs === null) return { slot: slots.find(isBookable), moved: false };
  const exact = slots.find((slot) => Date.parse(slot.starts_at) === wantedMs && isBookable(slot));
  if (exact) return { slot: exact, moved: false };
  const near = nearestSlot(slots, wantedMs, nowMs, (range) => isBookable(range as MeetingSlot)) as MeetingSlot | undefined;
  return { slot: near, moved: near !== undefined };
}

/**
 * The location to send: the wanted one while it has a free table in the slot, else the first free
 * one (the "automatic reselection" notice); null when nothing is free.
 */
export function pickLocation(freeIds: readonly number[], wanted: number | null): { id: number | null; reselected: boolean } {
  if (wanted !== null && freeIds.includes(wanted)) return { id: wanted, reselected: false };
  const first = freeIds[0] ?? null;
  return { id: first, reselected: wanted !== null && first !== null };
}
