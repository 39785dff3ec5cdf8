import type { EventMember } from '@lobby/contract';
import { shellRoutes } from '../../api/route-refs.ts';
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { isSignedIn } from '../../api/session.ts';
import { appConfig } from '../../app/config.ts';

import { eventQuery, slugOf } from './queries.ts';

export { eventQuery, slugOf };

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

export function useEventSlug(): string {
  return slugOf(useParams());
}

/** The event and the person's membership, loaded by the event layout's loader. */
export function useEventContext() {
  const slug = useEventSlug();
  const event = useSuspenseQuery(eventQuery(slug)).data.data;
  const member = useQuery(memberQuery(event.id)).data ?? null;
  return { event, member, slug };
}

/** Event-scoped link: /events/{slug}/... in general mode, /... in single-event mode. */
export function eventPath(slug: string, path = ''): string {
  if (appConfig.slug === slug) return path ? `/${path}` : '/';
  return path ? `/events/${slug}/${path}` : `/events/${slug}`;
}
