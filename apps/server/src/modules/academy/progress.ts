// Student progress (contract.md sections 3 and 9): computed by studentProgress, stored in
// academy_progress, refreshed at once after a review or a first view, and hourly by the job queue
// for every event with a course.
import { HomeworkStatus, MemberRole, PROGRESS_REFRESH_MS, studentProgress, type CourseLessonInput, type CourseModuleInput, type CourseProgress } from '@lobby/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { academyHomeworks, academyLessons, academyLessonViews, academyModules, academyProgress, eventMembers } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { issueCertificates } from './certificate-issue.ts';
import { courseOf, type LessonHead, type ModuleRow } from './repo.ts';

export const PROGRESS_REFRESH_JOB = 'academy.progress.refresh';
/** Students refreshed per batch of writes. */
const BATCH = 200;

export type ProgressRow = typeof academyProgress.$inferSelect;

export const moduleInput = (row: ModuleRow): CourseModuleInput => ({ id: row.id, sort: row.sort, active: row.active, isOpen: row.isOpen, startDate: row.startDate, blockHomework: row.blockHomework });
export const lessonInput = (row: LessonHead): CourseLessonInput => ({
  id: row.id,
  moduleId: row.moduleId,
  sort: row.sort,
  isActive: row.isActive,
  isOpen: row.isOpen,
  startDate: row.startDate,
  hasHomework: row.hasHomework,
  blockedHomework: row.blockedHomework,
});

export interface Course {
  modules: CourseModuleInput[];
  lessons: CourseLessonInput[];
}

export async function loadCourse(db: Db, eventId: number): Promise<Course> {
  const course = await courseOf(db, eventId);
  return { modules: course.modules.map(moduleInput), lessons: course.lessons.map(lessonInput) };
}

/** Lessons each person has had homework approved on, and lessons each has opened. */
async function factsOf(db: Db, eventId: number, userIds: readonly number[]): Promise<{ approved: Map<number, Set<number>>; viewed: Map<number, Set<number>> }> {
  const approved = new Map<number, Set<number>>();
  const viewed = new Map<number, Set<number>>();
  if (userIds.length === 0) return { approved, viewed };
  const ids = [...new Set(userIds)];
  const [approvedRows, viewRows] = await Promise.all([
    db
      .select({ userId: academyHomeworks.userId, lessonId: academyHomeworks.lessonId })
      .from(academyHomeworks)
      .where(and(eq(academyHomeworks.eventId, eventId), eq(academyHomeworks.status, HomeworkStatus.Approved), inArray(academyHomeworks.userId, ids))),
    db
      .select({ userId: academyLessonViews.userId, lessonId: academyLessonViews.lessonId })
      .from(academyLessonViews)
      .innerJoin(academyLessons, eq(academyLessons.id, academyLessonViews.lessonId))
      .where(and(eq(academyLessons.eventId, eventId), inArray(academyLessonViews.userId, ids))),
  ]);
  const add = (map: Map<number, Set<number>>, userId: number, lessonId: number) => map.set(userId, (map.get(userId) ?? new Set()).add(lessonId));
  for (const row of approvedRows) add(approved, row.userId, row.lessonId);
  for (const row of viewRows) add(viewed, row.userId, row.lessonId);
  return { approved, viewed };
}

/** Lessons a person has had homework approved on (the locks need them). */
export async function approvedLessons(db: Db, eventId: number, userId: number): Promise<Set<number>> {
  return (await factsOf(db, eventId, [userId])).approved.get(userId) ?? new Set();
}

/** Progress of these people, computed now without storing it. */
export async function computeProgress(db: Db, eventId: number, userIds: readonly number[], course?: Course): Promise<Map<number, CourseProgress>> {
  const [loaded, facts] = await Promise.all([course ?? loadCourse(db, eventId), factsOf(db, eventId, userIds)]);
  return new Map(userIds.map((userId) => [userId, studentProgress(loaded.modules, loaded.lessons, facts.approved.get(userId) ?? new Set(), facts.viewed.get(userId) ?? new Set())]));
}

/** Writes progress rows; completed_at keeps the first time the course was complete, which issues the certificate. */
async function storeProgress(db: Db, eventId: number, progress: Map<number, CourseProgress>): Promise<ProgressRow[]> {
  if (progress.size === 0) return [];
  const values = [...progress].map(([userId, p]) => ({
    eventId,
    userId,
    educationProgress: p.educationProgress,
    lessonsTotal: p.lessonsTotal,
    importantEducationProgress: p.importantEducationProgress,
    importantTotal: p.importantTotal,
    completedAt: p.complete ? new Date() : null,
  }));
  const rows = await db
    .insert(academyProgress)
    .values(values)
    .onConflictDoUpdate({
      target: [academyProgress.eventId, academyProgress.userId],
      set: {
        educationProgress: sql`excluded.education_progress`,
        lessonsTotal: sql`excluded.lessons_total`,
        importantEducationProgress: sql`excluded.important_education_progress`,
        importantTotal: sql`excluded.important_total`,
        completedAt: sql`case when excluded.completed_at is null then null else coalesce(${academyProgress.completedAt}, excluded.completed_at) end`,
        refreshedAt: sql`now()`,
      },
    })
    .returning();
  await issueCertificates(
    db,
    eventId,
    rows.flatMap((row) => (row.completedAt ? [row.userId] : [])),
  );
  return rows;
}

/** Recomputes and stores one student's progress (after a review of their work or a first view). */
export async function refreshStudent(db: Db, eventId: number, userId: number): Promise<ProgressRow | null> {
  const [row] = await storeProgress(db, eventId, await computeProgress(db, eventId, [userId]));
  return row ?? null;
}

export async function findProgress(db: Db, eventId: number, userId: number): Promise<ProgressRow | null> {
  const [row] = await db.select().from(academyProgress).where(and(eq(academyProgress.eventId, eventId), eq(academyProgress.userId, userId))).limit(1);
  return row ?? null;
}

/** Recomputes every student of an event (members with the CourseStudent role); answers how many. */
export async function refreshEvent(db: Db, eventId: number): Promise<number> {
  const course = await loadCourse(db, eventId);
  const students = await db
    .select({ userId: eventMembers.userId })
    .from(eventMembers)
    .where(and(eq(eventMembers.eventId, eventId), sql`${MemberRole.CourseStudent} = any(${eventMembers.roleIds})`));
  const ids = students.map((row) => row.userId);
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    await storeProgress(db, eventId, await computeProgress(db, eventId, batch, course));
    // PGlite runs on the server's thread: let requests in between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return ids.length;
}

const hasCourse = async (db: Db, eventId: number): Promise<boolean> => (await db.select({ id: academyModules.id }).from(academyModules).where(eq(academyModules.eventId, eventId)).limit(1)).length > 0;

/**
 * Makes sure the event's progress is refreshed within the hour: plans a refresh unless one is
 * planned. Under a transaction-wide advisory lock per event, so two nodes plan one, not two.
 * `at` now queues one at once (a change of the course) beside the hourly one.
 */
export async function planProgressRefresh(db: Db, eventId: number, options: { now?: boolean; exceptJobId?: number } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${PROGRESS_REFRESH_JOB}:${eventId}`}))`);
    const planned = (await tx.execute(sql`
      select 1 from jobs where kind = ${PROGRESS_REFRESH_JOB} and id <> ${options.exceptJobId ?? -1} and done_at is null and failed_at is null
        and (payload->>'eventId')::int = ${eventId} and ${options.now ? sql`run_at <= now() and locked_until is null` : sql`run_at > now()`} limit 1`)) as unknown as { rows: unknown[] };
    if (planned.rows.length > 0) return;
    await enqueueJob(tx as unknown as Db, PROGRESS_REFRESH_JOB, { eventId }, { runAt: new Date(options.now ? Date.now() : Date.now() + PROGRESS_REFRESH_MS), maxAttempts: 3 });
  });
}

/** When each event's hourly refresh was last made sure of, per database (one check an hour per node). */
const ensured = new WeakMap<Db, Map<number, number>>();

/**
 * Makes sure an event whose course is read has its hourly refresh planned: a course made without
 * the admin calls (the demo seed, an import) gets one on its first reading. Checked at most once
 * an hour per event on each node.
 */
export async function ensureHourlyRefresh(db: Db, eventId: number, now = Date.now()): Promise<void> {
  let checked = ensured.get(db);
  if (!checked) ensured.set(db, (checked = new Map()));
  const last = checked.get(eventId);
  if (last !== undefined && now - last < PROGRESS_REFRESH_MS) return;
  if (!(await hasCourse(db, eventId))) return;
  await planProgressRefresh(db, eventId);
  checked.set(eventId, now);
}

/** The hourly refresh of one event; it plans the next one for as long as the event has a course. */
export function progressRefreshHandler(db: Db): JobHandler {
  return async (job) => {
    const eventId = Number(job.payload.eventId);
    if (!Number.isInteger(eventId)) return;
    if (!(await hasCourse(db, eventId))) return;
    await refreshEvent(db, eventId);
    await planProgressRefresh(db, eventId, { exceptJobId: job.id });
  };
}
