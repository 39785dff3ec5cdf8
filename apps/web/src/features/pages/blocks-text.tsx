// Text blocks of a page: Markdown, Content, Title, Cover, TextColumns, Accordion and Tabs. Text is
// Markdown through the app's sanitising renderer (raw HTML never rendered; links open in a new tab).
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Markdown } from '../../ui/Markdown.tsx';
import { cn } from '../../ui/cn.ts';
import { BlockButton } from './PageLink.tsx';
import { ALIGN_CLASS, columnsClass, cssColour, SIDE_ALIGN_CLASS, tabAfterKey, TITLE_SIZE_CLASS, WIDTH_CLASS, type BlockData } from './page-rules.ts';

export function MarkdownBlock({ data }: { data: BlockData<3> }) {
  return (
    <div className={ALIGN_CLASS[data.alignment ?? 'start']}>
      <Markdown>{data.text}</Markdown>
    </div>
  );
}

export function ContentBlock({ data }: { data: BlockData<5> }) {
  const align = data.alignment ?? 'start';
  return (
    <div className={cn('flex flex-col gap-4', ALIGN_CLASS[align], align === 'center' ? 'items-center' : align === 'end' ? 'items-end' : 'items-start')}>
      {data.title ? <h3 className="text-xl font-semibold">{data.title}</h3> : null}
      {data.image ? <img src={data.image} alt="" loading="lazy" className={cn('h-auto rounded-xl', WIDTH_CLASS[data.imageWidth ?? 'w-full'])} /> : null}
      <div className="w-full">
        <Markdown>{data.text}</Markdown>
      </div>
      <BlockButton button={data.button} />
    </div>
  );
}

export function TitleBlock({ data }: { data: BlockData<17> }) {
  return (
    <h2 className={cn('font-bold leading-tight break-words', TITLE_SIZE_CLASS[data.size], ALIGN_CLASS[data.alignment ?? 'start'])} style={{ color: cssColour(data.colour) }}>
      {data.text}
    </h2>
  );
}

export function CoverBlock({ data }: { data: BlockData<12> }) {
  return (
    <div className="relative overflow-hidden rounded-2xl bg-surface-muted">
      {data.image ? <img src={data.image} alt="" className="absolute inset-0 size-full object-cover" /> : null}
      <div className={cn('relative flex min-h-64 flex-col justify-end gap-3 p-6 md:min-h-80 md:p-10', SIDE_ALIGN_CLASS[data.alignment ?? 'left'], data.image && 'bg-gradient-to-t from-black/70 to-black/10 text-white')}>
        <h2 className="text-2xl font-bold leading-tight break-words md:text-3xl">{data.title}</h2>
        {data.subtitle ? <p className="whitespace-pre-line text-base md:text-lg">{data.subtitle}</p> : null}
        <BlockButton button={data.button} />
      </div>
    </div>
  );
}

export function TextColumnsBlock({ data }: { data: BlockData<16> }) {
  return (
    <div className={cn('grid gap-6', columnsClass(data.columns))}>
      {data.texts.map((item, index) => (
        <div key={index} className="min-w-0">
          <Markdown>{item.text}</Markdown>
        </div>
      ))}
    </div>
  );
}

/** Each tab as a native disclosure (<details>): keyboard and screen readers work without script. */
export function AccordionBlock({ data }: { data: BlockData<13> }) {
  return (
    <div className="divide-y divide-line rounded-2xl border border-line bg-surface">
      {data.tabs.map((tab, index) => (
        <details key={index} className="group px-4 py-3">
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 font-semibold [&::-webkit-details-marker]:hidden">
            <span>{tab.label}</span>
            <span aria-hidden="true" className="transition-transform group-open:rotate-180">
              ▾
            </span>
          </summary>
          <div className="pt-2 pb-1">
            <Markdown>{tab.text}</Markdown>
          </div>
        </details>
      ))}
    </div>
  );
}

/** A tablist (WAI-ARIA tabs pattern): arrows move and select, Home and End jump; one tab stop. */
export function TabsBlock({ data }: { data: BlockData<15> }) {
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const base = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabAfterKey(event.key, selected, data.tabs.length);
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    tabs.current[next]?.focus();
  };
  const current = Math.min(selected, data.tabs.length - 1);
  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" className="flex gap-1 overflow-x-auto border-b border-line">
        {data.tabs.map((tab, index) => (
          <button
            key={index}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${index}`}
            aria-selected={index === current}
            aria-controls={`${base}-panel-${index}`}
            tabIndex={index === current ? 0 : -1}
            onClick={() => setSelected(index)}
            onKeyDown={onKeyDown}
            className={cn('min-h-11 shrink-0 border-b-2 px-4 text-sm font-semibold', index === current ? 'border-brand text-fg' : 'border-transparent text-fg-muted hover:text-fg')}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {data.tabs.map((tab, index) => (
        <div key={index} role="tabpanel" id={`${base}-panel-${index}`} aria-labelledby={`${base}-tab-${index}`} hidden={index !== current} tabIndex={0}>
          <Markdown>{tab.text}</Markdown>
        </div>
      ))}
    </div>
  );
}
