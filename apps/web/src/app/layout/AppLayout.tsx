import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, ScrollRestoration } from 'react-router';
import { cn } from '../../ui/cn.ts';
import { appConfig, isGeneralMode } from '../config.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { NavigationProgress } from './NavigationProgress.tsx';
import { UserMenu } from './UserMenu.tsx';

function Logo() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className="size-9 shrink-0">
      <rect width="64" height="64" rx="16" className="fill-brand" />
      <path d="M20 16h8v26h16v8H20z" className="fill-brand-contrast" />
    </svg>
  );
}

export function AppLayout() {
  const { t } = useTranslation();
  const navClass = ({ isActive }: { isActive: boolean }) =>
    cn('rounded-lg px-3 py-2 text-sm font-semibold', isActive ? 'bg-brand/10 text-brand-ink' : 'text-fg-muted hover:text-fg');
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-3 focus:py-2">
        {t('nav.skip')}
      </a>
      <NavigationProgress />
      <header className="sticky top-0 z-40 border-b border-line bg-surface/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
          <Link to="/" className="flex items-center gap-2 font-bold" aria-label={t('nav.home')}>
            <Logo />
            <span className="text-lg tracking-tight">{t('app.name')}</span>
          </Link>
          <nav aria-label={t('nav.main')} className="ml-2 hidden items-center gap-1 sm:flex">
            {isGeneralMode ? (
              <NavLink to="/events" className={navClass}>
                {t('nav.events')}
              </NavLink>
            ) : null}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <LanguageSwitcher />
            <UserMenu />
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-line py-6 text-center text-xs text-fg-muted">
        {t('footer.text', { version: appConfig.version })} ·{' '}
        <a href="/api/docs" className="underline hover:text-fg">
          {t('footer.api')}
        </a>
      </footer>
      <ScrollRestoration />
    </div>
  );
}
