import { describe, expect, it } from 'vitest';
import { changeFilters, isFiltered, readFilters, toApiQuery, writeFilters } from './filters.ts';

const read = (query: string) => readFilters(new URLSearchParams(query));

describe('vacancy filters in the address', () => {
  it('reads every filter', () => {
    expect(read('q=unity&seniority=junior,lead&skills=4,6&remote=remote&matches=1&company=7&sort=closing&page=3&view=external')).toEqual({
      q: 'unity',
      seniority: ['junior', 'lead'],
      skills: [4, 6],
      remote: 'remote',
      matches: true,
      company: 7,
      sort: 'closing',
      page: 3,
      view: 'external',
    });
  });

  it('falls back to "any" for values it does not know', () => {
    expect(read('seniority=guru,junior,junior&skills=a,-1,5,5&remote=yes&sort=salary&page=0&company=x&view=other')).toEqual({
      q: '',
      seniority: ['junior'],
      skills: [5],
      remote: '',
      matches: false,
      company: null,
      sort: 'newest',
      page: 1,
      view: 'list',
    });
  });

  it('writes back only what differs from the defaults, and reads back the same', () => {
    expect(writeFilters(read('')).toString()).toBe('');
    const full = read('q=art&seniority=senior&skills=11&remote=onsite&matches=1&company=2&sort=title&page=2&view=mine');
    expect(readFilters(writeFilters(full))).toEqual(full);
  });

  it('goes back to page 1 on any change but the page', () => {
    const on3 = read('page=3&q=a');
    expect(changeFilters(on3, { q: 'b' }).page).toBe(1);
    expect(changeFilters(on3, { page: 4 }).page).toBe(4);
  });

  it('makes the list call query', () => {
    expect(toApiQuery(read('q=%20unity%20&seniority=junior&skills=4&remote=onsite&matches=1&company=7&sort=title&page=2'), 20)).toEqual({
      page: 2,
      per_page: 20,
      sort: 'title',
      'filter[query]': 'unity',
      'filter[seniority][]': ['junior'],
      'filter[skills][]': [4],
      'filter[remote]': '0',
      'filter[matches]': '1',
      'filter[company_id]': 7,
    });
    expect(toApiQuery(read(''), 20)).toEqual({ page: 1, per_page: 20, sort: 'newest' });
  });

  it('knows when the list is narrowed', () => {
    expect(isFiltered(read('sort=title&page=2'))).toBe(false);
    expect(isFiltered(read('matches=1'))).toBe(true);
  });
});
