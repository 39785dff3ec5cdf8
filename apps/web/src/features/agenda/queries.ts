import { routes } from '@lobby/contract';
import { apiQuery } from '../../api/client.ts';
import { programQuery } from '../program/api.ts';

/** An event's accepted meetings fit in one page of 200 (the list's largest). */
export const agendaMeetingsQuery = (eventId: number) => apiQuery(routes.listMeetings, { params: { eventId }, query: { 'filter[view]': 'accepted', per_page: 200 } });

/** The program with the reader's stars (the program page's own query: one copy for both, online and kept offline). */
export const agendaProgramQuery = programQuery;
