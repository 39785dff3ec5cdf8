import type { Language, Timezone } from '@lobby/contract';
import { cityIn, formatOffset, offsetMinutes } from './catalog.ts';
import type { TimezoneRow } from './repo.ts';

const nameIn = (row: TimezoneRow, lang: Language): string => ({ en: row.nameEn, ru: row.nameRu, zh: row.nameZh })[lang];

export function presentTimezone(row: TimezoneRow, lang: Language, now = Date.now()): Timezone {
  const minutes = offsetMinutes(row.id, now);
  const offset = formatOffset(minutes);
  const name = nameIn(row, lang);
  // The city in the language asked for (CLDR exemplar city); English stays as stored.
  const city = lang === 'en' ? row.city : cityIn(row.id, lang);
  const label = name === city ? `(UTC${offset}) ${name}` : `(UTC${offset}) ${name} — ${city}`;
  return { id: row.id, name, city, offset, offset_minutes: minutes, label };
}
