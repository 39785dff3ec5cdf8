import type { Section } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router';
import { useMe } from '../../features/auth/session.ts';
import { eventQuery, memberQuery, slugOf } from '../../features/events/queries.ts';
import { cn } from '../../ui/cn.ts';
import { isGeneralMode } from '../config.ts';
import { topBarEntries, type TopBarEntry } from '../shell/registry.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { UserMenu } from './UserMenu.tsx';

function Logo() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className="size-9 shrink-0">
      <rect width="64" height="64" rx="16" className="fill-brand" />
      <path d="M20 16h8v26h16v8H20z" className="fill-brand-contrast" />
    </svg>
  );
}

/** Whether the person's membership in the event opens a section (gated top-bar buttons). */
function useSectionOpen(slug: string, gate: Section | undefined): boolean {
  const event = useQuery({ ...eventQuery(slug), enabled: gate !== undefined }).data?.data;
  const member = useQuery({ ...memberQuery(event?.id ?? 0), enabled: gate !== undefined && event !== undefined }).data;
  return gate === undefined || member?.sections[gate] === 'ok';
}

function TopBarButton({ entry: { id, labelKey, icon: Icon, path, gate, Badge }, base, slug }: { entry: TopBarEntry; base: string; slug: string }) {
  const { t } = useTranslation();
  if (!useSectionOpen(slug, gate)) return null;
  return (
    <Link to={`${base}/${path}`} data-testid={`topbar-${id}`} className="relative hidden size-11 sm:inline-flex items-center justify-center rounded-xl text-fg-muted hover:bg-surface-muted hover:text-fg">
      <Icon className="size-6" />
      <span className="sr-only">{t(labelKey)}</span>
      {Badge ? (
        <Suspense fallback={null}>
          <Badge />
        </Suspense>
      ) : null}
    </Link>
  );
}

/** Registered top-bar buttons (notifications, chats) for signed-in people inside an event. */
function TopBarEntries() {
  const me = useMe();
  const params = useParams();
  const slug = params.eventSlug;
  // Single-event mode puts the event's pages at the top level; general mode has them under /events/{slug}.
  const base = slug ? `/events/${slug}` : isGeneralMode ? null : '';
  if (!me || base === null || topBarEntries.length === 0) return null;
  return topBarEntries.map((entry) => <TopBarButton key={entry.id} entry={entry} base={base} slug={slugOf(params)} />);
}

/**
 * The bar on every page: home, the events list (general mode), the event switcher's slot (filled
 * inside an event), registered buttons, language and the avatar menu.
 */
export function TopBar({ switcherSlot }: { switcherSlot: (node: HTMLElement | null) => void }) {
  const { t } = useTranslation();
  const navClass = ({ isActive }: { isActive: boolean }) => cn('rounded-lg px-3 py-2 text-sm font-semibold', isActive ? 'bg-brand/10 text-brand-ink' : 'text-fg-muted hover:text-fg');
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/90 backdrop-blur">
      <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-4">
        <Link to="/" className="flex shrink-0 items-center gap-2 font-bold" aria-label={t('nav.home')}>
          <Logo />
          <span className="hidden text-lg tracking-tight sm:inline">{t('app.name')}</span>
        </Link>
        {isGeneralMode ? (
          <nav aria-label={t('nav.main')} className="hidden items-center gap-1 sm:flex">
            <NavLink to="/events" end className={navClass}>
              {t('nav.events')}
            </NavLink>
          </nav>
        ) : null}
        <div ref={switcherSlot} className="min-w-0" />
        <div className="ml-auto flex shrink-0 items-center gap-2">
          <TopBarEntries />
          <LanguageSwitcher />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
