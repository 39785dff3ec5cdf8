import type { Dictionary, DictionaryName } from '@lobby/contract';
import { pageRoutes } from '../../api/route-refs.ts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiQuery } from '../../api/client.ts';

export interface Option {
  value: number | string;
  label: string;
}

/**
 * The dictionaries of an event (or the platform's without one) in the interface language
 * (Accept-Language); a change of language reloads the app, and with it these lists.
 */
export const dictionariesQuery = (eventId?: number) => ({
  ...apiQuery(pageRoutes.listDictionaries, { query: eventId === undefined ? {} : { event_id: eventId } }),
  staleTime: 5 * 60 * 1000,
});

export function useDictionaries(eventId?: number) {
  const query = useQuery(dictionariesQuery(eventId));
  const data = query.data;
  // One set of look-ups per answer: `options` and `label` keep their identity between renders, so
  // memoised lists (the directory's cards) can take them as props.
  const lookups = useMemo(() => {
    const byName = new Map<string, Dictionary>((data?.data ?? []).map((d) => [d.name, d]));
    return {
      /** The options of one dictionary, in list order. */
      options: (name: DictionaryName): Option[] => byName.get(name)?.items ?? [],
      /** A value's label, or undefined when it is not in the list. */
      label: (name: DictionaryName, value: number | string): string | undefined => byName.get(name)?.items.find((item) => item.value === value)?.label,
    };
  }, [data]);
  return {
    query,
    ready: query.isSuccess,
    ...lookups,
    countries: data?.countries ?? [],
  };
}
