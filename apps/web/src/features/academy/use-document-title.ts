import { useEffect } from 'react';

/** The browser tab names the academy page while it is open ("Title · Event · Lobby"), the event again after. */
export function useDocumentTitle(pageTitle: string | null, eventTitle: string): void {
  useEffect(() => {
    if (pageTitle === null) return undefined;
    document.title = `${pageTitle} · ${eventTitle} · Lobby`;
    return () => {
      document.title = `${eventTitle} · Lobby`;
    };
  }, [pageTitle, eventTitle]);
}
