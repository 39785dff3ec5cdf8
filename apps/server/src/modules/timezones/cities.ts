// Localised city names of timezones ("Москва", "上海") from CLDR's exemplar cities. Only the three
// languages' timeZoneNames.json are read (about 220 kB in all), once, on first use, and kept as
// three small maps; the rest of the package is never touched.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Language } from '@lobby/contract';

const require = createRequire(import.meta.url);
const LANGUAGES: readonly Language[] = ['en', 'ru', 'zh'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** CLDR nests zones by id segment: zone.America.Argentina.Salta.exemplarCity. */
function collect(node: Record<string, unknown>, path: string[], into: Map<string, string>): void {
  for (const [key, value] of Object.entries(node)) {
    if (!isRecord(value)) continue;
    const id = [...path, key];
    if (typeof value.exemplarCity === 'string') into.set(id.join('/'), value.exemplarCity);
    collect(value, id, into);
  }
}

function readCities(lang: Language): Map<string, string> {
  const file = require.resolve(`cldr-dates-full/main/${lang}/timeZoneNames.json`);
  const json: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const main = isRecord(json) && isRecord(json.main) ? json.main[lang] : undefined;
  const dates = isRecord(main) && isRecord(main.dates) ? main.dates.timeZoneNames : undefined;
  const zones = isRecord(dates) ? dates.zone : undefined;
  const cities = new Map<string, string>();
  if (isRecord(zones)) collect(zones, [], cities);
  cities.delete('Etc/Unknown');
  return cities;
}

let tables: Record<Language, Map<string, string>> | undefined;

/** The city of a zone in a language, or undefined when CLDR has none (then: from the id). */
export function exemplarCity(id: string, lang: Language): string | undefined {
  tables ??= Object.fromEntries(LANGUAGES.map((l) => [l, readCities(l)])) as Record<Language, Map<string, string>>;
  return tables[lang].get(id);
}

/** The CLDR release the names come from: part of the catalogue's fingerprint. */
export const cldrVersion = (): string => String((require('cldr-dates-full/package.json') as { version?: unknown }).version ?? '?');
