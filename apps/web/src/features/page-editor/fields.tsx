// The editor's own field types (Puck custom fields): a checkbox, the block id (shown with the id a
// block gets until it is named), a number that may be left empty, and the page editor's widgets.
import { createUsePuck, type CustomFieldRender, type Field } from '@puckeditor/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultBlockId, uuidOf } from './convert.ts';
import { usePageEditorContext } from './editor-context.ts';
import type { WidgetProps } from './widgets/types.ts';

const usePuck = createUsePuck();

export const inputClass = 'w-full rounded-md border border-line bg-surface px-3 py-2 text-sm text-fg outline-none focus:border-brand';
const labelClass = 'text-sm font-semibold text-fg';

/** A Puck custom field of a value type (Puck's field map is typed by unknown values). */
export const customField = <T,>(label: string, render: CustomFieldRender<T>): Field => ({ type: 'custom', label, render }) as unknown as Field;

export function CheckboxInput({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" className="size-5 accent-[var(--brand-solid)]" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
    </div>
  );
}

/** A yes/no option (hidden, a form field's required). */
export function checkboxField(label: string): Field {
  return customField<boolean | undefined>(label, ({ id, value, onChange }) => <CheckboxInput id={id} label={label} checked={value === true} onChange={onChange} />);
}

function BlockIdInput({ id, label, value, onChange }: { id: string; label: string; value: string | undefined; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const selectedId = usePuck((s) => s.selectedItem?.props.id as string | undefined);
  const automatic = selectedId ? defaultBlockId(uuidOf(selectedId)) : '';
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} className={inputClass} value={value || automatic} autoComplete="off" spellCheck={false} onChange={(event) => onChange(event.target.value)} aria-describedby={`${id}-hint`} />
      <p id={`${id}-hint`} className="text-xs text-fg-muted">
        {t('page_editor.block_id_hint')}
      </p>
    </div>
  );
}

/** The in-page block id block links scroll to; blank stands for the id made from the block's uuid. */
export function blockIdField(label: string): Field {
  return customField<string | undefined>(label, ({ id, value, onChange }) => <BlockIdInput id={id} label={label} value={value} onChange={onChange} />);
}

/** A whole number that may be left empty (the iframe's height). */
export function optionalNumberField(label: string, hint?: string): Field {
  return customField<number | undefined>(label, ({ id, value, onChange }) => (
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          className={inputClass}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-fg-muted">
            {hint}
          </p>
        ) : null}
      </div>
  ));
}

function WidgetHost<T>({ widget: Widget, id, label, value, onChange }: { widget: ComponentType<WidgetProps<T>>; id: string; label: string; value: T | undefined; onChange: (value: T | undefined) => void }) {
  const context = usePageEditorContext();
  return <Widget id={id} label={label} value={value} onChange={onChange} context={context} />;
}

/** One of the page editor's widgets as a Puck field; the widget gets the page's event and blocks. */
export function widgetField<T>(widget: ComponentType<WidgetProps<T>>, label: string): Field {
  return customField<T | undefined>(label, ({ id, value, onChange }) => <WidgetHost<T> widget={widget} id={id} label={label} value={value} onChange={(next) => onChange(next)} />);
}
