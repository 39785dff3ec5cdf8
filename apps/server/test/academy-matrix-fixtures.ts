// Academy fixtures of the authorisation matrix: a course of the event (a module with an open
// homework lesson), another event's module, lesson and homework (IDOR attempts), and fresh rows
// for the calls that delete or review one. Rows are stored directly: the matrix makes many.
import { and, eq } from 'drizzle-orm';
import { academyHomeworks, academyLessons, academyModules } from '../src/db/schema/index.ts';
import { addMembership, createUser } from './factories.ts';
import type { TestApp } from './harness.ts';

export async function academyMatrix(t: TestApp, input: { eventId: number; otherEventId: number }) {
  const { db } = t.database;
  const insertModule = async (eventId: number, sort = 0) => (await db.insert(academyModules).values({ eventId, title: 'Matrix module', isOpen: true, sort }).returning())[0]?.id ?? 0;
  const insertLesson = async (eventId: number, moduleId: number, sort = 0) =>
    (await db.insert(academyLessons).values({ eventId, moduleId, title: 'Matrix lesson', isOpen: true, hasHomework: true, sort, content: { version: 1, blocks: [] } }).returning())[0]?.id ?? 0;
  /** Work of a fresh student of the event, awaiting review. */
  const insertHomework = async (eventId: number, lessonId: number) => {
    const student = await createUser(db);
    await addMembership(db, eventId, student.id, { roleIds: [6] });
    return (await db.insert(academyHomeworks).values({ eventId, lessonId, userId: student.id, comment: 'Matrix work' }).returning())[0]?.id ?? 0;
  };

  const moduleId = await insertModule(input.eventId);
  const lessonId = await insertLesson(input.eventId, moduleId);
  const otherModuleId = await insertModule(input.otherEventId);
  const otherLessonId = await insertLesson(input.otherEventId, otherModuleId);
  const otherHomeworkId = await insertHomework(input.otherEventId, otherLessonId);
  let sort = 1;
  const moduleIds = async () => (await db.select({ id: academyModules.id }).from(academyModules).where(eq(academyModules.eventId, input.eventId))).map((row) => row.id);
  const lessonIds = async () => (await db.select({ id: academyLessons.id }).from(academyLessons).where(and(eq(academyLessons.eventId, input.eventId), eq(academyLessons.moduleId, moduleId)))).map((row) => row.id);

  return {
    moduleId,
    lessonId,
    otherModuleId,
    otherLessonId,
    otherHomeworkId,
    /** An empty module, for the calls that delete one. */
    freshModule: () => insertModule(input.eventId, (sort += 1)),
    /** A lesson of its own module, for the calls that delete one. */
    freshLesson: async () => insertLesson(input.eventId, await insertModule(input.eventId, (sort += 1))),
    freshHomework: () => insertHomework(input.eventId, lessonId),
    /** Every module of the event, and every lesson of the course's module, in a new order. */
    moduleOrder: async () => ({ items: (await moduleIds()).map((id, index) => ({ id, sort: index })) }),
    lessonOrder: async () => ({ module_id: moduleId, items: (await lessonIds()).map((id, index) => ({ id, sort: index })) }),
  };
}
