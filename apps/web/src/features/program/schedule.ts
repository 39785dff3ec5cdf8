import { dayIn, isSameOriginPath, lectureState, LECTURE_CATEGORY_MAX, LECTURE_CATEGORY_MIN, LECTURE_LANGUAGE_PATTERN, type LectureState } from '@lobby/contract';
import { zonedToIso } from '../../lib/format.ts';

// The program's pure rules on the web: days and halls in the reader's timezone, the grid's rows,
// the "now" marker, the filters kept in the address, and a hall's live or next lecture.

/** What the schedule needs of a lecture (the program's lectures and the shared program's alike). */
export interface Timed {
  id: number;
  hall_id: number;
  section_id: number | null;
  starts_at: string;
  ends_at: string;
  categories: number[];
  language: string;
  is_favorite: boolean;
}

export interface ProgramDay<L> {
  /** YYYY-MM-DD in the reader's timezone. */
  day: string;
  lectures: L[];
}

const byStart = <L extends Timed>(a: L, b: L) => Date.parse(a.starts_at) - Date.parse(b.starts_at) || Date.parse(a.ends_at) - Date.parse(b.ends_at) || a.id - b.id;

/** Lectures grouped by the calendar day of their start in `timeZone`, days in order, each by start. */
export function groupByDay<L extends Timed>(lectures: readonly L[], timeZone: string): ProgramDay<L>[] {
  const days = new Map<string, L[]>();
  for (const lecture of [...lectures].sort(byStart)) {
    const day = dayIn(new Date(lecture.starts_at), timeZone);
    const list = days.get(day);
    if (list) list.push(lecture);
    else days.set(day, [lecture]);
  }
  return [...days.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([day, list]) => ({ day, lectures: list }));
}

/** Lectures per hall, in the halls' order; a hall without lectures that day keeps its empty column. */
export function groupByHall<L extends Timed>(lectures: readonly L[], hallIds: readonly number[]): Map<number, L[]> {
  const halls = new Map<number, L[]>(hallIds.map((id) => [id, []]));
  for (const lecture of lectures) halls.get(lecture.hall_id)?.push(lecture);
  return halls;
}

/** The instant a calendar day (YYYY-MM-DD) starts in `timeZone`. */
export const dayStart = (day: string, timeZone: string): number => Date.parse(zonedToIso(`${day}T00:00`, timeZone));

/** Minutes from the start of `day` in `timeZone` (a day with a daylight-saving change is 23 or 25 hours long). */
export const minutesInto = (iso: string | number, day: string, timeZone: string): number => Math.round(((typeof iso === 'number' ? iso : Date.parse(iso)) - dayStart(day, timeZone)) / 60_000);

/** The grid's rows are this many minutes each. */
export const SLOT_MINUTES = 5;

export interface GridPlacement<L> {
  lecture: L;
  /** 1-based row of the lecture's start among the time rows. */
  row: number;
  /** Rows it covers (at least one). */
  span: number;
}

export interface DayGrid<L> {
  /** Minutes into the day of the first row (a whole hour at or before the first start). */
  from: number;
  /** Minutes into the day after the last row (a whole hour at or after the last end). */
  to: number;
  rows: number;
  /** Hour labels: minutes into the day and the row they start at. */
  hours: { minutes: number; row: number }[];
  placements: GridPlacement<L>[];
}

/** The time x hall grid of one day: every lecture's rows from its start and length. */
export function dayGrid<L extends Timed>(lectures: readonly L[], day: string, timeZone: string): DayGrid<L> {
  if (lectures.length === 0) return { from: 0, to: 0, rows: 0, hours: [], placements: [] };
  const starts = lectures.map((l) => minutesInto(l.starts_at, day, timeZone));
  const ends = lectures.map((l, i) => Math.max(minutesInto(l.ends_at, day, timeZone), (starts[i] ?? 0) + SLOT_MINUTES));
  const from = Math.floor(Math.min(...starts) / 60) * 60;
  const to = Math.ceil(Math.max(...ends) / 60) * 60;
  const rows = Math.max(1, (to - from) / SLOT_MINUTES);
  const hours: { minutes: number; row: number }[] = [];
  for (let minutes = from; minutes < to; minutes += 60) hours.push({ minutes, row: (minutes - from) / SLOT_MINUTES + 1 });
  const placements = lectures.map((lecture, i) => {
    const start = starts[i] ?? from;
    const end = ends[i] ?? start + SLOT_MINUTES;
    const row = Math.floor((start - from) / SLOT_MINUTES) + 1;
    const span = Math.max(1, Math.ceil((end - from) / SLOT_MINUTES) + 1 - row);
    return { lecture, row, span };
  });
  return { from, to, rows, hours, placements };
}

/** Where "now" falls in a day's grid, as a share of its height (0 at the top), or null when outside it. */
export function nowPosition(grid: Pick<DayGrid<unknown>, 'from' | 'to'>, now: number, day: string, timeZone: string): number | null {
  if (grid.to <= grid.from) return null;
  const minutes = (now - dayStart(day, timeZone)) / 60_000;
  if (minutes < grid.from || minutes >= grid.to) return null;
  return (minutes - grid.from) / (grid.to - grid.from);
}

/** Where the list's "now" line goes on a day: before the first lecture that starts after now, while the day is under way; null otherwise. */
export function nowIndex<L extends Pick<Timed, 'starts_at' | 'ends_at'>>(lectures: readonly L[], now: number): number | null {
  if (lectures.length === 0) return null;
  const first = Math.min(...lectures.map((l) => Date.parse(l.starts_at)));
  const last = Math.max(...lectures.map((l) => Date.parse(l.ends_at)));
  if (now < first || now >= last) return null;
  const index = lectures.findIndex((l) => Date.parse(l.starts_at) > now);
  return index === -1 ? lectures.length : index;
}

/** A lecture's state at `now` (by the reader's clock; the API's state is as of its answer). */
export const stateAt = (lecture: Pick<Timed, 'starts_at' | 'ends_at'>, now: number): LectureState => lectureState(new Date(now), new Date(lecture.starts_at), new Date(lecture.ends_at));

/** The lecture a hall's page shows: the one live now, else the next to start, else the last that ended. */
export function liveOrNext<L extends Timed>(lectures: readonly L[], hallId: number, now: number): L | null {
  const inHall = lectures.filter((l) => l.hall_id === hallId).sort(byStart);
  return inHall.find((l) => stateAt(l, now) === 'live') ?? inHall.find((l) => stateAt(l, now) === 'upcoming') ?? inHall.at(-1) ?? null;
}

/** The day a program opens on: today when it has lectures today, else the next day with lectures, else the first. */
export function defaultDay(days: readonly string[], now: number, timeZone: string): string | null {
  const today = dayIn(new Date(now), timeZone);
  return days.find((day) => day >= today) ?? days[0] ?? null;
}

// Filters, kept in the address (?day=2026-11-24&section=1,2&category=3&language=en&favorites=1) ---------

export interface ProgramFilters {
  day: string | null;
  sections: number[];
  categories: number[];
  languages: string[];
  favorites: boolean;
}

export const NO_FILTERS: ProgramFilters = { day: null, sections: [], categories: [], languages: [], favorites: false };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function ids(raw: string | null, min: number, max: number): number[] {
  if (!raw) return [];
  const out = new Set<number>();
  for (const part of raw.split(',').slice(0, 50)) {
    if (!/^\d{1,9}$/.test(part)) continue;
    const n = Number(part);
    if (n >= min && n <= max) out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}

/** The filters of an address; anything malformed is left out rather than failing the page. */
export function filtersOf(search: URLSearchParams): ProgramFilters {
  const day = search.get('day');
  const languages = (search.get('language') ?? '')
    .split(',')
    .filter((lang) => LECTURE_LANGUAGE_PATTERN.test(lang))
    .slice(0, 10);
  return {
    day: day && DAY.test(day) ? day : null,
    sections: ids(search.get('section'), 1, 2_147_483_647),
    categories: ids(search.get('category'), LECTURE_CATEGORY_MIN, LECTURE_CATEGORY_MAX),
    languages: [...new Set(languages)].sort(),
    favorites: search.get('favorites') === '1',
  };
}

/** The address's query for filters (other parameters of `base`, such as chat, are kept). */
export function searchOf(filters: ProgramFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
  set('day', filters.day ?? '');
  set('section', filters.sections.join(','));
  set('category', filters.categories.join(','));
  set('language', filters.languages.join(','));
  set('favorites', filters.favorites ? '1' : '');
  return next;
}

/** Lectures the filters keep (the day is chosen separately: days stay listed whatever the filters). */
export function applyFilters<L extends Timed>(lectures: readonly L[], filters: ProgramFilters): L[] {
  return lectures.filter(
    (l) =>
      (filters.sections.length === 0 || (l.section_id !== null && filters.sections.includes(l.section_id))) &&
      (filters.categories.length === 0 || l.categories.some((c) => filters.categories.includes(c))) &&
      (filters.languages.length === 0 || filters.languages.includes(l.language)) &&
      (!filters.favorites || l.is_favorite),
  );
}

export const filterCount = (filters: ProgramFilters): number => filters.sections.length + filters.categories.length + filters.languages.length + (filters.favorites ? 1 : 0);

/** A value added to or removed from a filter list. */
export const toggled = <T>(list: readonly T[], value: T): T[] => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

/** The lecture page's address inside the event. */
export const lecturePath = (lecture: { hall_id: number; id: number }): string => `lectures/${lecture.hall_id}/${lecture.id}`;

/** A material's link as the page may show it: https, or a path on this site; null for anything else (javascript:, http:, //host). */
export function materialHref(url: string): string | null {
  if (isSameOriginPath(url)) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && !parsed.username && !parsed.password ? parsed.href : null;
  } catch {
    return null;
  }
}
