import { useTranslation } from 'react-i18next';
import { EntryLink } from './EntryLink.tsx';
import type { ShellContext } from './registry.ts';
import type { VisibleEntry } from './visibility.ts';

/** The event's sections on wide screens. */
export function Sidebar({ items, context }: { items: VisibleEntry[]; context: ShellContext }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('event.sections')} data-testid="event-sidebar" className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-60 shrink-0 overflow-y-auto border-r border-line bg-surface px-3 py-4 md:block">
      <p className="truncate px-3 pb-3 text-xs font-semibold uppercase tracking-wide text-fg-muted">{context.event.name}</p>
      <ul className="space-y-1">
        {items.map((item) => (
          <li key={item.entry.id}>
            <EntryLink item={item} context={context} look="sidebar" testId={`nav-${item.entry.id}`} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
