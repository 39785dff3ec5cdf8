import { and, asc, count, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/sql.ts';
import { emailTemplates } from '../../db/schema/index.ts';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;

export async function listTemplates(db: Db, eventId: number, filter: { query?: string | undefined; typeIds?: number[] | undefined; exceptCustom?: boolean }, limit: number, offset: number) {
  const where: SQL | undefined = and(
    eq(emailTemplates.eventId, eventId),
    filter.query ? ilike(emailTemplates.name, containsPattern(filter.query)) : undefined,
    filter.typeIds && filter.typeIds.length > 0 ? inArray(emailTemplates.typeId, filter.typeIds) : undefined,
    filter.exceptCustom ? ne(emailTemplates.typeId, 14) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db.select().from(emailTemplates).where(where).orderBy(asc(emailTemplates.typeId), asc(emailTemplates.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(emailTemplates).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function findTemplate(db: Db, eventId: number, id: number): Promise<EmailTemplateRow | undefined> {
  const [row] = await db.select().from(emailTemplates).where(and(eq(emailTemplates.eventId, eventId), eq(emailTemplates.id, id))).limit(1);
  return row;
}

/** The event's override of a type (not Custom), if it has one. */
export async function templateOfType(db: Db, eventId: number, typeId: number): Promise<EmailTemplateRow | undefined> {
  const [row] = await db.select().from(emailTemplates).where(and(eq(emailTemplates.eventId, eventId), eq(emailTemplates.typeId, typeId))).limit(1);
  return row;
}

export async function insertTemplate(db: Db, values: typeof emailTemplates.$inferInsert): Promise<EmailTemplateRow | undefined> {
  const [row] = await db.insert(emailTemplates).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateTemplate(db: Db, eventId: number, id: number, values: Pick<EmailTemplateRow, 'name' | 'translations'>): Promise<EmailTemplateRow | undefined> {
  const [row] = await db
    .update(emailTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(emailTemplates.eventId, eventId), eq(emailTemplates.id, id)))
    .returning();
  return row;
}

export async function deleteTemplate(db: Db, eventId: number, id: number): Promise<boolean> {
  return (await db.delete(emailTemplates).where(and(eq(emailTemplates.eventId, eventId), eq(emailTemplates.id, id))).returning({ id: emailTemplates.id })).length > 0;
}
