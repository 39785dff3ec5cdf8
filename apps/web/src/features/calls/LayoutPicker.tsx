import { GROUP_LAYOUTS, type GroupLayout } from '@lobby/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The group call's layout as a radio group (arrow keys move between the three). */
export function LayoutPicker({ value, onChange }: { value: GroupLayout; onChange: (layout: GroupLayout) => void }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="flex min-w-0 items-center gap-1 rounded-2xl bg-white/10 p-1" data-testid="call-layouts">
      <legend className="sr-only">{t('calls.layout')}</legend>
      {GROUP_LAYOUTS.map((layout) => (
        <label
          key={layout}
          className="relative inline-flex min-h-10 cursor-pointer items-center rounded-xl px-2 text-xs font-semibold text-white has-[:checked]:bg-white has-[:checked]:text-neutral-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-white sm:px-3 sm:text-sm"
        >
          <input type="radio" name={name} value={layout} checked={value === layout} onChange={() => onChange(layout)} className="sr-only" data-testid={`call-layout-${layout}`} />
          {t(`calls.layout_${layout}`)}
        </label>
      ))}
    </fieldset>
  );
}
