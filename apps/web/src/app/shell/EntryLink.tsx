import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { eventPath } from '../../features/events/context.ts';
import { cn } from '../../ui/cn.ts';
import { LockIcon } from './icons.tsx';
import type { ShellContext } from './registry.ts';
import type { VisibleEntry } from './visibility.ts';

const looks = {
  sidebar: { base: 'flex min-h-11 items-center gap-3 rounded-xl px-3 text-sm font-semibold', active: 'bg-brand/10 text-brand-ink', idle: 'text-fg-muted hover:bg-surface-muted hover:text-fg' },
  tab: { base: 'flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 text-xs font-semibold', active: 'text-brand-ink', idle: 'text-fg-muted hover:text-fg' },
  sheet: { base: 'flex min-h-12 items-center gap-3 rounded-xl px-3 text-base font-semibold', active: 'bg-brand/10 text-brand-ink', idle: 'hover:bg-surface-muted' },
} as const;

/** One entry of the sidebar, the tab bar or the "more" sheet; NavLink sets aria-current="page" on the active one. */
export function EntryLink({ item, context, look, testId, onNavigate }: { item: VisibleEntry; context: ShellContext; look: keyof typeof looks; testId: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { entry, state } = item;
  const style = looks[look];
  const to = entry.kind === 'section' ? eventPath(context.event.slug, entry.path) : entry.href(context);
  const Icon = entry.icon;
  const Badge = entry.Badge;
  return (
    <NavLink to={to} end={entry.kind === 'section' && entry.path === ''} data-testid={testId} onClick={onNavigate} className={({ isActive }) => cn(style.base, isActive ? style.active : style.idle)}>
      <span className="relative">
        <Icon className={look === 'tab' ? 'size-6' : 'size-5'} />
        {Badge ? (
          <Suspense fallback={null}>
            <Badge context={context} />
          </Suspense>
        ) : null}
      </span>
      <span className="flex min-w-0 items-center gap-1">
        <span className="truncate">{t(entry.labelKey)}</span>
        {state === 'locked' ? (
          <>
            <LockIcon className="size-3.5 shrink-0 opacity-70" />
            <span className="sr-only"> {t('shell.locked')}</span>
          </>
        ) : null}
      </span>
    </NavLink>
  );
}
