import { GAME_SCREENSHOTS_MAX } from '@lobby/contract';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { IMAGE_ACCEPT, isAcceptedImage } from '../../ui/image-rules.ts';

/** A screenshot in the form: saved (a media row) or waiting for its upload (a chosen file), or failed. */
export interface Shot {
  key: string;
  url: string;
  mediaId: number | null;
  file: File | null;
  state: 'saved' | 'pending' | 'uploading' | 'failed';
  error?: string;
}

const MAX_BYTES = 10 * 1024 * 1024;

/**
 * The screenshot gallery: add pictures, remove them, reorder them by dragging or with the "move
 * left/right" buttons (the keyboard's way); a live region says where a moved screenshot now is.
 */
export function GameGallery({ shots, onAdd, onRemove, onMove, onRetry }: { shots: Shot[]; onAdd: (files: File[]) => void; onRemove: (shot: Shot) => void; onMove: (from: number, to: number) => void; onRetry: (shot: Shot) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const room = GAME_SCREENSHOTS_MAX - shots.length;

  const take = (files: File[]) => {
    setProblem(null);
    const fitting = files.filter((file) => isAcceptedImage(file, IMAGE_ACCEPT) && file.size <= MAX_BYTES);
    if (fitting.length < files.length) setProblem(t('games.shots_rejected'));
    if (fitting.length > room) setProblem(t('games.shots_too_many', { max: GAME_SCREENSHOTS_MAX }));
    if (fitting.length > 0 && room > 0) onAdd(fitting.slice(0, room));
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= shots.length || from === to) return;
    onMove(from, to);
    setAnnounce(t('games.shot_moved', { from: from + 1, to: to + 1, count: shots.length }));
  };

  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, index);
    setDragged(null);
  };

  return (
    <fieldset className="flex flex-col gap-3" data-testid="game-gallery">
      <legend className="mb-1 text-sm font-semibold">{t('games.screenshots', { max: GAME_SCREENSHOTS_MAX })}</legend>
      <p className="text-sm text-fg-muted">{t('games.screenshots_hint')}</p>
      {shots.length > 0 ? (
        <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {shots.map((shot, index) => (
            <li
              key={shot.key}
              draggable
              onDragStart={() => setDragged(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => onDrop(event, index)}
              onDragEnd={() => setDragged(null)}
              className={cn('flex flex-col gap-2 rounded-2xl border bg-surface p-2', dragged === index ? 'border-brand opacity-60' : 'border-line')}
              data-testid="game-shot"
            >
              <img src={shot.url} alt={t('games.shot_alt', { n: index + 1 })} className="aspect-video w-full cursor-move rounded-xl object-cover" />
              <div className="flex flex-wrap items-center gap-1">
                <span className="mr-auto text-sm text-fg-muted">{t('games.shot_n', { n: index + 1 })}</span>
                <Button variant="ghost" className="px-2" disabled={index === 0} aria-label={t('games.shot_left', { n: index + 1 })} onClick={() => move(index, index - 1)}>
                  ←
                </Button>
                <Button variant="ghost" className="px-2" disabled={index === shots.length - 1} aria-label={t('games.shot_right', { n: index + 1 })} onClick={() => move(index, index + 1)}>
                  →
                </Button>
                <Button variant="ghost" className="px-2" disabled={shot.state === 'uploading'} aria-label={t('games.shot_remove', { n: index + 1 })} onClick={() => onRemove(shot)}>
                  ×
                </Button>
              </div>
              {shot.state === 'uploading' ? <p className="text-sm text-fg-muted">{t('games.uploading')}</p> : null}
              {shot.state === 'pending' ? <p className="text-sm text-fg-muted">{t('games.shot_pending')}</p> : null}
              {shot.state === 'failed' ? (
                <div role="alert" className="flex flex-col gap-1 text-sm text-red-700 dark:text-red-400">
                  <p>{t('games.shot_failed', { n: index + 1, reason: shot.error ?? '' })}</p>
                  <Button variant="secondary" className="self-start" onClick={() => onRetry(shot)}>
                    {t('games.retry_upload')}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announce}
      </p>
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={IMAGE_ACCEPT.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-label={t('games.shots_add')}
        data-testid="game-shots-input"
        onChange={(event) => {
          take(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <Button variant="secondary" className="self-start" disabled={room <= 0} onClick={() => input.current?.click()}>
        {t('games.shots_add')}
      </Button>
      {problem ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
