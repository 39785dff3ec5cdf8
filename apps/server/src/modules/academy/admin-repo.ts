// The course admin's writes: modules, lessons with their teachers, and their order (Drizzle only).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { academyLessons, academyLessonTeachers, academyModules } from '../../db/schema/index.ts';
import type { LessonRow, LessonValues, ModuleRow, ModuleValues } from './repo.ts';

/** The next sort value at the end of the event's modules (max + 1, 0 for the first). */
const nextModuleSort = (eventId: number) => sql<number>`(select coalesce(max(${academyModules.sort}) + 1, 0) from ${academyModules} where ${academyModules.eventId} = ${eventId})`;
const nextLessonSort = (moduleId: number) => sql<number>`(select coalesce(max(${academyLessons.sort}) + 1, 0) from ${academyLessons} where ${academyLessons.moduleId} = ${moduleId})`;

export async function insertModule(db: Db, eventId: number, values: ModuleValues): Promise<ModuleRow> {
  const [row] = await db
    .insert(academyModules)
    .values({ eventId, ...values, sort: nextModuleSort(eventId) })
    .returning();
  if (!row) throw new Error('no module row');
  return row;
}

export async function updateModule(db: Db, eventId: number, id: number, values: Partial<ModuleValues>): Promise<ModuleRow | null> {
  const [row] = await db
    .update(academyModules)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(academyModules.eventId, eventId), eq(academyModules.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Deletes a module that holds no lesson: 'deleted', 'not_empty', or 'not_found'. The lesson check
 * and the delete are one statement, so a lesson added meanwhile keeps its module (the foreign key
 * refuses the rest).
 */
export async function deleteEmptyModule(db: Db, eventId: number, id: number): Promise<'deleted' | 'not_empty' | 'not_found'> {
  const rows = await db
    .delete(academyModules)
    .where(and(eq(academyModules.eventId, eventId), eq(academyModules.id, id), sql`not exists (select 1 from ${academyLessons} where ${academyLessons.moduleId} = ${id})`))
    .returning({ id: academyModules.id });
  if (rows.length > 0) return 'deleted';
  const [still] = await db.select({ id: academyModules.id }).from(academyModules).where(and(eq(academyModules.eventId, eventId), eq(academyModules.id, id))).limit(1);
  return still ? 'not_empty' : 'not_found';
}

async function setTeachers(tx: Db, lessonId: number, teachers: readonly number[]): Promise<void> {
  await tx.delete(academyLessonTeachers).where(eq(academyLessonTeachers.lessonId, lessonId));
  if (teachers.length > 0) await tx.insert(academyLessonTeachers).values(teachers.map((userId, position) => ({ lessonId, userId, position })));
}

/** A new lesson, last in its module, with its teachers. */
export async function insertLesson(db: Db, eventId: number, values: LessonValues, teachers: readonly number[]): Promise<LessonRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(academyLessons)
      .values({ eventId, ...values, sort: nextLessonSort(values.moduleId) })
      .returning();
    if (!row) throw new Error('no lesson row');
    await setTeachers(tx, row.id, teachers);
    return row;
  });
}

/**
 * Changes a lesson; moving it to another module puts it last there. Teachers are replaced when
 * given (undefined keeps them).
 */
export async function updateLesson(db: Db, eventId: number, id: number, values: Partial<LessonValues>, moved: boolean, teachers: readonly number[] | undefined): Promise<LessonRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(academyLessons)
      .set({ ...values, ...(moved && values.moduleId !== undefined ? { sort: nextLessonSort(values.moduleId) } : {}), updatedAt: sql`now()` })
      .where(and(eq(academyLessons.eventId, eventId), eq(academyLessons.id, id)))
      .returning();
    if (!row) return null;
    if (teachers !== undefined) await setTeachers(tx, row.id, teachers);
    return row;
  });
}

export async function deleteLesson(db: Db, eventId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(academyLessons)
    .where(and(eq(academyLessons.eventId, eventId), eq(academyLessons.id, id)))
    .returning({ id: academyLessons.id });
  return rows.length > 0;
}

/**
 * A new order: `order` maps each id to its place. The current ids are read under a row lock in
 * the same transaction as the writes, so a module or lesson added or removed meanwhile makes
 * `check` refuse rather than leave a gap.
 */
export async function reorder(
  db: Db,
  table: 'modules' | 'lessons',
  scope: { eventId: number; moduleId?: number },
  check: (current: number[]) => number[] | null,
): Promise<{ id: number; sort: number }[] | null> {
  return db.transaction(async (tx) => {
    const current =
      table === 'modules'
        ? await tx.select({ id: academyModules.id }).from(academyModules).where(eq(academyModules.eventId, scope.eventId)).for('update')
        : await tx
            .select({ id: academyLessons.id })
            .from(academyLessons)
            .where(and(eq(academyLessons.eventId, scope.eventId), eq(academyLessons.moduleId, scope.moduleId ?? -1)))
            .for('update');
    const order = check(current.map((row) => row.id));
    if (!order) return null;
    const target = table === 'modules' ? academyModules : academyLessons;
    for (const [sort, id] of order.entries()) await tx.update(target).set({ sort }).where(eq(target.id, id));
    return order.map((id, sort) => ({ id, sort }));
  });
}
