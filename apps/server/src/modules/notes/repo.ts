import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notes } from '../../db/schema/index.ts';

export type NoteRow = typeof notes.$inferSelect;
export type NoteSubjectType = NoteRow['subjectType'];

/** Every read and write is keyed by the author and the event: another person's note is simply not there. */
const own = (authorId: number, eventId: number) => and(eq(notes.authorId, authorId), eq(notes.eventId, eventId));

export async function listOwnNotes(db: Db, authorId: number, eventId: number, subject: { type?: NoteSubjectType | undefined; id?: number | undefined }, limit: number, offset: number) {
  const filters: (SQL | undefined)[] = [own(authorId, eventId)];
  if (subject.type) filters.push(eq(notes.subjectType, subject.type));
  if (subject.id !== undefined) filters.push(eq(notes.subjectId, subject.id));
  const where = and(...filters);
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    db.select().from(notes).where(where).orderBy(desc(notes.createdAt), desc(notes.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(notes).where(where),
  ]);
  return { rows, total: n };
}

export async function countAbout(db: Db, authorId: number, eventId: number, type: NoteSubjectType, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notes)
    .where(and(own(authorId, eventId), eq(notes.subjectType, type), eq(notes.subjectId, id)));
  return row?.n ?? 0;
}

export async function insertNote(db: Db, values: { authorId: number; eventId: number; subjectType: NoteSubjectType; subjectId: number; text: string }): Promise<NoteRow> {
  const [row] = await db.insert(notes).values(values).returning();
  if (!row) throw new Error('no note row');
  return row;
}

export async function updateOwnNote(db: Db, authorId: number, eventId: number, id: number, text: string): Promise<NoteRow | undefined> {
  const [row] = await db
    .update(notes)
    .set({ text, updatedAt: new Date() })
    .where(and(own(authorId, eventId), eq(notes.id, id)))
    .returning();
  return row;
}

export async function deleteOwnNote(db: Db, authorId: number, eventId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(notes)
    .where(and(own(authorId, eventId), eq(notes.id, id)))
    .returning({ id: notes.id });
  return rows.length > 0;
}
