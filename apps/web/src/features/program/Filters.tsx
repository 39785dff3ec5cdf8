import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { CategoryIcon } from './CategoryIcon.tsx';
import { dayLabel, languageName } from './ProgramView.tsx';
import { filterCount, toggled, type ProgramFilters } from './schedule.ts';

export interface FilterChoices {
  sections: { value: number; label: string }[];
  categories: { value: number; label: string }[];
  languages: string[];
  /** Offer "favourites only" (signed-in people). */
  favorites: boolean;
}

/** The day tabs: every day of the program, whatever the other filters keep. */
export function DayTabs({ days, day, onDay }: { days: readonly string[]; day: string; onDay: (day: string) => void }) {
  const { t, i18n } = useTranslation();
  if (days.length <= 1) return null;
  return (
    <div role="group" aria-label={t('program.days')} className="flex gap-1 overflow-x-auto pb-1" data-testid="program-days">
      {days.map((d) => (
        <button
          key={d}
          type="button"
          aria-pressed={d === day}
          onClick={() => onDay(d)}
          className={cn('min-h-11 shrink-0 rounded-xl border px-4 text-sm font-semibold focus-visible:outline-2', d === day ? 'border-brand bg-brand-solid text-brand-solid-contrast' : 'border-line bg-surface hover:bg-surface-muted')}
        >
          {dayLabel(d, i18n.language)}
        </button>
      ))}
    </div>
  );
}

function Chip({ pressed, onClick, children, label }: { pressed: boolean; onClick: () => void; children: React.ReactNode; label?: string }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      onClick={onClick}
      className={cn('inline-flex min-h-11 items-center gap-1.5 rounded-full border px-3 text-sm focus-visible:outline-2', pressed ? 'border-brand bg-brand/15 font-semibold text-brand-ink' : 'border-line bg-surface hover:bg-surface-muted')}
    >
      {children}
    </button>
  );
}

function ChipGroup({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <div role="group" aria-label={legend} className="flex flex-col gap-1.5">
      <p aria-hidden="true" className="text-sm font-semibold">
        {legend}
      </p>
      <div className="flex flex-wrap gap-1.5">{children}</div>
    </div>
  );
}

/** Sections, categories, languages and favourites: a disclosure, so phones see the program first. */
export function FilterPanel({ filters, choices, onChange }: { filters: ProgramFilters; choices: FilterChoices; onChange: (next: ProgramFilters) => void }) {
  const { t, i18n } = useTranslation();
  const count = filterCount(filters);
  return (
    <details className="rounded-2xl border border-line bg-surface" data-testid="program-filters">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-4 text-sm font-semibold focus-visible:outline-2">
        {t('program.filters')}
        {count > 0 ? <span className="rounded-full bg-brand-solid px-2 text-xs text-brand-solid-contrast">{count}</span> : null}
      </summary>
      <div className="flex flex-col gap-4 border-t border-line p-4">
        {choices.favorites ? (
          <ChipGroup legend={t('program.filter_favorites_group')}>
            <Chip pressed={filters.favorites} onClick={() => onChange({ ...filters, favorites: !filters.favorites })}>
              {t('program.filter_favorites')}
            </Chip>
          </ChipGroup>
        ) : null}
        {choices.sections.length > 0 ? (
          <ChipGroup legend={t('program.filter_section')}>
            {choices.sections.map((s) => (
              <Chip key={s.value} pressed={filters.sections.includes(s.value)} onClick={() => onChange({ ...filters, sections: toggled(filters.sections, s.value).sort((a, b) => a - b) })}>
                {s.label}
              </Chip>
            ))}
          </ChipGroup>
        ) : null}
        <ChipGroup legend={t('program.filter_category')}>
          {choices.categories.map((c) => (
            <Chip key={c.value} pressed={filters.categories.includes(c.value)} onClick={() => onChange({ ...filters, categories: toggled(filters.categories, c.value).sort((a, b) => a - b) })}>
              <CategoryIcon category={c.value} label="" className="size-6 bg-transparent" />
              {c.label}
            </Chip>
          ))}
        </ChipGroup>
        {choices.languages.length > 1 ? (
          <ChipGroup legend={t('program.filter_language')}>
            {choices.languages.map((lang) => (
              <Chip key={lang} pressed={filters.languages.includes(lang)} onClick={() => onChange({ ...filters, languages: toggled(filters.languages, lang).sort() })}>
                {languageName(lang, i18n.language)}
              </Chip>
            ))}
          </ChipGroup>
        ) : null}
        {count > 0 ? (
          <div>
            <Button variant="secondary" onClick={() => onChange({ ...filters, sections: [], categories: [], languages: [], favorites: false })}>
              {t('program.clear_filters')}
            </Button>
          </div>
        ) : null}
      </div>
    </details>
  );
}
