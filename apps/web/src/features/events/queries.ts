import { SEARCH_TEXT_MAX, type Event, type EventGroups, type EventMember } from '@lobby/contract';
import { pageRoutes, shellRoutes } from '../../api/route-refs.ts';
import { queryOptions } from '@tanstack/react-query';
import { apiQuery, callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { queryClient } from '../../api/query-client.ts';
import { isSignedIn } from '../../api/session.ts';
import { appConfig } from '../../app/config.ts';
import { currentLanguage } from '../../i18n/index.ts';

// The queries the first page of an event or of the list starts with; the router starts them before
// the page's code has loaded (startFirstLoad), so this module stays small and schema-free.

export const MAX_QUERY = SEARCH_TEXT_MAX;
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
    queryFn: async ({ signal }) => {
      const answer = await callApi(shellRoutes.listEvents, input, signal);
      preloadPicture(firstCard(answer.data)?.background?.url);
      return answer;
    },
  });
};

export type SectionKey = 'my' | 'available' | 'current' | 'upcoming' | 'past';

/**
 * The list's sections in order. Signed in: my events, the ones open to me, and past ones
 * (product.md section 2, events). Guests: what is happening now first, that is what a person
 * between talks is looking for.
 */
export function sectionsOf(groups: EventGroups): [SectionKey, Event[]][] {
  if (groups.my) {
    const mine = new Set(groups.my.map((event) => event.id));
    return [
      ['my', groups.my.filter((event) => event.group !== 'past')],
      ['available', [...groups.current, ...groups.upcoming].filter((event) => !mine.has(event.id))],
      ['past', groups.past],
    ];
  }
  return [
    ['current', groups.current],
    ['upcoming', groups.upcoming],
    ['past', groups.past],
  ];
}

/** The card shown first: the first event of the first section that has any. */
export const firstCard = (groups: EventGroups): Event | undefined => sectionsOf(groups).find(([, events]) => events.length > 0)?.[1][0];

/**
 * The first card's picture is the page's largest paint: it starts loading with the answer, while
 * the page's code and texts are still arriving, rather than after the first render. The card's
 * <img> then finds it in the browser's memory cache (same address).
 */
function preloadPicture(url: string | undefined): void {
  if (!url || typeof Image === 'undefined') return;
  const picture = new Image();
  picture.fetchPriority = 'high';
  picture.src = url;
}

/** The event of the route, or of the injected configuration in single-event mode. */
export const slugOf = (params: Record<string, string | undefined>): string => params.eventSlug ?? appConfig.slug;

export const eventQuery = (slug: string) => apiQuery(shellRoutes.getEvent, { params: { slug } });

/**
 * Starts calls that need the event's id as soon as the event answers (on the first load, before
 * any page has rendered); the event's own call is shared with whoever asks for it too.
 */
export function whenEventKnown(slug: string, start: (eventId: number, event: Event) => void): void {
  queryClient
    .fetchQuery(eventQuery(slug))
    .then(({ data: event }) => start(event.id, event))
    .catch(() => {});
}

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
