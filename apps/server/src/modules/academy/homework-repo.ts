// Homework rows, their review queue and their attachments (Drizzle only).
import { HomeworkStatus } from '@lobby/contract';
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/sql.ts';
import { academyHomeworks, academyLessons, academyLessonTeachers, chatChannels, chatUploads, eventMembers, users } from '../../db/schema/index.ts';

export type HomeworkRow = typeof academyHomeworks.$inferSelect;
export type UploadRow = typeof chatUploads.$inferSelect;

/** A homework with what presenting it needs: the student, the lesson and the student's lesson chat. */
export interface HomeworkView {
  homework: HomeworkRow;
  memberId: number | null;
  student: { id: number; firstName: string; lastName: string; email: string; language: string; disableEmailNotifications: boolean };
  lesson: { id: number; title: string; moduleId: number };
  chatId: string | null;
}

const viewColumns = {
  homework: academyHomeworks,
  memberId: eventMembers.id,
  student: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, language: users.language, disableEmailNotifications: users.disableEmailNotifications },
  lesson: { id: academyLessons.id, title: academyLessons.title, moduleId: academyLessons.moduleId },
  chatId: chatChannels.id,
};

const viewQuery = (db: Db) =>
  db
    .select(viewColumns)
    .from(academyHomeworks)
    .innerJoin(users, eq(users.id, academyHomeworks.userId))
    .innerJoin(academyLessons, eq(academyLessons.id, academyHomeworks.lessonId))
    .leftJoin(eventMembers, and(eq(eventMembers.eventId, academyHomeworks.eventId), eq(eventMembers.userId, academyHomeworks.userId)))
    .leftJoin(
      chatChannels,
      and(eq(chatChannels.eventId, academyHomeworks.eventId), eq(chatChannels.entityType, 'lesson'), eq(chatChannels.entityId, academyHomeworks.lessonId), eq(chatChannels.ownerId, academyHomeworks.userId)),
    );

export async function findHomeworkView(db: Db, eventId: number, id: number): Promise<HomeworkView | null> {
  const [row] = await viewQuery(db)
    .where(and(eq(academyHomeworks.eventId, eventId), eq(academyHomeworks.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findOwnHomework(db: Db, lessonId: number, userId: number): Promise<HomeworkView | null> {
  const [row] = await viewQuery(db)
    .where(and(eq(academyHomeworks.lessonId, lessonId), eq(academyHomeworks.userId, userId)))
    .limit(1);
  return row ?? null;
}

export interface QueueFilter {
  status?: number;
  lessonId?: number;
  moduleId?: number;
  query?: string;
}

/** The review queue: work awaiting review first, then by when it was last sent or judged, oldest first. */
export async function homeworkQueue(db: Db, eventId: number, filter: QueueFilter, limit: number, offset: number): Promise<{ rows: HomeworkView[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(academyHomeworks.eventId, eventId)];
  if (filter.status !== undefined) conditions.push(eq(academyHomeworks.status, filter.status as HomeworkStatus));
  if (filter.lessonId !== undefined) conditions.push(eq(academyHomeworks.lessonId, filter.lessonId));
  if (filter.moduleId !== undefined) conditions.push(eq(academyLessons.moduleId, filter.moduleId));
  if (filter.query) {
    const pattern = containsPattern(filter.query);
    conditions.push(or(sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`, sql`${users.email} ilike ${pattern}`));
  }
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    viewQuery(db)
      .where(where)
      .orderBy(sql`${academyHomeworks.status} <> ${HomeworkStatus.Created}`, asc(academyHomeworks.updatedAt), asc(academyHomeworks.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(academyHomeworks)
      .innerJoin(users, eq(users.id, academyHomeworks.userId))
      .innerJoin(academyLessons, eq(academyLessons.id, academyHomeworks.lessonId))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The first sending: one row per student and lesson, so of two sent at once one is stored. */
export async function insertHomework(db: Db, values: { eventId: number; lessonId: number; userId: number; comment: string; files: string[] }): Promise<HomeworkRow | null> {
  const [row] = await db.insert(academyHomeworks).values({ ...values, status: HomeworkStatus.Created }).onConflictDoNothing().returning();
  return row ?? null;
}

/** Sending again after a decline; only one of two sent at once finds the row still declined. */
export async function resubmitHomework(db: Db, id: number, values: { comment: string; files: string[] }): Promise<HomeworkRow | null> {
  const [row] = await db
    .update(academyHomeworks)
    .set({ ...values, status: HomeworkStatus.Created, attempts: sql`${academyHomeworks.attempts} + 1`, updatedAt: sql`now()` })
    .where(and(eq(academyHomeworks.id, id), eq(academyHomeworks.status, HomeworkStatus.Declined)))
    .returning();
  return row ?? null;
}

/** Puts a homework back as it was before a sending whose chat message could not be posted. */
export async function restoreHomework(db: Db, before: HomeworkRow | null, after: HomeworkRow): Promise<void> {
  if (!before) {
    await db.delete(academyHomeworks).where(and(eq(academyHomeworks.id, after.id), eq(academyHomeworks.attempts, after.attempts), eq(academyHomeworks.status, HomeworkStatus.Created)));
    return;
  }
  await db
    .update(academyHomeworks)
    .set({ status: before.status, comment: before.comment, files: before.files, attempts: before.attempts, updatedAt: before.updatedAt })
    .where(and(eq(academyHomeworks.id, after.id), eq(academyHomeworks.attempts, after.attempts), eq(academyHomeworks.status, HomeworkStatus.Created)));
}

/** A verdict, given only while the work awaits review: of two reviewers at once, one wins. */
export async function reviewHomework(db: Db, eventId: number, id: number, verdict: { status: HomeworkStatus; comment: string | null; reviewerId: number }): Promise<HomeworkRow | null> {
  const [row] = await db
    .update(academyHomeworks)
    .set({ status: verdict.status, reviewComment: verdict.comment, reviewerId: verdict.reviewerId, reviewedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(academyHomeworks.eventId, eventId), eq(academyHomeworks.id, id), eq(academyHomeworks.status, HomeworkStatus.Created)))
    .returning();
  return row ?? null;
}

/** The uploads named by keys, whoever sent them. */
export async function uploadsByKey(db: Db, keys: readonly string[]): Promise<Map<string, UploadRow>> {
  if (keys.length === 0) return new Map();
  const rows = await db.select().from(chatUploads).where(inArray(chatUploads.key, [...new Set(keys)]));
  return new Map(rows.map((row) => [row.key, row]));
}

/** Of these keys, the ones the person uploaded and has not sent yet (homework files are such uploads). */
export async function unsentUploadsOf(db: Db, userId: number, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: chatUploads.key })
    .from(chatUploads)
    .where(and(inArray(chatUploads.key, [...new Set(keys)]), eq(chatUploads.uploaderId, userId), isNull(chatUploads.messageId)));
  return new Set(rows.map((row) => row.key));
}

/** The teachers of a lesson who asked for a mail on each homework sent (member setting). */
export async function teachersToTell(db: Db, eventId: number, lessonId: number) {
  return db
    .select({ userId: users.id, firstName: users.firstName, email: users.email, language: users.language, disableEmailNotifications: users.disableEmailNotifications, settings: eventMembers.settings })
    .from(academyLessonTeachers)
    .innerJoin(users, eq(users.id, academyLessonTeachers.userId))
    .innerJoin(eventMembers, and(eq(eventMembers.eventId, eventId), eq(eventMembers.userId, users.id)))
    .where(eq(academyLessonTeachers.lessonId, lessonId));
}
