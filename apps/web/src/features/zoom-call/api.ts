import { routes } from '@lobby/contract';
import { apiQuery } from '../../api/client.ts';

/** The event's external meeting (config.zoom.url), which the public event leaves out. */
export const externalMeetingQuery = (eventId: number) => apiQuery(routes.getExternalMeeting, { params: { eventId } });
