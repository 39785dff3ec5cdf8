import { shellRoutes } from '../../api/route-refs.ts';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../api/client.ts';
import { currentLanguage } from '../../i18n/index.ts';

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
