import { unknownTimezoneMessage, ErrorCode, type Language, type Timezone } from '@lobby/contract';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { buildCatalog, catalogVersion, offsetMinutes, parseOffsetQuery } from './catalog.ts';
import { presentTimezone } from './present.ts';
import { findTimezone, readMeta, searchTimezones, upsertTimezones, writeMeta, type TimezoneRow } from './repo.ts';

const META_KEY = 'timezones.catalog';

/** Fills or refreshes the timezone table when the runtime's ICU data differs from what built it. */
export async function syncTimezones(db: Db): Promise<boolean> {
  const version = catalogVersion();
  if ((await readMeta(db, META_KEY)) === version) return false;
  await upsertTimezones(db, buildCatalog());
  await writeMeta(db, META_KEY, version);
  return true;
}

const byOffsetThenCity = (a: Timezone, b: Timezone) => a.offset_minutes - b.offset_minutes || a.city.localeCompare(b.city) || a.id.localeCompare(b.id);

/** Search by name, city or id in any of the three languages, or by UTC offset ("+3", "UTC-05:30"). */
export async function listTimezones(db: Db, query: string | undefined, lang: Language): Promise<Timezone[]> {
  const offset = query ? parseOffsetQuery(query) : null;
  const rows: TimezoneRow[] = await searchTimezones(db, offset === null ? query : undefined);
  const now = Date.now();
  const matching = offset === null ? rows : rows.filter((row) => offsetMinutes(row.id, now) === offset);
  return matching.map((row) => presentTimezone(row, lang, now)).sort(byOffsetThenCity);
}

/** The ICU-canonical spelling of an alias ("Asia/Kolkata" -> "Asia/Calcutta"), or undefined. */
function canonicalId(id: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: id }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Finds a zone by id or by any alias the runtime knows. */
async function findKnown(db: Db, id: string): Promise<TimezoneRow | undefined> {
  const row = await findTimezone(db, id);
  if (row) return row;
  const canonical = canonicalId(id);
  return canonical && canonical !== id ? findTimezone(db, canonical) : undefined;
}

export async function getTimezone(db: Db, id: string, lang: Language): Promise<Timezone> {
  const row = await findKnown(db, id);
  if (!row) throw notFound(ErrorCode.timezoneUnknown, unknownTimezoneMessage(id), { id });
  return presentTimezone(row, lang);
}

/** The stored id of a known timezone or alias (profile validation), or undefined. */
export async function canonicalTimezone(db: Db, id: string): Promise<string | undefined> {
  return (await findKnown(db, id))?.id;
}
