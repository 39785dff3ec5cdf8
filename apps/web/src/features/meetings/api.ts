import { routes, type MeetingViewName } from '@lobby/contract';
import { apiQuery } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';

export const PER_PAGE = 20;

export const meetingsQuery = (eventId: number, view: MeetingViewName, page: number) =>
  apiQuery(routes.listMeetings, { params: { eventId }, query: { 'filter[view]': view, page, per_page: PER_PAGE } });

/** The reader's meetings in every view, for the calendar (an event's meetings fit in one page of 200). */
export const allMeetingsQuery = (eventId: number) => apiQuery(routes.listMeetings, { params: { eventId }, query: { per_page: 200 } });

export const meetingQuery = (eventId: number, id: number) => apiQuery(routes.getMeeting, { params: { eventId, id } });

/** The event's slots with the reader's state; with a member, free only where both are free. */
export const slotsQuery = (eventId: number, memberId?: number) => apiQuery(routes.listMeetingSlots, { params: { eventId }, query: memberId ? { member_id: memberId } : {} });

const MEETING_KEYS = new Set<string>([routes.listMeetings.id, routes.getMeeting.id, routes.listMeetingSlots.id, routes.findMeetingTime.id]);

/** A meeting changed (here, or live from the other side): lists, views and slots load again. */
export function refreshMeetings(): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => MEETING_KEYS.has(String(query.queryKey[0])) });
}
