// A list reordered by drag and drop or by the Move up / Move down buttons (keyboard). The new order
// shows at once and goes to the sort call; when the server refuses it, the list goes back and a
// toast says why. Screen readers hear where the item went.
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { cn } from '../../ui/cn.ts';
import { apiErrorText } from '../auth/api-error.ts';
import { inOrder, moveItem, sameOrder } from './reorder.ts';

export interface ReorderListProps<T extends { id: number }> {
  items: readonly T[];
  /** The list's name for screen readers. */
  label: string;
  nameOf: (item: T) => string;
  children: (item: T, index: number) => ReactNode;
  /** Sends the new order (every id once); resolves once the lists are read again. */
  onSave: (ids: number[]) => Promise<unknown>;
  /** Teachers see the order without the controls. */
  editable: boolean;
  testId?: string;
}

/** The order being saved over the server's, and its moves. */
export function useReorder<T extends { id: number }>(items: readonly T[], onSave: (ids: number[]) => Promise<unknown>, onFailed: (error: unknown) => void) {
  const [pending, setPending] = useState<number[] | null>(null);
  const shown = pending ? inOrder(items, pending) : [...items];
  const move = (from: number, to: number): number[] | null => {
    if (pending || from === to || to < 0 || to >= shown.length) return null;
    const current = shown.map((item) => item.id);
    const next = moveItem(current, from, to);
    if (sameOrder(next, current)) return null;
    setPending(next);
    onSave(next).then(
      () => setPending(null),
      (error: unknown) => {
        setPending(null);
        onFailed(error);
      },
    );
    return next;
  };
  return { shown, saving: pending !== null, move };
}

function GripIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="currentColor">
      {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
    </svg>
  );
}

const moveButton = 'inline-flex size-11 items-center justify-center rounded-xl border border-line bg-surface text-fg hover:bg-surface-muted aria-disabled:cursor-not-allowed aria-disabled:opacity-40';

export function ReorderList<T extends { id: number }>({ items, label, nameOf, children, onSave, editable, testId }: ReorderListProps<T>) {
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const focusAfter = useRef<{ id: number; direction: 'up' | 'down' } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const { shown, saving, move } = useReorder(items, onSave, (error) => {
    toast.error(t('academy_admin.sort_failed', { reason: apiErrorText(t, error) }));
    setAnnouncement(t('academy_admin.sort_reverted'));
  });

  const moveTo = (from: number, to: number, direction?: 'up' | 'down') => {
    const item = shown[from];
    const next = move(from, to);
    if (!item || !next) return;
    setAnnouncement(t('academy_admin.moved_to', { name: nameOf(item), position: next.indexOf(item.id) + 1, total: next.length }));
    if (direction) focusAfter.current = { id: item.id, direction };
  };

  // The moved item's button keeps the focus; at the top or bottom of the list, its other button takes it.
  useEffect(() => {
    const wanted = focusAfter.current;
    if (!wanted || !list.current) return;
    focusAfter.current = null;
    const row = list.current.querySelector<HTMLElement>(`[data-reorder-id="${wanted.id}"]`);
    const same = row?.querySelector<HTMLButtonElement>(`[data-move="${wanted.direction}"]`);
    const other = row?.querySelector<HTMLButtonElement>(`[data-move="${wanted.direction === 'up' ? 'down' : 'up'}"]`);
    (same?.getAttribute('aria-disabled') === 'true' ? other : same)?.focus();
  });

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    const from = shown.findIndex((item) => item.id === dragged);
    setDragged(null);
    setOver(null);
    if (from >= 0) moveTo(from, index);
  };

  return (
    <>
      <ol ref={list} aria-label={label} aria-busy={saving} className="flex flex-col gap-2" data-testid={testId}>
        {shown.map((item, index) => {
          const name = nameOf(item);
          const first = index === 0;
          const last = index === shown.length - 1;
          return (
            <li
              key={item.id}
              data-reorder-id={item.id}
              data-testid="reorder-item"
              draggable={editable && !saving}
              onDragStart={(event) => {
                setDragged(item.id);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(item.id));
              }}
              onDragOver={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                if (over !== index) setOver(index);
              }}
              onDragLeave={() => setOver((current) => (current === index ? null : current))}
              onDrop={(event) => onDrop(event, index)}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
              className={cn(
                'flex items-center gap-2 rounded-2xl border bg-surface p-3 transition-colors',
                over === index && dragged !== item.id ? 'border-brand ring-2 ring-brand/40' : 'border-line',
                dragged === item.id ? 'opacity-60' : null,
              )}
            >
              {editable ? (
                <span className="hidden cursor-grab text-fg-muted sm:inline-flex" title={t('academy_admin.drag_hint')} aria-hidden="true">
                  <GripIcon />
                </span>
              ) : null}
              <div className="min-w-0 flex-1">{children(item, index)}</div>
              {editable ? (
                <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
                  <button
                    type="button"
                    data-move="up"
                    className={moveButton}
                    aria-disabled={first || saving}
                    aria-label={t('academy_admin.move_up', { name })}
                    onClick={() => !first && !saving && moveTo(index, index - 1, 'up')}
                  >
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button
                    type="button"
                    data-move="down"
                    className={moveButton}
                    aria-disabled={last || saving}
                    aria-label={t('academy_admin.move_down', { name })}
                    onClick={() => !last && !saving && moveTo(index, index + 1, 'down')}
                  >
                    <span aria-hidden="true">↓</span>
                  </button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      <p className="sr-only" role="status" aria-live="polite" data-testid="reorder-status">
        {announcement}
      </p>
    </>
  );
}
