import { describe, expect, it } from 'vitest';
import { vacancyInputOf, vacancyValuesOf, type VacancyValues } from './vacancy-form.ts';

const values = (patch: Partial<VacancyValues> = {}): VacancyValues => ({ ...vacancyValuesOf(undefined, 'Europe/Berlin'), title: 'Level designer', ...patch });

describe('the vacancy form -> its body', () => {
  it('sends every field; the closing day ends at 23:59 in the person\'s timezone', () => {
    const { input, problems } = vacancyInputOf(
      values({ title: '  Level designer ', description: ' **Build** worlds ', location: ' Limassol ', remote: true, seniority: 'senior', skills: [2, 1, 2], salary_min: '45 000', salary_max: '60000', salary_currency: 'eur', closes_on: '2026-12-20' }),
      'Europe/Berlin',
    );
    expect(problems).toEqual({});
    expect(input).toEqual({
      title: 'Level designer',
      description: '**Build** worlds',
      location: 'Limassol',
      remote: true,
      seniority: 'senior',
      skills: [2, 1],
      salary_min: 45_000,
      salary_max: 60_000,
      salary_currency: 'EUR',
      closes_at: '2026-12-20T22:59:00.000Z',
      published: true,
    });
  });

  it('sends an empty salary and no closing date as null', () => {
    expect(vacancyInputOf(values(), 'UTC').input).toMatchObject({ salary_min: null, salary_max: null, salary_currency: null, closes_at: null });
  });

  it.each<[string, Partial<VacancyValues>, Record<string, string>]>([
    ['no title', { title: ' ' }, { title: 'form.required' }],
    ['an amount that is no number', { salary_min: '50k', salary_currency: 'EUR' }, { salary_min: 'form.whole_number' }],
    ['the lowest above the highest', { salary_min: '9', salary_max: '8', salary_currency: 'EUR' }, { salary_min: 'vacancies.salary_min_over_max' }],
    ['an amount without a currency', { salary_max: '9' }, { salary_currency: 'vacancies.salary_currency_required' }],
    ['an unknown currency', { salary_max: '9', salary_currency: 'ABC' }, { salary_currency: 'vacancies.salary_currency_unknown' }],
    ['a currency without an amount', { salary_currency: 'USD' }, { salary_min: 'vacancies.salary_amount_required' }],
  ])('names %s', (_name, patch, expected) => {
    const { problems } = vacancyInputOf(values(patch), 'UTC');
    expect(Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, problem?.key]))).toEqual(expected);
  });

  it('reads a vacancy back, its closing day in the person\'s timezone', () => {
    const read = vacancyValuesOf(
      {
        id: 1, company: { id: 2, name: 'C', logo_url: null }, title: 'T', location: 'L', remote: false, seniority: 'lead', skills: [{ id: 4, name: 'Unity' }], matches: [],
        salary: { min: null, max: 90_000, currency: 'USD' }, closes_at: '2026-12-20T22:59:00.000Z', state: 'open', created_at: '2026-11-01T00:00:00.000Z',
        description: 'D', published: false, responses: { total: 0, new: 0 }, updated_at: '2026-11-01T00:00:00.000Z',
      },
      'Europe/Berlin',
    );
    expect(read).toMatchObject({ skills: [4], salary_min: '', salary_max: '90000', salary_currency: 'USD', closes_on: '2026-12-20', published: false, seniority: 'lead' });
  });
});
