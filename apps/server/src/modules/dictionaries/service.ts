import { COUNTRIES, countryName, DICTIONARY_DEFAULTS, DICTIONARY_NAMES, ErrorCode, isEditableDictionary, ONLINE_LOCATION_ID, type Dictionary, type DictionaryEntry, type DictionaryName, type Language, type Ref } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { listEventDictionaries, listMeetingPoints } from './repo.ts';

/** Every list of one event (or the platform's when eventId is null), labels in every language. */
export interface DictionarySet {
  entries(name: DictionaryName): DictionaryEntry[];
  custom(name: DictionaryName): boolean;
  updatedAt(name: DictionaryName): Date | null;
}

const ONLINE_LABELS = { en: 'Online', ru: 'Онлайн', zh: '线上' };

export async function loadDictionaries(db: Db, eventId: number | null): Promise<DictionarySet> {
  const own = new Map<string, { items: DictionaryEntry[]; updatedAt: Date }>();
  let points: { id: number; name: string }[] = [];
  if (eventId !== null) {
    const [event] = await db.select({ id: events.id }).from(events).where(and(eq(events.id, eventId), eq(events.active, true))).limit(1);
    if (!event) throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
    const [rows, pointRows] = await Promise.all([listEventDictionaries(db, eventId), listMeetingPoints(db, eventId)]);
    for (const row of rows) own.set(row.name, { items: row.items, updatedAt: row.updatedAt });
    points = pointRows;
  }
  return {
    entries(name) {
      if (name === 'meeting.locations') return [{ value: ONLINE_LOCATION_ID, labels: ONLINE_LABELS }, ...points.map((p) => ({ value: p.id, labels: { en: p.name, ru: p.name, zh: p.name } }))];
      const custom = isEditableDictionary(name) ? own.get(name) : undefined;
      return custom?.items ?? DICTIONARY_DEFAULTS[name];
    },
    custom: (name) => isEditableDictionary(name) && own.has(name),
    updatedAt: (name) => own.get(name)?.updatedAt ?? null,
  };
}

/** Labels of dictionary values in a language; values no longer in the list are left out. */
export const labelsOf = (set: DictionarySet, name: DictionaryName, language: Language, values: readonly (number | string)[]): Ref[] => {
  const entries = set.entries(name);
  return values.flatMap((value) => {
    const entry = entries.find((item) => item.value === value);
    return entry && typeof value === 'number' ? [{ id: value, name: entry.labels[language] }] : [];
  });
};

export function presentDictionaries(set: DictionarySet, language: Language): Dictionary[] {
  return DICTIONARY_NAMES.map((name) => ({
    name,
    items: set.entries(name).map((entry) => ({ value: entry.value, label: entry.labels[language] })),
    custom: set.custom(name),
    editable: isEditableDictionary(name),
    updated_at: set.updatedAt(name)?.toISOString() ?? null,
  }));
}

export const presentCountries = (language: Language) => COUNTRIES.map((country) => ({ id: country.id, code: country.code, region: country.region, name: countryName(country.id, language) ?? country.code }));
