import type { Language, Timezone } from '@lobby/contract';
import { formatOffset, offsetMinutes } from './catalog.ts';
import type { TimezoneRow } from './repo.ts';

const nameIn = (row: TimezoneRow, lang: Language): string => ({ en: row.nameEn, ru: row.nameRu, zh: row.nameZh })[lang];

export function presentTimezone(row: TimezoneRow, lang: Language, now = Date.now()): Timezone {
  const minutes = offsetMinutes(row.id, now);
  const offset = formatOffset(minutes);
  const name = nameIn(row, lang);
  const label = name === row.city ? `(UTC${offset}) ${name}` : `(UTC${offset}) ${name} — ${row.city}`;
  return { id: row.id, name, city: row.city, offset, offset_minutes: minutes, label };
}
