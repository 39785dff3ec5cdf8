import { MEMBER_SORTS, REGIONS, TICKET_FEATURES, type routes, type RouteInput } from '@lobby/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export type MemberSortKey = (typeof MEMBER_SORTS)[number];

/** The directory's filters as they stand in the address (so a search can be shared and survives reloads). */
export interface MemberFilters {
  q: string;
  geo: string;
  offer: string;
  looking: string;
  feature: string;
  previous: boolean;
  empty: boolean;
  sort: MemberSortKey;
  order: 'asc' | 'desc' | '';
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' => ((values as readonly string[]).includes(value ?? '') ? (value as T) : '');
const positiveInt = (value: string | null): string => (/^\d{1,9}$/.test(value ?? '') && Number(value) > 0 ? String(Number(value)) : '');

/** Reads the filters from the URL; unknown values fall back to "any" rather than reaching the API as a 400. */
export function readFilters(params: URLSearchParams): MemberFilters {
  const order = params.get('order');
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    geo: oneOf(REGIONS, params.get('geo')),
    offer: positiveInt(params.get('offer')),
    looking: positiveInt(params.get('looking')),
    feature: oneOf(TICKET_FEATURES, params.get('feature')),
    previous: params.get('previous') === '1',
    empty: params.get('empty') === '1',
    sort: oneOf(MEMBER_SORTS, params.get('sort')) || 'last_seen',
    order: order === 'asc' || order === 'desc' ? order : '',
    page: Math.max(1, Number(positiveInt(params.get('page')) || 1)),
  };
}

/** The list call's query for the filters. */
export type MembersQuery = NonNullable<RouteInput<typeof routes.listMembers>['query']>;

export function toApiQuery(f: MemberFilters): MembersQuery {
  const query: MembersQuery = { page: f.page, sort: f.sort };
  if (f.order) query.order = f.order;
  if (f.q.trim()) query['filter[query]'] = f.q.trim();
  if (f.geo) query['filter[geo]'] = f.geo;
  if (f.offer) query['filter[offer]'] = f.offer;
  if (f.looking) query['filter[looking]'] = f.looking;
  if (f.feature) query['filter[features]'] = f.feature;
  if (f.previous) query['filter[show_previous]'] = '1';
  if (f.empty) query['filter[empty]'] = '1';
  return query;
}

export function useMemberFilters() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  /** Sets some filters; any change but the page goes back to page 1. */
  const update = (change: Partial<Record<keyof MemberFilters, string | number | boolean>>) => {
    setParams(
      () => {
        // From the address itself: the hook's `current` is the last render's, so two quick changes
        // (offer, then region) would lose the first.
        const next = new URLSearchParams(window.location.search);
        for (const [key, value] of Object.entries(change)) {
          const text = value === true ? '1' : value === false || value === undefined ? '' : String(value);
          if (text) next.set(key, text);
          else next.delete(key);
        }
        if (!('page' in change)) next.delete('page');
        if (next.get('page') === '1') next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  // The search box types freely; the address (and the request) follows after a pause.
  const [text, setText] = useState(filters.q);
  useEffect(() => {
    if (text.trim() === filters.q.trim()) return;
    const handle = window.setTimeout(() => update({ q: text.trim() }), 300);
    return () => window.clearTimeout(handle);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update is recreated each render; the text is what matters
  }, [text]);
  return { filters, update, text, setText };
}
