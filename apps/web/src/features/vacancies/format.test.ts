import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { salaryText, sizeText } from './format.ts';

// The texts' shape without i18next: the key and its values.
const t = ((key: string, values: Record<string, string> = {}) => `${key.replace('vacancies.', '')}(${Object.values(values).join('|')})`) as unknown as TFunction;

describe('salaryText', () => {
  it('formats a range, a lower bound, an upper bound and one amount in the currency', () => {
    expect(salaryText(t, { min: 50_000, max: 70_000, currency: 'EUR' }, 'en')).toBe('salary_per_year(salary_range(€50,000|€70,000))');
    expect(salaryText(t, { min: 50_000, max: null, currency: 'USD' }, 'en')).toBe('salary_per_year(salary_from($50,000))');
    expect(salaryText(t, { min: null, max: 420_000, currency: 'CNY' }, 'en')).toBe('salary_per_year(salary_up_to(CN¥420,000))');
    expect(salaryText(t, { min: 60_000, max: 60_000, currency: 'EUR' }, 'en')).toBe('salary_per_year(€60,000)');
  });
  it('says nothing without a salary', () => {
    expect(salaryText(t, null, 'en')).toBeNull();
    expect(salaryText(t, { min: null, max: null, currency: 'EUR' }, 'en')).toBeNull();
  });
});

describe('sizeText', () => {
  it.each([
    [10, '1 KB'],
    [340 * 1024, '340 KB'],
    [1.25 * 1024 * 1024, '1.3 MB'],
  ])('%i bytes: %s', (bytes, expected) => expect(sizeText(bytes, 'en')).toBe(expected));
});
