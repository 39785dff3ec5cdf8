// The vacancies list's search and filters as they stand in the address, so a search can be shared
// and survives a reload; unknown values fall back to "any" rather than reaching the API as a 400.
import { VACANCY_SENIORITIES, VACANCY_SKILLS_MAX, VACANCY_SORTS, type VacancySeniority, type VacancySort } from '@lobby/contract';

export type VacancyView = 'list' | 'external' | 'mine';

export interface VacancyFilters {
  q: string;
  seniority: VacancySeniority[];
  skills: number[];
  /** '' any, 'remote' remote only, 'onsite' not remote. */
  remote: '' | 'remote' | 'onsite';
  matches: boolean;
  company: number | null;
  sort: VacancySort;
  page: number;
  view: VacancyView;
}

const ids = (raw: string | null): number[] => [...new Set((raw ?? '').split(',').filter((part) => /^\d{1,9}$/.test(part)).map(Number))];
const positive = (raw: string | null): number | null => (/^\d{1,9}$/.test(raw ?? '') && Number(raw) > 0 ? Number(raw) : null);

export function readFilters(params: URLSearchParams): VacancyFilters {
  const seniority = (params.get('seniority') ?? '').split(',').filter((value): value is VacancySeniority => (VACANCY_SENIORITIES as readonly string[]).includes(value));
  const remote = params.get('remote');
  const sort = params.get('sort');
  const view = params.get('view');
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    seniority: [...new Set(seniority)],
    skills: ids(params.get('skills')).slice(0, VACANCY_SKILLS_MAX),
    remote: remote === 'remote' || remote === 'onsite' ? remote : '',
    matches: params.get('matches') === '1',
    company: positive(params.get('company')),
    sort: (VACANCY_SORTS as readonly string[]).includes(sort ?? '') ? (sort as VacancySort) : 'newest',
    page: positive(params.get('page')) ?? 1,
    view: view === 'external' || view === 'mine' ? view : 'list',
  };
}

/** The address's query for these filters: defaults are left out, so a plain list has a plain address. */
export function writeFilters(filters: VacancyFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.view !== 'list') params.set('view', filters.view);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.seniority.length > 0) params.set('seniority', filters.seniority.join(','));
  if (filters.skills.length > 0) params.set('skills', filters.skills.join(','));
  if (filters.remote) params.set('remote', filters.remote);
  if (filters.matches) params.set('matches', '1');
  if (filters.company !== null) params.set('company', String(filters.company));
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** A change of filters; any change but the page goes back to page 1. */
export function changeFilters(current: VacancyFilters, change: Partial<VacancyFilters>): VacancyFilters {
  return { ...current, ...change, page: 'page' in change ? (change.page ?? 1) : 1 };
}

export interface VacancyListQuery {
  page: number;
  per_page: number;
  sort: VacancySort;
  'filter[query]'?: string;
  'filter[seniority][]'?: VacancySeniority[];
  'filter[skills][]'?: number[];
  'filter[remote]'?: '1' | '0';
  'filter[matches]'?: '1';
  'filter[company_id]'?: number;
}

/** The list call's query for the filters. */
export function toApiQuery(filters: VacancyFilters, perPage: number): VacancyListQuery {
  const query: VacancyListQuery = { page: filters.page, per_page: perPage, sort: filters.sort };
  if (filters.q.trim()) query['filter[query]'] = filters.q.trim();
  if (filters.seniority.length > 0) query['filter[seniority][]'] = filters.seniority;
  if (filters.skills.length > 0) query['filter[skills][]'] = filters.skills;
  if (filters.remote) query['filter[remote]'] = filters.remote === 'remote' ? '1' : '0';
  if (filters.matches) query['filter[matches]'] = '1';
  if (filters.company !== null) query['filter[company_id]'] = filters.company;
  return query;
}

/** Whether anything narrows the list (an empty result then says "no results" rather than "no vacancies"). */
export const isFiltered = (filters: VacancyFilters): boolean => Boolean(filters.q.trim() || filters.seniority.length || filters.skills.length || filters.remote || filters.matches || filters.company !== null);
