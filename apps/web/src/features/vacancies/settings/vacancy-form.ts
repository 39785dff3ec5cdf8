// What the vacancy form edits and the body it becomes. The closing date is a calendar day in the
// person's timezone; the vacancy closes at the end of it (23:59).
import { describeIssue, salaryProblem, ZVacancyInput, type CompanyVacancy, type VacancyInput, type VacancySeniority } from '@lobby/contract';
import { isoToZoned, zonedToIso } from '../../../lib/format.ts';

export interface VacancyValues {
  title: string;
  description: string;
  location: string;
  remote: boolean;
  seniority: VacancySeniority;
  skills: number[];
  salary_min: string;
  salary_max: string;
  salary_currency: string;
  /** YYYY-MM-DD, or '' for no closing date. */
  closes_on: string;
  published: boolean;
}

export const VACANCY_FIELDS = ['title', 'description', 'location', 'remote', 'seniority', 'skills', 'salary_min', 'salary_max', 'salary_currency', 'closes_on', 'published'] as const;
export type VacancyField = (typeof VACANCY_FIELDS)[number];
/** A field's problem: an i18n key with its values, or the server's sentence already in words. */
export interface VacancyProblem {
  key: string;
  params: Record<string, string | number>;
  text?: string;
}
export type VacancyProblems = Partial<Record<VacancyField, VacancyProblem>>;

export const vacancyValuesOf = (vacancy: CompanyVacancy | undefined, timeZone: string): VacancyValues => ({
  title: vacancy?.title ?? '',
  description: vacancy?.description ?? '',
  location: vacancy?.location ?? '',
  remote: vacancy?.remote ?? false,
  seniority: vacancy?.seniority ?? 'middle',
  skills: vacancy?.skills.map((skill) => skill.id) ?? [],
  salary_min: vacancy?.salary?.min?.toString() ?? '',
  salary_max: vacancy?.salary?.max?.toString() ?? '',
  salary_currency: vacancy?.salary?.currency ?? '',
  closes_on: vacancy?.closes_at ? isoToZoned(vacancy.closes_at, timeZone).slice(0, 10) : '',
  published: vacancy?.published ?? true,
});

/** '' is no amount; anything else must be a whole number. */
function amountOf(text: string): number | null | undefined {
  const clean = text.replace(/[\s\u00a0,]/g, '');
  if (clean === '') return null;
  return /^\d{1,10}$/.test(clean) ? Number(clean) : undefined;
}

const SALARY_FIELD = { min_over_max: 'salary_min', currency_required: 'salary_currency', currency_unknown: 'salary_currency', amount_required: 'salary_min' } as const;

/** The create and update body, or the problems that keep it from being sent (the server checks the same rules). */
export function vacancyInputOf(values: VacancyValues, timeZone: string): { input: VacancyInput; problems: VacancyProblems } {
  const problems: VacancyProblems = {};
  const min = amountOf(values.salary_min);
  const max = amountOf(values.salary_max);
  if (min === undefined) problems.salary_min = { key: 'form.whole_number', params: {} };
  if (max === undefined) problems.salary_max = { key: 'form.whole_number', params: {} };
  const currency = values.salary_currency.trim().toUpperCase() || null;
  if (min !== undefined && max !== undefined) {
    const problem = salaryProblem(min, max, currency);
    if (problem) problems[SALARY_FIELD[problem]] = { key: `vacancies.salary_${problem}`, params: {} };
  }
  const closesAt = values.closes_on ? zonedToIso(`${values.closes_on}T23:59`, timeZone) : null;
  if (values.closes_on && !closesAt) problems.closes_on = { key: 'form.date', params: {} };
  const input: VacancyInput = {
    title: values.title.trim(),
    description: values.description.trim(),
    location: values.location.trim(),
    remote: values.remote,
    seniority: values.seniority,
    skills: [...new Set(values.skills)],
    salary_min: min ?? null,
    salary_max: max ?? null,
    salary_currency: currency,
    closes_at: closesAt,
    published: values.published,
  };
  for (const issue of ZVacancyInput.safeParse(input).error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    const name = (field === 'closes_at' ? 'closes_on' : field) as VacancyField;
    if (!(VACANCY_FIELDS as readonly string[]).includes(name) || problems[name]) continue;
    const described = describeIssue(issue);
    problems[name] = { key: `form.${described.key}`, params: described.params };
  }
  return { input, problems };
}
