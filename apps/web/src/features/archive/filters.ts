import { VIDEO_SOURCES, type VideoSource } from '@lobby/contract';

/** The archive's filters as the address keeps them (?category=3&tag=ai&speaker=12&source=youtube&event=2&page=2). */
export interface ArchiveFilters {
  category?: number;
  tag?: string;
  speaker?: number;
  source?: VideoSource;
  event?: number;
  page: number;
}

export const FILTER_KEYS = ['category', 'tag', 'speaker', 'source', 'event'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const positive = (raw: string | null, max = 2_147_483_647): number | undefined => {
  if (raw === null || !/^[1-9][0-9]{0,9}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value <= max ? value : undefined;
};

const SOURCES = new Set<string>(VIDEO_SOURCES);

/** Reads the filters from the address; anything malformed is left out rather than sent. */
export function readFilters(params: URLSearchParams): ArchiveFilters {
  const filters: ArchiveFilters = { page: positive(params.get('page'), 100_000) ?? 1 };
  const category = positive(params.get('category'), 16);
  if (category !== undefined) filters.category = category;
  const tag = params.get('tag')?.trim();
  if (tag && tag.length <= 40) filters.tag = tag;
  const speaker = positive(params.get('speaker'));
  if (speaker !== undefined) filters.speaker = speaker;
  const source = params.get('source');
  if (source !== null && SOURCES.has(source)) filters.source = source as VideoSource;
  const event = positive(params.get('event'));
  if (event !== undefined) filters.event = event;
  return filters;
}

/** The address query of a filter change: a changed filter starts again at page 1. */
export function withFilter(params: URLSearchParams, key: FilterKey | 'page', value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === '') next.delete(key);
  else next.set(key, value);
  if (key !== 'page') next.delete('page');
  return next;
}

export const ARCHIVE_PER_PAGE = 12;

/** The list call's query. */
export function toApiQuery(filters: ArchiveFilters) {
  return {
    page: filters.page,
    per_page: ARCHIVE_PER_PAGE,
    ...(filters.category === undefined ? {} : { 'filter[category]': filters.category }),
    ...(filters.tag === undefined ? {} : { 'filter[tag]': filters.tag }),
    ...(filters.speaker === undefined ? {} : { 'filter[speaker]': filters.speaker }),
    ...(filters.source === undefined ? {} : { 'filter[source]': filters.source }),
    ...(filters.event === undefined ? {} : { 'filter[event]': filters.event }),
  };
}

/** Only https player addresses reach an iframe (the API gives the fixed players' addresses). */
export const isPlayerUrl = (url: string | null): url is string => {
  if (!url) return false;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
};
