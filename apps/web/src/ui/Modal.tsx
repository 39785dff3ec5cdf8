import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Modal widths (contract.md section 9: modal sizes xs to 2xl); never wider than the screen. */
const SIZES = {
  xs: 'w-[min(20rem,calc(100vw-1rem))]',
  sm: 'w-[min(24rem,calc(100vw-1rem))]',
  md: 'w-[min(28rem,calc(100vw-1rem))]',
  lg: 'w-[min(32rem,calc(100vw-1rem))]',
  xl: 'w-[min(36rem,calc(100vw-1rem))]',
  '2xl': 'w-[min(44rem,calc(100vw-1rem))]',
} as const;
export type ModalSize = keyof typeof SIZES;

/**
 * A modal on the native <dialog> (focus trap, inert page, Escape) with a title and a close
 * button; closing (Escape, the button, a click on the backdrop) calls onClose.
 */
export function Modal({ title, onClose, children, testId, size = '2xl' }: { title: string; onClose: () => void; children: ReactNode; testId?: string; size?: ModalSize }) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) node.showModal();
    return () => node?.close();
  }, []);
  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === dialog.current) onClose();
  };
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={onBackdrop}
      className={`m-auto max-h-[90dvh] ${SIZES[size]} rounded-2xl border border-line bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/50`}
    >
      <div className="flex flex-col gap-4 p-4 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          <button type="button" onClick={onClose} className="min-h-11 shrink-0 rounded-xl px-3 text-sm font-semibold text-fg-muted hover:bg-surface-muted hover:text-fg">
            {t('shell.close')}
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
