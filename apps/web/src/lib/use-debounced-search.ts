import { useEffect, useState } from 'react';

/** A search box's text, the search it settles on after a pause, and the page, reset to 1 on a new search. */
export function useDebouncedSearch(delayMs = 300, maxLength = 100) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const handle = window.setTimeout(() => {
      setSearch(text.trim().slice(0, maxLength));
      setPage(1);
    }, delayMs);
    return () => window.clearTimeout(handle);
  }, [text, delayMs, maxLength]);
  return { text, setText, search, page, setPage };
}
