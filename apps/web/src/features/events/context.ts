import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { appConfig } from '../../app/config.ts';
import { brandingsQuery, eventQuery, memberQuery, slugOf } from './queries.ts';

export { brandingsQuery, eventQuery, memberQuery, slugOf };

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
