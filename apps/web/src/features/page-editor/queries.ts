// The page editor's data: the event's pages as the back office lists them (the same query, and so
// the same cache entry, as the pages list), and the readers' copies refreshed after a save.
import { routes } from '@lobby/contract';
import { apiQuery } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';

export const adminPagesQuery = (eventId: number) => apiQuery(routes.adminListPages, { params: { eventId } });

/** After a save the members' copies of the pages are stale. */
export const refreshPages = () => queryClient.invalidateQueries({ predicate: (query) => [routes.getPage.id, routes.listPages.id].includes(String(query.queryKey[0])) });
