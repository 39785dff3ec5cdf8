import type { EventMember } from '@lobby/contract';
import { pageRoutes, shellRoutes } from '../../api/route-refs.ts';
import { queryOptions } from '@tanstack/react-query';
import { apiQuery, callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { isSignedIn } from '../../api/session.ts';
import { appConfig } from '../../app/config.ts';
import { currentLanguage } from '../../i18n/index.ts';

// The queries the first page of an event or of the list starts with; the router starts them before
// the page's code has loaded (startFirstLoad), so this module stays small and schema-free.

export const MAX_QUERY = 100;
/** The events list's search text, from the address. */
export const searchOf = (params: URLSearchParams): string => (params.get('q') ?? '').trim().slice(0, MAX_QUERY);

/**
 * The events list in the language in use. The language is part of the key: the answer depends on
 * Accept-Language (pictures by locale), so a list fetched inside an event in its language is not
 * shown again after leaving it for a page in another language.
 */
export const eventsQuery = (query: string) => {
  const input = { query: query ? { 'filter[query]': query } : {} };
  const lang = currentLanguage();
  return queryOptions({
    queryKey: [shellRoutes.listEvents.id, input, lang] as const,
    queryFn: ({ signal }) => callApi(shellRoutes.listEvents, input, signal),
  });
};

/** The event of the route, or of the injected configuration in single-event mode. */
export const slugOf = (params: Record<string, string | undefined>): string => params.eventSlug ?? appConfig.slug;

export const eventQuery = (slug: string) => apiQuery(shellRoutes.getEvent, { params: { slug } });

/** The event's banners (the layout's footer, the home page's places). */
export const brandingsQuery = (eventId: number) => apiQuery(pageRoutes.listBrandings, { params: { eventId } });

/** The signed-in person in the event, or null for guests and people who are not members. */
export const memberQuery = (eventId: number) =>
  queryOptions({
    queryKey: [shellRoutes.getMyMembership.id, eventId, isSignedIn()] as const,
    queryFn: async ({ signal }): Promise<EventMember | null> => {
      if (!isSignedIn()) return null;
      try {
        return (await callApi(shellRoutes.getMyMembership, { params: { eventId } }, signal)).data;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 401)) return null;
        throw error;
      }
    },
  });
