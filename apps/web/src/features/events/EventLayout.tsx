import { pageRoutes, shellRoutes } from '../../api/route-refs.ts';
import { useEffect, useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches, type LoaderFunctionArgs } from 'react-router';
import { ApiError, NetworkError } from '../../api/errors.ts';
import { queryClient } from '../../api/query-client.ts';
import { isSignedIn } from '../../api/session.ts';
import { isFullscreen } from '../../app/lazy.ts';
import { EventShell } from '../../app/shell/EventShell.tsx';
import { applyTheme } from '../../app/theme.ts';
import { applyEventLanguages, fallBackToEnglish } from '../../i18n/index.ts';
import { injectAnalytics, removeAnalytics } from './analytics.ts';
import { Banners } from './Banners.tsx';
import { eventPath, eventQuery, memberQuery, slugOf, useEventContext } from './context.ts';
import { subscribeToEvent } from './realtime.ts';

/**
 * Every page of an event loads the event (404 -> not found; any other failure -> server error in
 * English, contract.md section 8), the person's membership, and the event's languages.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  try {
    const { data: event } = await queryClient.ensureQueryData(eventQuery(slugOf(params)));
    await Promise.all([isSignedIn() ? queryClient.ensureQueryData(memberQuery(event.id)) : null, applyEventLanguages(event.config.languages)]);
  } catch (error) {
    // Offline, the network-error page keeps the person's language: only the server's failures switch it.
    if (!(error instanceof ApiError && error.status === 404) && !(error instanceof NetworkError)) await fallBackToEnglish();
    throw error;
  }
  return null;
}

/** The footer's banners, left out on full-screen pages (its own component: the matched routes change with every navigation state). */
function FooterBanners({ eventId }: { eventId: number }) {
  if (isFullscreen(useMatches())) return null;
  return <Banners eventId={eventId} place="footer" />;
}

/** The profile-data page of the event, which the redirect below must not loop on. */
export const PROFILE_DATA_PATH = 'profile-data';

export function Component() {
  const { event, member, slug } = useEventContext();
  const location = useLocation();

  // Before the browser paints: the page's first frame is in the event's colours (no flash of
  // Lobby's own), and styles are computed once rather than again right after the first paint.
  useLayoutEffect(() => {
    applyTheme(event.config.theme);
    document.title = `${event.title} · Lobby`;
  }, [event]);
  // Keyed by the ids, so a refetch of the event does not reload the tags; leaving removes them.
  const { googleTag, yandexMetrika } = event.config.analytics;
  useEffect(() => {
    injectAnalytics({ googleTag: googleTag ?? null, yandexMetrika: yandexMetrika ?? null });
    return removeAnalytics;
  }, [googleTag, yandexMetrika]);
  useEffect(
    () => () => {
      applyTheme(null);
      document.title = 'Lobby';
      void applyEventLanguages(null);
    },
    [],
  );
  // An organiser's change reaches open pages at once (config-changed on the event channel).
  useEffect(() => {
    if (!member) return undefined;
    return subscribeToEvent(event.id, () => {
      void queryClient.invalidateQueries({ queryKey: eventQuery(slug).queryKey });
      void queryClient.invalidateQueries({ queryKey: [shellRoutes.getMyMembership.id, event.id] });
      void queryClient.invalidateQueries({ queryKey: [pageRoutes.listBrandings.id] });
    });
  }, [event.id, member, slug]);

  // An incomplete profile (the event's required fields, product.md section 5) is filled first,
  // then the person goes on to where they were headed.
  const fillPath = eventPath(slug, PROFILE_DATA_PATH);
  if (member && member.profile_missing.length > 0 && location.pathname !== fillPath) {
    return <Navigate to={`${fillPath}?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`} replace />;
  }

  return (
    <div data-testid="event-layout">
      <EventShell event={event} member={member} />
      <Outlet />
      <FooterBanners eventId={event.id} />
    </div>
  );
}
