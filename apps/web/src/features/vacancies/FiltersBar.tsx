import { VACANCY_SENIORITIES, VACANCY_SORTS, type VacancySeniority } from '@lobby/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, Group, SelectField } from '../../ui/Controls.tsx';
import type { VacancyFilters } from './filters.ts';
import { SkillPicker } from './SkillPicker.tsx';

export function FiltersBar({ eventId, filters, update, text, setText }: { eventId: number; filters: VacancyFilters; update: (change: Partial<VacancyFilters>) => void; text: string; setText: (text: string) => void }) {
  const { t } = useTranslation();
  const searchId = useId();
  const toggleSeniority = (level: VacancySeniority, on: boolean) => update({ seniority: on ? [...filters.seniority, level] : filters.seniority.filter((item) => item !== level) });
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4" data-testid="vacancy-filters">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={searchId} className="text-sm font-semibold">
          {t('vacancies.search_label')}
        </label>
        <input id={searchId} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('vacancies.search_placeholder')} maxLength={100} className="min-h-11 w-full rounded-xl border border-line bg-surface px-4 text-sm" data-testid="vacancy-search" />
      </div>
      <Group legend={t('vacancies.seniority')} className="sm:flex-row sm:flex-wrap sm:gap-x-5">
        {VACANCY_SENIORITIES.map((level) => (
          <Checkbox key={level} label={t(`vacancies.seniority_${level}`)} checked={filters.seniority.includes(level)} onChange={(e) => toggleSeniority(level, e.target.checked)} />
        ))}
      </Group>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label={t('vacancies.where')} value={filters.remote} onChange={(e) => update({ remote: e.target.value as VacancyFilters['remote'] })} data-testid="vacancy-remote">
          <option value="">{t('vacancies.where_any')}</option>
          <option value="remote">{t('vacancies.where_remote')}</option>
          <option value="onsite">{t('vacancies.where_onsite')}</option>
        </SelectField>
        <SelectField label={t('vacancies.sort')} value={filters.sort} onChange={(e) => update({ sort: e.target.value as VacancyFilters['sort'] })}>
          {VACANCY_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`vacancies.sort_${sort}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <Checkbox label={t('vacancies.matches_only')} checked={filters.matches} onChange={(e) => update({ matches: e.target.checked })} data-testid="vacancy-matches-only" />
      <details className="group">
        <summary className="min-h-11 cursor-pointer content-center text-sm font-semibold">{filters.skills.length > 0 ? t('vacancies.skills_chosen', { count: filters.skills.length }) : t('vacancies.skills_filter')}</summary>
        <div className="pt-2">
          <SkillPicker eventId={eventId} legend={t('vacancies.skills_filter_legend')} value={filters.skills} onChange={(skills) => update({ skills })} testId="vacancy-skill-filter" />
        </div>
      </details>
    </div>
  );
}
