// The academy for its readers (issue 15): the course program, lessons with their locks, ratings
// and one's own progress. Every call checks the reader's grants in the lesson's event.
import { ErrorCode, lessonLocks, lessonNeighbours, type LessonAccess } from '@lobby/contract';
import type { AccessSource, EventAccess } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { pageMeta } from '../../db/sql.ts';
import type { FileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Realtime } from '../../realtime/server.ts';
import type { ChatContext } from '../chat/service.ts';
import { academyVerdict, learns, presentLock, seesWholeCourse, type AcademyNeed } from './policy.ts';
import { presentComputedProgress, presentLesson, presentLessonSummary, presentModule, presentStoredProgress, type LessonContext } from './present.ts';
import { computeProgress, ensureHourlyRefresh, findProgress, lessonInput, moduleInput, refreshStudent } from './progress.ts';
import { courseOf, findEvent, findLesson, findSettings, lessonEventId, lessonRating, lessonsMatching, ratingsOf, recordView, statusesOf, teachersOf, upsertRating, type AcademyEvent, type LessonHead, type ModuleRow } from './repo.ts';

export interface AcademyContext {
  db: Db;
  files: FileUrls;
  chat: ChatContext;
  mailer: Mailer;
  realtime: Realtime;
  publicUrl: string;
  /** Where failures that do not fail the call are told (the app's logger). */
  log: { warn(details: object, message: string): void };
  /** Wakes the job runner after a job was queued. */
  nudge: () => void;
}

export const lessonNotFound = () => new AppError(404, ErrorCode.lessonNotFound, 'This lesson was not found.');
export const moduleNotFound = () => new AppError(404, ErrorCode.moduleNotFound, 'This module was not found.');

/** The reader of an academy call: the event, their grants, and whether they see the whole course. */
export interface AcademyCaller {
  event: AcademyEvent;
  access: EventAccess;
  userId: number;
  wholeCourse: boolean;
}

const NEED_TEXT: Record<AcademyNeed, string> = {
  view: "Only the academy's students, teachers and course admins can open the course.",
  admin: "Only the academy's teachers and course admins can open the academy admin.",
  edit: 'Only course admins can change the course.',
  review: 'Only teachers and course admins can review homework.',
};

/**
 * The caller's right to an academy call in an event: 401 for guests, 404 for an unknown event
 * (or an inactive one, except to its organisers), 403 for people outside the event, 403
 * section.locked for members whose roles do not open the academy, 403 for the rest.
 */
export async function requireAcademy(db: Db, source: AccessSource, eventId: number, need: AcademyNeed): Promise<AcademyCaller> {
  const [event, access] = await Promise.all([findEvent(db, eventId), source.get(eventId)]);
  if (access.userId === null) throw new AppError(401, ErrorCode.unauthorized, 'Sign in to open the academy.');
  if (!event || (!event.active && !access.can('event.manage'))) throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  const verdict = academyVerdict({ signedIn: true, isMember: access.member !== null, ticketKind: access.ticketType?.kind ?? null, permissions: access.permissions }, need);
  if (verdict === 'locked') throw new AppError(403, ErrorCode.sectionLocked, NEED_TEXT[need], { section: need === 'view' ? 'academy' : 'academy_admin', access: 'unavailable' });
  if (verdict !== 'ok') throw new AppError(403, ErrorCode.forbidden, NEED_TEXT[need]);
  return { event, access, userId: access.userId, wholeCourse: seesWholeCourse(access.permissions) };
}

/**
 * For the calls that name a lesson alone: the lesson's event is found from it, and a reader with
 * no right there is told the lesson does not exist (an id says nothing about other events).
 */
export async function requireLessonReader(db: Db, source: AccessSource, lessonId: number): Promise<AcademyCaller> {
  const eventId = await lessonEventId(db, lessonId);
  if (eventId === null) throw lessonNotFound();
  try {
    return await requireAcademy(db, source, eventId, 'view');
  } catch (error) {
    if (error instanceof AppError && error.status !== 401) throw lessonNotFound();
    throw error;
  }
}

/** The course as one reader sees it: students only active lessons of active modules, with their locks. */
export interface ReaderCourse {
  modules: ModuleRow[];
  /** Lessons the reader may see, in course order within each module. */
  lessons: LessonHead[];
  /** Every lesson of the course (active or not), for the neighbours and the titles of blocking lessons. */
  all: { modules: ModuleRow[]; lessons: LessonHead[] };
  locks: Map<number, LessonAccess> | null;
  context: LessonContext;
}

export async function readerCourse(db: Db, caller: AcademyCaller, now = new Date()): Promise<ReaderCourse> {
  const [all, statuses, ratings] = await Promise.all([courseOf(db, caller.event.id), statusesOf(db, caller.event.id, caller.userId), ratingsOf(db, caller.event.id)]);
  let modules = all.modules;
  let lessons = all.lessons;
  let locks: Map<number, LessonAccess> | null = null;
  if (!caller.wholeCourse) {
    const approved = new Set([...statuses].filter(([, status]) => status === 2).map(([lessonId]) => lessonId));
    locks = lessonLocks(all.modules.map(moduleInput), all.lessons.map(lessonInput), approved, now);
    modules = all.modules.filter((module) => module.active);
    lessons = all.lessons.filter((lesson) => locks?.has(lesson.id));
  }
  const titles = new Map(all.lessons.map((lesson) => [lesson.id, lesson.title]));
  const teachers = await teachersOf(
    db,
    lessons.map((lesson) => lesson.id),
  );
  const context: LessonContext = { teachers, lockOf: (id) => locks?.get(id), titleOf: (id) => titles.get(id) ?? '', statuses, ratings };
  return { modules, lessons, all, locks, context };
}

/** A lesson the reader may see (404 otherwise, another event's too); `open` also refuses a locked one. */
export function visibleLesson(course: ReaderCourse, lessonId: number, options: { open: boolean }): LessonHead {
  const lesson = course.lessons.find((candidate) => candidate.id === lessonId);
  if (!lesson) throw lessonNotFound();
  const lock = course.locks?.get(lessonId);
  if (options.open && lock && lock.state !== 'open') {
    const shown = presentLock(lock, course.context.titleOf);
    const message = shown.state === 'blocked' ? `This lesson opens once your homework on "${shown.blocked_by?.short_description ?? ''}" is approved.` : 'This lesson is not open yet.';
    throw new AppError(403, ErrorCode.lessonLocked, message, shown);
  }
  return lesson;
}

export async function courseTimezone(db: Db, event: AcademyEvent): Promise<string> {
  return (await findSettings(db, event.id))?.timezone ?? event.timezone;
}

/** A student's stored progress, computed and stored the first time it is asked for. */
async function ownProgress(db: Db, caller: AcademyCaller) {
  if (caller.wholeCourse) {
    const computed = (await computeProgress(db, caller.event.id, [caller.userId])).get(caller.userId);
    return computed ? presentComputedProgress(computed) : null;
  }
  const row = (await findProgress(db, caller.event.id, caller.userId)) ?? (await refreshStudent(db, caller.event.id, caller.userId));
  return row ? presentStoredProgress(row) : null;
}

// Calls ---------------------------------------------------------------------------------------------

export async function courseProgram(db: Db, source: AccessSource, eventId: number) {
  const caller = await requireAcademy(db, source, eventId, 'view');
  await ensureHourlyRefresh(db, eventId);
  const [course, timezone] = await Promise.all([readerCourse(db, caller), courseTimezone(db, caller.event)]);
  const modules = course.modules.map((module) =>
    presentModule(
      module,
      course.lessons.filter((lesson) => lesson.moduleId === module.id),
      course.context,
    ),
  );
  return {
    data: {
      timezone,
      modules,
      progress: caller.wholeCourse ? null : await ownProgress(db, caller),
      can_edit: caller.access.can('academy.lesson.edit'),
      can_review: caller.access.can('academy.homework.review'),
    },
  };
}

/** The course's lessons in course order (modules by sort, then lessons by sort), paged. */
export async function listLessons(db: Db, source: AccessSource, eventId: number, query: { page: number; perPage: number; moduleId: number | undefined }) {
  const caller = await requireAcademy(db, source, eventId, 'view');
  const course = await readerCourse(db, caller);
  const ordered = course.modules.flatMap((module) => course.lessons.filter((lesson) => lesson.moduleId === module.id));
  const chosen = query.moduleId === undefined ? ordered : ordered.filter((lesson) => lesson.moduleId === query.moduleId);
  const page = chosen.slice((query.page - 1) * query.perPage, query.page * query.perPage);
  return { data: page.map((lesson) => presentLessonSummary(lesson, course.context)), meta: pageMeta(query.page, query.perPage, chosen.length) };
}

/** Up to 20 lessons by title (students: the ones they may see). */
export async function autocompleteLessons(db: Db, source: AccessSource, eventId: number, text: string) {
  const caller = await requireAcademy(db, source, eventId, 'view');
  const rows = await lessonsMatching(db, eventId, text, caller.wholeCourse ? 20 : 200);
  const visible = caller.wholeCourse ? rows : rows.filter((row) => row.isActive && row.moduleActive);
  return { data: visible.slice(0, 20).map((row) => ({ id: row.id, short_description: row.title, module_id: row.moduleId })) };
}

/**
 * One lesson with its content. A student's lock refuses it (403 academy.lesson_locked); the first
 * reading is recorded as seen and refreshes the student's progress.
 */
export async function readLesson(db: Db, files: FileUrls, caller: AcademyCaller, lessonId: number) {
  const course = await readerCourse(db, caller);
  visibleLesson(course, lessonId, { open: true });
  const [row, timezone] = await Promise.all([findLesson(db, caller.event.id, lessonId), courseTimezone(db, caller.event)]);
  const module = row ? course.all.modules.find((candidate) => candidate.id === row.moduleId) : undefined;
  if (!row || !module) throw lessonNotFound();
  if (!caller.wholeCourse && (await recordView(db, lessonId, caller.userId))) await refreshStudent(db, caller.event.id, caller.userId);
  const { previous, next } = lessonNeighbours(course.all.modules.map(moduleInput), course.all.lessons.map(lessonInput), lessonId);
  const teachers = course.context.teachers.has(lessonId) ? course.context : { ...course.context, teachers: await teachersOf(db, [lessonId]) };
  return { data: presentLesson(row, teachers, { module, previous, next, timezone, files }) };
}

export async function getLesson(db: Db, files: FileUrls, source: AccessSource, eventId: number, lessonId: number) {
  return readLesson(db, files, await requireAcademy(db, source, eventId, 'view'), lessonId);
}

export async function getLessonById(db: Db, files: FileUrls, source: AccessSource, lessonId: number) {
  return readLesson(db, files, await requireLessonReader(db, source, lessonId), lessonId);
}

export async function myProgress(db: Db, source: AccessSource, eventId: number) {
  const caller = await requireAcademy(db, source, eventId, 'view');
  await ensureHourlyRefresh(db, eventId);
  const progress = await ownProgress(db, caller);
  if (!progress) throw new Error('progress not computed');
  return { data: progress };
}

/** The reader's rating of a lesson they may see, with the lesson's average and count. */
export async function myRating(db: Db, source: AccessSource, lessonId: number) {
  const caller = await requireLessonReader(db, source, lessonId);
  visibleLesson(await readerCourse(db, caller), lessonId, { open: false });
  const rating = await lessonRating(db, lessonId, caller.userId);
  return { data: { rating: rating.mine, average: rating.average === null ? null : Math.round(rating.average * 100) / 100, count: rating.count } };
}

/** A student rates an open lesson; rating again replaces the rating. */
export async function rateLesson(db: Db, source: AccessSource, eventId: number, lessonId: number, value: number) {
  const caller = await requireAcademy(db, source, eventId, 'view');
  if (!learns(caller.access.permissions)) throw new AppError(403, ErrorCode.forbidden, 'Only students rate lessons.');
  visibleLesson(await readerCourse(db, caller), lessonId, { open: true });
  await upsertRating(db, lessonId, caller.userId, value);
  const rating = await lessonRating(db, lessonId, caller.userId);
  return { data: { rating: value, average: rating.average === null ? null : Math.round(rating.average * 100) / 100, count: rating.count } };
}
