import { routes } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, type LoaderFunctionArgs } from 'react-router';
import { apiQuery } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { queryClient } from '../../api/query-client.ts';
import { isSignedIn } from '../../api/session.ts';
import { applyTheme } from '../../app/theme.ts';
import { applyEventLanguages, fallBackToEnglish } from '../../i18n/index.ts';
import { cn } from '../../ui/cn.ts';
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
    if (!(error instanceof ApiError && error.status === 404)) await fallBackToEnglish();
    throw error;
  }
  return null;
}

function SectionNav({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const link = ({ isActive }: { isActive: boolean }) =>
    cn('whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold', isActive ? 'bg-brand/10 text-brand-ink' : 'text-fg-muted hover:text-fg');
  return (
    <nav aria-label={t('event.sections')} className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 py-2">
        <NavLink to={eventPath(slug)} end className={link}>
          {t('event.nav_home')}
        </NavLink>
        <NavLink to={eventPath(slug, 'members')} className={link} data-testid="nav-members">
          {t('event.nav_members')}
        </NavLink>
      </div>
    </nav>
  );
}

export function Component() {
  const { event, member, slug } = useEventContext();
  const { data: banners } = useQuery(apiQuery(routes.listBrandings, { params: { eventId: event.id } }));

  useEffect(() => {
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
      void queryClient.invalidateQueries({ queryKey: [routes.getMyMembership.id, event.id] });
      void queryClient.invalidateQueries({ queryKey: [routes.listBrandings.id] });
    });
  }, [event.id, member, slug]);

  return (
    <div data-testid="event-layout">
      <SectionNav slug={slug} />
      <Outlet />
      <Banners groups={banners?.data ?? []} place="footer" />
    </div>
  );
}
