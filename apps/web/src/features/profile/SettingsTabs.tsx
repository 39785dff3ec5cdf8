import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '../../ui/cn.ts';

const TABS = ['main', 'account', 'company', 'company-members', 'company-vacancies', 'security'] as const;

/** The tabs of /profile/settings; the company tabs lead to the company pages. */
export function SettingsTabs() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('profile.settings_tabs')} className="-mx-4 overflow-x-auto px-4">
      <ul className="flex gap-1 border-b border-line">
        {TABS.map((tab) => (
          <li key={tab}>
            <NavLink
              to={`/profile/settings/${tab}`}
              className={({ isActive }) => cn('inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm font-semibold', isActive ? 'border-brand text-fg' : 'border-transparent text-fg-muted hover:text-fg')}
            >
              {t(`profile.tab_${tab.replace('-', '_')}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SettingsFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <SettingsTabs />
      {children}
    </div>
  );
}
