import { routes } from '@lobby/contract';
import { apiQuery } from '../../api/client.ts';

export const adminEventsQuery = () => apiQuery(routes.adminListEvents, {});
export const adminEventQuery = (id: number) => apiQuery(routes.adminGetEvent, { params: { id } });
export const timezonesQuery = () => ({ ...apiQuery(routes.listTimezones, {}), staleTime: 60 * 60 * 1000 });
/** The event's organiser pages, drafts included (issue 14). */
export const adminPagesQuery = (eventId: number) => apiQuery(routes.adminListPages, { params: { eventId } });
export const formSubmissionsQuery = (eventId: number, pageId: number, query: { page: number; per_page: number; block_id?: string }) =>
  apiQuery(routes.adminListFormSubmissions, { params: { eventId, pageId }, query });
