// Tabs after the WAI-ARIA pattern: one tab stop, arrows (and Home, End) move between tabs and open
// them; each panel is named by its tab.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../ui/cn.ts';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  /** A count shown after the label (problems on the tab). */
  badge?: string | undefined;
}

export function useTabIds(): (key: string) => { tab: string; panel: string } {
  const base = useId();
  return (key) => ({ tab: `${base}-tab-${key}`, panel: `${base}-panel-${key}` });
}

export function TabList<K extends string>({ tabs, current, onChange, label, ids }: { tabs: TabItem<K>[]; current: K; onChange: (key: K) => void; label: string; ids: (key: string) => { tab: string; panel: string } }) {
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next = event.key === 'ArrowRight' ? (index === last ? 0 : index + 1) : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : event.key === 'Home' ? 0 : event.key === 'End' ? last : null;
    if (next === null) return;
    event.preventDefault();
    const key = tabs[next]!.key;
    onChange(key);
    refs.current.get(key)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-line">
      {tabs.map((tab, index) => {
        const selected = tab.key === current;
        return (
          <button
            key={tab.key}
            ref={(node) => {
              if (node) refs.current.set(tab.key, node);
              else refs.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={ids(tab.key).tab}
            aria-selected={selected}
            aria-controls={ids(tab.key).panel}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
            data-testid={`tab-${tab.key}`}
            className={cn('-mb-px inline-flex min-h-11 items-center gap-2 whitespace-nowrap border-b-2 px-3 text-sm font-semibold', selected ? 'border-brand text-brand-ink' : 'border-transparent text-fg-muted hover:text-fg')}
          >
            {tab.label}
            {tab.badge ? <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs text-white">{tab.badge}</span> : null}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({ id, tabId, hidden, children }: { id: string; tabId: string; hidden: boolean; children: ReactNode }) {
  return (
    <div role="tabpanel" id={id} aria-labelledby={tabId} hidden={hidden} tabIndex={0} className="pt-4 focus-visible:outline-none">
      {children}
    </div>
  );
}
