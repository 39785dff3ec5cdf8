import { DEFAULT_COLOUR } from '@lobby/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from './types.ts';
import { acceptColour, swatchColour } from './widget-rules.ts';
import { controlClass, describedBy, WidgetField } from './WidgetField.tsx';

/**
 * A colour: a swatch (the native colour picker) and the text of the colour. Text the colour rule
 * refuses shows an error and is not sent; a blank text clears the colour. Unset, the swatch shows
 * the default #000000.
 */
export function ColourWidget({ id, label, value, onChange }: WidgetProps<string>) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  // A value changed from outside (undo, another block) replaces the text, unless the text already says it.
  if (value !== shown) {
    setShown(value);
    const current = acceptColour(draft);
    if (!current.ok || current.value !== value) setDraft(value ?? '');
  }
  const accepted = acceptColour(draft);
  const error = accepted.ok ? null : t('page_editor_widgets.colour_invalid');

  const type = (text: string) => {
    setDraft(text);
    const next = acceptColour(text);
    if (next.ok && next.value !== value) onChange(next.value);
  };

  return (
    <WidgetField id={id} label={label} error={error} testId={`colour-widget-${id}`}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          value={swatchColour(accepted.ok ? accepted.value : value)}
          onChange={(event) => type(event.target.value)}
          aria-label={t('page_editor_widgets.colour_pick', { label })}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-xl border border-line bg-surface p-1"
          data-testid="colour-swatch"
        />
        <input
          id={id}
          type="text"
          value={draft}
          onChange={(event) => type(event.target.value)}
          placeholder={DEFAULT_COLOUR}
          spellCheck={false}
          autoComplete="off"
          maxLength={20}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
          className={controlClass(error !== null, 'w-full font-mono')}
          data-testid="colour-text"
        />
      </div>
    </WidgetField>
  );
}
