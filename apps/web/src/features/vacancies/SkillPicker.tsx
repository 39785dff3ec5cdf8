// Skills of the vacancy.skills list to pick from (a vacancy's, the skills a lesson proves, the
// list's filter): toggle chips that are real checkboxes, so the keyboard and screen readers know them.
import { VACANCY_SKILLS_MAX } from '@lobby/contract';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';
import { useDictionaries } from '../dictionaries/use-dictionaries.ts';

export interface SkillPickerProps {
  /** The event whose list to use; the platform's without one. */
  eventId?: number | undefined;
  legend: string;
  hint?: ReactNode;
  value: readonly number[];
  onChange: (next: number[]) => void;
  error?: string | undefined;
  max?: number;
  testId?: string;
}

export function SkillPicker({ eventId, legend, hint, value, onChange, error, max = VACANCY_SKILLS_MAX, testId }: SkillPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const dictionaries = useDictionaries(eventId);
  const chosen = new Set(value);
  const full = chosen.size >= max;
  const toggle = (skill: number, on: boolean) => onChange(on ? [...value, skill] : value.filter((item) => item !== skill));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={cn(hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined) || undefined} data-testid={testId}>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
      {!dictionaries.ready ? (
        <p className="text-sm text-fg-muted">{t('vacancies.skills_loading')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {dictionaries.options('vacancy.skills').map((option) => {
            const skill = Number(option.value);
            const on = chosen.has(skill);
            return (
              <li key={skill}>
                <label
                  className={cn(
                    'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm focus-within:ring-2 focus-within:ring-brand',
                    on ? 'border-brand bg-brand/15 font-semibold text-brand-ink' : 'border-line bg-surface',
                    !on && full ? 'cursor-not-allowed opacity-60' : undefined,
                  )}
                >
                  <input type="checkbox" className="size-4 accent-[var(--brand-solid)]" checked={on} disabled={!on && full} onChange={(event) => toggle(skill, event.target.checked)} />
                  {option.label}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {full ? <p className="text-xs text-fg-muted">{t('vacancies.skills_max', { count: max })}</p> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
