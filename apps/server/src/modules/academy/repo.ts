// The academy's course: modules, lessons, teachers, ratings, views and settings (Drizzle only).
import { and, asc, eq, getTableColumns, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/sql.ts';
import { academyHomeworks, academyLessonRatings, academyLessons, academyLessonTeachers, academyLessonViews, academyModules, academySettings, eventMembers, events, users } from '../../db/schema/index.ts';

export type ModuleRow = typeof academyModules.$inferSelect;
export type LessonRow = typeof academyLessons.$inferSelect;
/** A lesson without its content, as lists and locks need it. */
export type LessonHead = Omit<LessonRow, 'content'>;
export type ModuleValues = Pick<typeof academyModules.$inferInsert, 'title' | 'fullDescription' | 'startDate' | 'endDate' | 'isOpen' | 'active' | 'blockHomework'>;
export type LessonValues = Pick<typeof academyLessons.$inferInsert, 'moduleId' | 'title' | 'startDate' | 'endDate' | 'isOpen' | 'isActive' | 'hasHomework' | 'blockedHomework' | 'homeworkDescription' | 'content' | 'skills'>;

export interface AcademyEvent {
  id: number;
  slug: string;
  name: string;
  active: boolean;
  timezone: string;
}

export async function findEvent(db: Db, eventId: number): Promise<AcademyEvent | null> {
  const [row] = await db.select({ id: events.id, slug: events.slug, name: events.name, active: events.active, timezone: events.timezone }).from(events).where(eq(events.id, eventId)).limit(1);
  return row ?? null;
}

/** Every lesson column but the content (a course's lists and locks never need it). */
const { content: _content, ...lessonHeadColumns } = getTableColumns(academyLessons);

const bySort = <T extends { sort: number; id: number }>(rows: T[]): T[] => rows.sort((a, b) => a.sort - b.sort || a.id - b.id);

/** The event's whole course: every module and every lesson (without content), in sort order. */
export async function courseOf(db: Db, eventId: number): Promise<{ modules: ModuleRow[]; lessons: LessonHead[] }> {
  const [modules, lessons] = await Promise.all([
    db.select().from(academyModules).where(eq(academyModules.eventId, eventId)),
    db.select(lessonHeadColumns).from(academyLessons).where(eq(academyLessons.eventId, eventId)),
  ]);
  return { modules: bySort(modules), lessons: bySort(lessons) };
}

export async function findModule(db: Db, eventId: number, id: number): Promise<ModuleRow | null> {
  const [row] = await db.select().from(academyModules).where(and(eq(academyModules.eventId, eventId), eq(academyModules.id, id))).limit(1);
  return row ?? null;
}

export async function findLesson(db: Db, eventId: number, id: number): Promise<LessonRow | null> {
  const [row] = await db.select().from(academyLessons).where(and(eq(academyLessons.eventId, eventId), eq(academyLessons.id, id))).limit(1);
  return row ?? null;
}

/** The event of a lesson, for the calls that name a lesson alone. */
export async function lessonEventId(db: Db, id: number): Promise<number | null> {
  const [row] = await db.select({ eventId: academyLessons.eventId }).from(academyLessons).where(eq(academyLessons.id, id)).limit(1);
  return row?.eventId ?? null;
}

export interface TeacherRow {
  lessonId: number;
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  language: string;
  disableEmailNotifications: boolean;
}

/** The teachers of these lessons in their order. */
export async function teachersOf(db: Db, lessonIds: readonly number[]): Promise<Map<number, TeacherRow[]>> {
  const byLesson = new Map<number, TeacherRow[]>();
  if (lessonIds.length === 0) return byLesson;
  const rows = await db
    .select({ lessonId: academyLessonTeachers.lessonId, userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, language: users.language, disableEmailNotifications: users.disableEmailNotifications })
    .from(academyLessonTeachers)
    .innerJoin(users, eq(users.id, academyLessonTeachers.userId))
    .where(inArray(academyLessonTeachers.lessonId, [...new Set(lessonIds)]))
    .orderBy(asc(academyLessonTeachers.lessonId), asc(academyLessonTeachers.position), asc(users.id));
  for (const row of rows) byLesson.set(row.lessonId, [...(byLesson.get(row.lessonId) ?? []), row]);
  return byLesson;
}

/** Of these people, the ones who are members of the event. */
export async function membersAmong(db: Db, eventId: number, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: eventMembers.userId })
    .from(eventMembers)
    .where(and(eq(eventMembers.eventId, eventId), inArray(eventMembers.userId, [...new Set(userIds)])));
  return new Set(rows.map((row) => row.userId));
}

/** Each lesson's average rating and count. */
export async function ratingsOf(db: Db, eventId: number): Promise<Map<number, { average: number; count: number }>> {
  const rows = await db
    .select({ lessonId: academyLessonRatings.lessonId, average: sql<string>`avg(${academyLessonRatings.rating})`, count: sql<number>`count(*)::int` })
    .from(academyLessonRatings)
    .innerJoin(academyLessons, eq(academyLessons.id, academyLessonRatings.lessonId))
    .where(eq(academyLessons.eventId, eventId))
    .groupBy(academyLessonRatings.lessonId);
  return new Map(rows.map((row) => [row.lessonId, { average: Number(row.average), count: row.count }]));
}

export async function lessonRating(db: Db, lessonId: number, userId: number): Promise<{ mine: number | null; average: number | null; count: number }> {
  const [row] = await db
    .select({
      mine: sql<number | null>`(select ${academyLessonRatings.rating} from ${academyLessonRatings} where ${academyLessonRatings.lessonId} = ${lessonId} and ${academyLessonRatings.userId} = ${userId})`,
      average: sql<string | null>`avg(${academyLessonRatings.rating})`,
      count: sql<number>`count(*)::int`,
    })
    .from(academyLessonRatings)
    .where(eq(academyLessonRatings.lessonId, lessonId));
  return { mine: row?.mine ?? null, average: row?.average === null || row?.average === undefined ? null : Number(row.average), count: row?.count ?? 0 };
}

export async function upsertRating(db: Db, lessonId: number, userId: number, rating: number): Promise<void> {
  await db
    .insert(academyLessonRatings)
    .values({ lessonId, userId, rating })
    .onConflictDoUpdate({ target: [academyLessonRatings.lessonId, academyLessonRatings.userId], set: { rating, updatedAt: sql`now()` } });
}

/** The reader's homework status on each lesson of the event. */
export async function statusesOf(db: Db, eventId: number, userId: number): Promise<Map<number, 1 | 2 | 3>> {
  const rows = await db
    .select({ lessonId: academyHomeworks.lessonId, status: academyHomeworks.status })
    .from(academyHomeworks)
    .where(and(eq(academyHomeworks.eventId, eventId), eq(academyHomeworks.userId, userId)));
  return new Map(rows.map((row) => [row.lessonId, row.status]));
}

/** Records a student's first opening of a lesson; true when this was the first. */
export async function recordView(db: Db, lessonId: number, userId: number): Promise<boolean> {
  const rows = await db.insert(academyLessonViews).values({ lessonId, userId }).onConflictDoNothing().returning({ lessonId: academyLessonViews.lessonId });
  return rows.length > 0;
}

/** Up to `limit` lessons whose title contains the text. */
export const lessonsMatching = (db: Db, eventId: number, text: string, limit: number) =>
  db
    .select({ id: academyLessons.id, title: academyLessons.title, moduleId: academyLessons.moduleId, isActive: academyLessons.isActive, moduleActive: academyModules.active })
    .from(academyLessons)
    .innerJoin(academyModules, eq(academyModules.id, academyLessons.moduleId))
    .where(and(eq(academyLessons.eventId, eventId), text ? ilike(academyLessons.title, containsPattern(text)) : undefined))
    .orderBy(asc(academyModules.sort), asc(academyModules.id), asc(academyLessons.sort), asc(academyLessons.id))
    .limit(limit);

// Settings

export async function findSettings(db: Db, eventId: number): Promise<{ timezone: string; certificateText: string } | null> {
  const [row] = await db.select({ timezone: academySettings.timezone, certificateText: academySettings.certificateText }).from(academySettings).where(eq(academySettings.eventId, eventId)).limit(1);
  return row ?? null;
}

export async function upsertSettings(db: Db, eventId: number, values: { timezone: string; certificateText: string }): Promise<void> {
  await db
    .insert(academySettings)
    .values({ eventId, ...values })
    .onConflictDoUpdate({ target: academySettings.eventId, set: { ...values, updatedAt: sql`now()` } });
}
