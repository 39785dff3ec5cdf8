import { routes } from '@lobby/contract';
import { apiQuery } from '../../api/client.ts';

export const eventsQuery = (query: string) => apiQuery(routes.listEvents, { query: query ? { 'filter[query]': query } : {} });
