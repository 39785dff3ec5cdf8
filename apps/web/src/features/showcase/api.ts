import { routes, VOTE_REFUSALS, type VoteRefusal } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { queryClient } from '../../api/query-client.ts';

// The showcase's calls (packages/contract/src/games.ts) and what a vote or a submission changes.

export const showcasesQuery = (eventId: number) => apiQuery(routes.listShowcases, { params: { eventId } });
export const showcaseQuery = (eventId: number, slug: string) => apiQuery(routes.getShowcase, { params: { eventId, slug } });
export const entryQuery = (eventId: number, requestId: number) => apiQuery(routes.getShowcaseEntry, { params: { eventId, requestId } });
export const topQuery = (eventId: number, slug: string) => apiQuery(routes.getShowcaseTop, { params: { eventId, slug } });

export interface EntryFilters {
  platform: number[];
  genre: number[];
  stage: number[];
}

export const entriesQuery = (eventId: number, slug: string, filters: EntryFilters) =>
  apiQuery(routes.listShowcaseEntries, {
    params: { eventId, slug },
    query: {
      per_page: 100,
      ...(filters.platform.length > 0 ? { 'filter[platform]': filters.platform } : {}),
      ...(filters.genre.length > 0 ? { 'filter[genre]': filters.genre } : {}),
      ...(filters.stage.length > 0 ? { 'filter[stage]': filters.stage } : {}),
    },
  });

/** The entries of the reader's companies' games in a showcase, whatever their status, with the reason of a rejection. */
export const myEntriesQuery = (eventId: number, slug: string) => apiQuery(routes.listShowcaseEntries, { params: { eventId, slug }, query: { per_page: 100, 'filter[mine]': '1' } });

/** A vote or a submission changed counts and states: the showcase's lists, entries, top and games read them again. */
export const refreshShowcase = () =>
  queryClient.invalidateQueries({
    predicate: (q) =>
      [routes.getShowcase.id, routes.listShowcases.id, routes.listShowcaseEntries.id, routes.getShowcaseEntry.id, routes.getShowcaseTop.id, routes.getGame.id, routes.listGames.id].includes(String(q.queryKey[0])),
  });

/** The reason a vote was refused (403 vote.not_counted, details.reason), when it is one the page knows. */
export function refusalOf(error: unknown): VoteRefusal | null {
  if (!(error instanceof ApiError) || error.code !== 'vote.not_counted') return null;
  const reason = error.details?.reason;
  return (VOTE_REFUSALS as readonly unknown[]).includes(reason) ? (reason as VoteRefusal) : null;
}

/**
 * The showcase the address names (its slug), else the event's first one; `none` when the event
 * has no showcase at all.
 */
export function useShowcaseSlug(eventId: number, slug: string | undefined) {
  const list = useQuery({ ...showcasesQuery(eventId), enabled: slug === undefined });
  if (slug !== undefined) return { slug, pending: false, error: null, none: false, retry: () => {} };
  const first = list.data?.data[0];
  return { slug: first?.slug, pending: list.isPending, error: list.error, none: list.isSuccess && !first, retry: () => void list.refetch() };
}
