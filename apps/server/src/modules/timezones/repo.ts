import { eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appMeta, timezones } from '../../db/schema/index.ts';
import type { TimezoneEntry } from './catalog.ts';
import { containsPattern } from '../../db/sql.ts';

export type TimezoneRow = typeof timezones.$inferSelect;


export async function searchTimezones(db: Db, text: string | undefined): Promise<TimezoneRow[]> {
  const q = text?.trim().toLowerCase();
  if (!q) return db.select().from(timezones);
  return db
    .select()
    .from(timezones)
    .where(ilike(timezones.search, containsPattern(q)));
}

export async function findTimezone(db: Db, id: string): Promise<TimezoneRow | undefined> {
  const [row] = await db.select().from(timezones).where(eq(timezones.id, id)).limit(1);
  return row;
}

export async function readMeta(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, key)).limit(1);
  return row?.value;
}

export async function writeMeta(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}

const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);

export async function upsertTimezones(db: Db, entries: TimezoneEntry[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (let i = 0; i < entries.length; i += 200) {
      await tx
        .insert(timezones)
        .values(entries.slice(i, i + 200))
        .onConflictDoUpdate({
          target: timezones.id,
          set: {
            city: sqlExcluded('city'),
            nameEn: sqlExcluded('name_en'),
            nameRu: sqlExcluded('name_ru'),
            nameZh: sqlExcluded('name_zh'),
            search: sqlExcluded('search'),
          },
        });
    }
  });
}
