import { routes } from '@lobby/contract';
import { apiQuery } from '../../api/client.ts';

export const adminEventsQuery = () => apiQuery(routes.adminListEvents, {});
export const adminEventQuery = (id: number) => apiQuery(routes.adminGetEvent, { params: { id } });
export const timezonesQuery = () => ({ ...apiQuery(routes.listTimezones, {}), staleTime: 60 * 60 * 1000 });
