import { useTranslation } from 'react-i18next';
import { cn } from '../../../ui/cn.ts';
import type { WidgetProps } from './types.ts';
import { isSettingsOn, settingsValue } from './widget-rules.ts';

/**
 * The show/hide settings switch (contract.md section 4): on stores the text 'true', off clears the
 * value. Its label says what pressing it does next: 'Hide settings' when on, 'Show settings' when
 * off. The widget's own label, when given, is shown above it and describes the switch.
 */
export function SettingsSwitch({ id, label, value, onChange }: WidgetProps<string>) {
  const { t } = useTranslation();
  const on = isSettingsOn(value);
  const captionId = `${id}-caption`;
  return (
    <div className="flex flex-col gap-1.5" data-testid={`settings-switch-${id}`}>
      {label ? (
        <p id={captionId} className="text-sm font-semibold">
          {label}
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <button
          id={id}
          type="button"
          role="switch"
          aria-checked={on}
          aria-describedby={label ? captionId : undefined}
          onClick={() => onChange(settingsValue(!on))}
          className={cn('relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors', on ? 'bg-brand-solid' : 'bg-fg-muted')}
          data-testid="settings-switch"
        >
          <span aria-hidden="true" className={cn('inline-block size-6 rounded-full bg-white shadow transition-transform', on ? 'translate-x-5' : 'translate-x-0')} />
        </button>
        <label htmlFor={id} className="cursor-pointer text-sm">
          {on ? t('page_editor_widgets.hide_settings') : t('page_editor_widgets.show_settings')}
        </label>
      </div>
    </div>
  );
}
