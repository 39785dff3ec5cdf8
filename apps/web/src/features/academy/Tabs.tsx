import { useRef, type KeyboardEvent } from 'react';
import { cn } from '../../ui/cn.ts';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

export const tabId = (base: string, key: string) => `${base}-tab-${key}`;
export const panelId = (base: string, key: string) => `${base}-panel-${key}`;

/** The tab an arrow, Home or End key moves to (wrapping around), or null for any other key. */
export function tabAfterKey<K extends string>(keys: readonly K[], current: K, key: string): K | null {
  const index = keys.indexOf(current);
  const next = ({ ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: keys.length - 1 } as Record<string, number>)[key];
  if (next === undefined || keys.length === 0) return null;
  return keys[(next + keys.length) % keys.length] ?? null;
}

/**
 * A tablist after the WAI-ARIA pattern: one tab stop, arrows (and Home, End) move to and open the
 * next tab. The panels are the caller's, with ids from panelId().
 */
export function Tabs<K extends string>({ idBase, label, items, value, onChange }: { idBase: string; label: string; items: readonly TabItem<K>[]; value: K; onChange: (key: K) => void }) {
  const buttons = useRef<Partial<Record<K, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabAfterKey(
      items.map((item) => item.key),
      value,
      event.key,
    );
    if (next === null) return;
    event.preventDefault();
    onChange(next);
    buttons.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-line" data-testid="lesson-tabs">
      {items.map((item) => {
        const selected = item.key === value;
        return (
          <button
            key={item.key}
            ref={(node) => {
              buttons.current[item.key] = node;
            }}
            type="button"
            role="tab"
            id={tabId(idBase, item.key)}
            aria-selected={selected}
            aria-controls={panelId(idBase, item.key)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.key)}
            onKeyDown={onKeyDown}
            data-testid={`lesson-tab-${item.key}`}
            className={cn('-mb-px min-h-11 shrink-0 border-b-2 px-4 text-sm font-semibold', selected ? 'border-brand text-fg' : 'border-transparent text-fg-muted hover:text-fg')}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
