import type { GameMedia } from '@lobby/contract';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../ui/Button.tsx';

/**
 * Screenshots full size on a modal <dialog> (the page behind is inert, so focus stays inside):
 * arrows go to the previous and next picture, Escape and the close button close it, and focus
 * returns to the thumbnail that opened it.
 */
export function Lightbox({ shots, index, onIndex, onClose, name }: { shots: GameMedia[]; index: number; onIndex: (index: number) => void; onClose: () => void; name: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const node = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (node && !node.open) node.showModal();
    close.current?.focus();
    return () => {
      node?.close();
      opener?.focus();
    };
  }, []);
  const shot = shots[index];
  if (!shot) return null;
  const go = (step: number) => onIndex((index + step + shots.length) % shots.length);
  const onKey = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    }
  };
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onKeyDown={onKey}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
      data-testid="game-lightbox"
      className="m-auto max-h-[95dvh] w-[min(72rem,calc(100vw-1rem))] rounded-2xl border border-line bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/80"
    >
      <div className="flex flex-col gap-3 p-3 sm:p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id={titleId} className="text-base font-semibold" aria-live="polite">
            {t('games.lightbox_title', { name, n: index + 1, count: shots.length })}
          </h2>
          <button ref={close} type="button" className={buttonClass('ghost')} onClick={onClose}>
            {t('shell.close')}
          </button>
        </div>
        <img src={shot.url} alt={t('games.shot_alt', { n: index + 1 })} className="max-h-[75dvh] w-full rounded-xl object-contain" />
        {shots.length > 1 ? (
          <div className="flex justify-between gap-2">
            <Button variant="secondary" onClick={() => go(-1)} data-testid="lightbox-prev">
              ← {t('games.previous')}
            </Button>
            <Button variant="secondary" onClick={() => go(1)} data-testid="lightbox-next">
              {t('games.next')} →
            </Button>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
