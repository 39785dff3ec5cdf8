// How vacancies read: salaries in the person's language (whole units a year), file sizes.
import type { VacancySalary } from '@lobby/contract';
import type { TFunction } from 'i18next';

const money = (amount: number, currency: string, language: string): string => {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    // A code this browser's ICU does not know still reads as the amount and the code.
    return `${new Intl.NumberFormat(language).format(amount)} ${currency}`;
  }
};

/** "€50,000 – €70,000 a year", "from €50,000 a year", "up to ¥420,000 a year"; null without a salary. */
export function salaryText(t: TFunction, salary: VacancySalary | null, language: string): string | null {
  if (!salary || (salary.min === null && salary.max === null)) return null;
  const { min, max, currency } = salary;
  const amount =
    min !== null && max !== null
      ? min === max
        ? money(min, currency, language)
        : t('vacancies.salary_range', { min: money(min, currency, language), max: money(max, currency, language) })
      : min !== null
        ? t('vacancies.salary_from', { amount: money(min, currency, language) })
        : t('vacancies.salary_up_to', { amount: money(max ?? 0, currency, language) });
  return t('vacancies.salary_per_year', { amount });
}

/** 1.2 MB, 340 KB. */
export function sizeText(bytes: number, language: string): string {
  const format = (value: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);
  return bytes >= 1024 * 1024 ? `${format(bytes / 1024 / 1024)} MB` : `${format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}
