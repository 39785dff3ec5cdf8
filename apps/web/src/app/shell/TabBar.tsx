import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';
import { EntryLink } from './EntryLink.tsx';
import { MoreIcon } from './icons.tsx';
import { MoreSheet } from './MoreSheet.tsx';
import type { ShellContext } from './registry.ts';
import type { VisibleEntry } from './visibility.ts';

/** The event's sections on phones: registered tabs, and a "more" sheet when anything else is allowed. */
export function TabBar({ tabs, more, context }: { tabs: VisibleEntry[]; more: VisibleEntry[]; context: ShellContext }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    // Back to where the person was, also when a link in the sheet keeps them on this page.
    trigger.current?.focus();
  };
  return (
    <>
      <nav aria-label={t('event.sections')} data-testid="tab-bar" className="sticky bottom-0 z-30 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden">
        <ul className="flex">
          {tabs.map((item) => (
            <li key={item.entry.id} className="min-w-0 flex-1">
              <EntryLink item={item} context={context} look="tab" testId={`tab-${item.entry.id}`} />
            </li>
          ))}
          {more.length > 0 ? (
            <li className="min-w-0 flex-1">
              <button
                ref={trigger}
                type="button"
                aria-haspopup="dialog"
                aria-expanded={open}
                data-testid="tab-more"
                onClick={() => setOpen(true)}
                className={cn('flex min-h-14 w-full flex-col items-center justify-center gap-0.5 px-1 text-xs font-semibold', open ? 'text-brand-ink' : 'text-fg-muted hover:text-fg')}
              >
                <MoreIcon className="size-6" />
                <span>{t('shell.more')}</span>
              </button>
            </li>
          ) : null}
        </ul>
      </nav>
      {more.length > 0 ? <MoreSheet open={open} onClose={close} items={more} context={context} /> : null}
    </>
  );
}
