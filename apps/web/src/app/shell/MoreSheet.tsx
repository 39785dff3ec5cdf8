import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EntryLink } from './EntryLink.tsx';
import type { ShellContext } from './registry.ts';
import type { VisibleEntry } from './visibility.ts';

/**
 * The rest of the sections on phones, as a bottom sheet. A native modal <dialog> gives the focus
 * trap, the inert page behind and Escape (its "cancel") without a dialog library in the bundle.
 */
export function MoreSheet({ open, onClose, items, context }: { open: boolean; onClose: () => void; items: VisibleEntry[]; context: ShellContext }) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) node.showModal();
    if (!open && node.open) node.close();
  }, [open]);
  // A click on the backdrop lands on the dialog element itself.
  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === dialog.current) onClose();
  };
  return (
    <dialog
      ref={dialog}
      aria-labelledby={open ? titleId : undefined}
      data-testid="more-sheet"
      onClose={() => {
        if (open) onClose();
      }}
      onClick={onBackdrop}
      className="fixed inset-x-0 top-auto bottom-0 m-0 max-h-[80dvh] w-full max-w-none rounded-t-3xl border-t border-line bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/40"
    >
      {/* Filled only while open: closed, its links would be rendered on every page for nothing. */}
      {open ? (
        <div className="px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
          <div className="flex items-center justify-between pb-2">
            <h2 id={titleId} className="text-lg font-bold">
              {t('shell.more')}
            </h2>
            <button type="button" onClick={onClose} className="min-h-11 rounded-xl px-3 text-sm font-semibold text-fg-muted hover:bg-surface-muted hover:text-fg">
              {t('shell.close')}
            </button>
          </div>
          <ul className="space-y-1">
            {items.map((item) => (
              <li key={item.entry.id}>
                <EntryLink item={item} context={context} look="sheet" testId={`more-${item.entry.id}`} onNavigate={onClose} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </dialog>
  );
}
