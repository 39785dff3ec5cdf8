import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { changeFilters, readFilters, writeFilters, type VacancyFilters } from './filters.ts';

/** The filters in the address, and a search box whose text reaches the address after a pause. */
export function useVacancyFilters() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const update = (change: Partial<VacancyFilters>) => {
    // From the address itself: two quick changes (a skill, then remote) must not lose the first.
    const current = readFilters(new URLSearchParams(window.location.search));
    setParams(writeFilters(changeFilters(current, change)), { replace: true });
  };
  const [text, setText] = useState(filters.q);
  useEffect(() => {
    if (text.trim() === filters.q.trim()) return;
    const handle = window.setTimeout(() => update({ q: text.trim().slice(0, 100) }), 300);
    return () => window.clearTimeout(handle);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update is recreated each render; the text is what matters
  }, [text]);
  return { filters, update, text, setText };
}
