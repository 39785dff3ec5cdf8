import type { Language } from '@lobby/contract';
import { cldrVersion, exemplarCity } from './cities.ts';

export interface TimezoneEntry {
  id: string;
  city: string;
  nameEn: string;
  nameRu: string;
  nameZh: string;
  search: string;
}

const partOf = (id: string, locale: string, style: 'longGeneric' | 'longOffset', at = new Date()): string =>
  new Intl.DateTimeFormat(locale, { timeZone: id, timeZoneName: style }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';

/** "America/Argentina/Buenos_Aires" -> "Buenos Aires" */
export const cityOf = (id: string): string => (id.split('/').pop() ?? id).replace(/_/g, ' ');

/** The zone's city in a language: CLDR's exemplar city, else the English one from the id. */
export const cityIn = (id: string, lang: Language): string => exemplarCity(id, lang) ?? (lang === 'en' ? cityOf(id) : cityIn(id, 'en'));

/** The localised generic name, or the city where ICU only knows "GMT+03:00". */
function nameOf(id: string, locale: Language, city: string): string {
  const name = partOf(id, locale, 'longGeneric');
  return !name || /^(GMT|UTC)([+-]|$)/.test(name) ? city : name;
}

/** Every IANA zone this runtime's ICU knows, named in ru, en and zh. */
export function buildCatalog(): TimezoneEntry[] {
  const ids = new Set(Intl.supportedValuesOf('timeZone'));
  ids.add('UTC');
  return [...ids].sort().map((id) => {
    const city = cityIn(id, 'en');
    const cityRu = cityIn(id, 'ru');
    const cityZh = cityIn(id, 'zh');
    const entry = { id, city, nameEn: nameOf(id, 'en', city), nameRu: nameOf(id, 'ru', cityRu), nameZh: nameOf(id, 'zh', cityZh) };
    // Every language's city is searchable: "Шанхай" and "上海" find Asia/Shanghai.
    return { ...entry, search: [id, city, cityRu, cityZh, entry.nameEn, entry.nameRu, entry.nameZh].join(' ').toLowerCase() };
  });
}

/** A fingerprint of the catalogue's source, to rebuild the table only when ICU changes. */
export const catalogVersion = (): string =>
  `icu ${process.versions.icu ?? '?'} tz ${process.versions.tz ?? '?'} n ${Intl.supportedValuesOf('timeZone').length} cldr ${cldrVersion()}`;

const offsetCache = new Map<string, { from: number; until: number; minutes: number }>();

/** Current UTC offset in minutes; cached for a minute per zone (it changes only at DST). */
export function offsetMinutes(id: string, now = Date.now()): number {
  const cached = offsetCache.get(id);
  if (cached && now >= cached.from && now < cached.until) return cached.minutes;
  const text = partOf(id, 'en', 'longOffset', new Date(now));
  const match = /([+-])(\d{2}):(\d{2})/.exec(text);
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  offsetCache.set(id, { from: now, until: now + 60_000, minutes });
  return minutes;
}

/** 180 -> "+03:00", -330 -> "-05:30" */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * Reads an offset query ("+3", "UTC+03:00", "gmt-5:30", "+0530") as minutes; null when the text is
 * not an offset.
 */
export function parseOffsetQuery(query: string): number | null {
  const match = /^(?:utc|gmt)?\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?$/i.exec(query.trim());
  if (!match) return null;
  const hours = Number(match[2]);
  const mins = Number(match[3] ?? 0);
  if (hours > 14 || mins > 59) return null;
  return (match[1] === '-' ? -1 : 1) * (hours * 60 + mins);
}
