import type { Dictionary, DictionaryName } from '@lobby/contract';
import { pageRoutes } from '../../api/route-refs.ts';
import { useQuery } from '@tanstack/react-query';
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
  const byName = new Map<string, Dictionary>((query.data?.data ?? []).map((d) => [d.name, d]));
  return {
    query,
    ready: query.isSuccess,
    /** The options of one dictionary, in list order. */
    options: (name: DictionaryName): Option[] => byName.get(name)?.items ?? [],
    /** A value's label, or undefined when it is not in the list. */
    label: (name: DictionaryName, value: number | string): string | undefined => byName.get(name)?.items.find((item) => item.value === value)?.label,
    countries: query.data?.countries ?? [],
  };
}
