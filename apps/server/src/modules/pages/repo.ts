import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventPages, events } from '../../db/schema/index.ts';

export type PageRow = typeof eventPages.$inferSelect;
export type PageValues = Pick<typeof eventPages.$inferInsert, 'slug' | 'kind' | 'title' | 'published' | 'content' | 'frameUrl'>;

export const pagesOf = (db: Db, eventId: number) => db.select().from(eventPages).where(eq(eventPages.eventId, eventId)).orderBy(asc(eventPages.slug));

export async function findPage(db: Db, eventId: number, id: number): Promise<PageRow | undefined> {
  const [row] = await db.select().from(eventPages).where(and(eq(eventPages.eventId, eventId), eq(eventPages.id, id))).limit(1);
  return row;
}

export async function findPublishedPage(db: Db, eventId: number, slug: string): Promise<PageRow | undefined> {
  const [row] = await db
    .select()
    .from(eventPages)
    .where(and(eq(eventPages.eventId, eventId), eq(eventPages.slug, slug), eq(eventPages.published, true)))
    .limit(1);
  return row;
}

export async function insertPage(db: Db, eventId: number, values: PageValues): Promise<PageRow> {
  const [row] = await db.insert(eventPages).values({ eventId, ...values }).returning();
  if (!row) throw new Error('no page row');
  return row;
}

export async function updatePage(db: Db, eventId: number, id: number, values: PageValues): Promise<PageRow | undefined> {
  const [row] = await db
    .update(eventPages)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(eventPages.eventId, eventId), eq(eventPages.id, id)))
    .returning();
  return row;
}

export async function deletePage(db: Db, eventId: number, id: number): Promise<boolean> {
  const rows = await db.delete(eventPages).where(and(eq(eventPages.eventId, eventId), eq(eventPages.id, id))).returning({ id: eventPages.id });
  return rows.length > 0;
}

/** The published pages of an event for its pages index, by title. */
export const publishedPagesOf = (db: Db, eventId: number) =>
  db
    .select({ slug: eventPages.slug, kind: eventPages.kind, title: eventPages.title })
    .from(eventPages)
    .where(and(eq(eventPages.eventId, eventId), eq(eventPages.published, true)))
    .orderBy(asc(eventPages.title), asc(eventPages.slug));

/** What frames the published pages of active events show: frame pages' addresses and their blocks. */
export const framedPages = (db: Db) =>
  db
    .select({ kind: eventPages.kind, content: eventPages.content, frameUrl: eventPages.frameUrl })
    .from(eventPages)
    .innerJoin(events, and(eq(events.id, eventPages.eventId), eq(events.active, true)))
    .where(eq(eventPages.published, true))
    .orderBy(asc(eventPages.id));
