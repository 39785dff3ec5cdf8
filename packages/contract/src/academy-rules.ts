// The academy's pure rules (contract.md sections 3, 4, "Academy and page editor details"; issue 15):
// when a lesson opens for a student, what blocks it, and how progress is counted. The server
// enforces them on every read of a lesson; the web app shows the same answers. Kept free of zod.

/** Homework states: created (awaiting review), approved, declined (contract.md section 4). */
export const HomeworkStatus = { Created: 1, Approved: 2, Declined: 3 } as const;
export type HomeworkStatus = (typeof HomeworkStatus)[keyof typeof HomeworkStatus];
export const HOMEWORK_STATUSES = [HomeworkStatus.Created, HomeworkStatus.Approved, HomeworkStatus.Declined] as const;
export const HOMEWORK_STATUS_NAMES = { 1: 'created', 2: 'approved', 3: 'declined' } as const satisfies Record<HomeworkStatus, string>;

export const MODULE_TITLE_MAX = 200;
export const MODULE_DESCRIPTION_MAX = 10_000;
export const LESSON_TITLE_MAX = 200;
export const HOMEWORK_DESCRIPTION_MAX = 10_000;
export const HOMEWORK_COMMENT_MAX = 5_000;
export const HOMEWORK_REVIEW_MAX = 5_000;
export const HOMEWORK_FILES_MAX = 5;
export const LESSON_TEACHERS_MAX = 10;
export const CERTIFICATE_TEXT_MAX = 2_000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** Required-homework progress is refreshed by the job queue once an hour (contract.md section 9). */
export const PROGRESS_REFRESH_MS = 60 * 60 * 1000;

export interface CourseModuleInput {
  id: number;
  sort: number;
  active: boolean;
  isOpen: boolean;
  /** When the module opens by itself; null: only when opened by hand. */
  startDate: Date | null;
  /** Every lesson of the module with homework blocks the lessons after it. */
  blockHomework: boolean;
}

export interface CourseLessonInput {
  id: number;
  moduleId: number;
  sort: number;
  isActive: boolean;
  isOpen: boolean;
  startDate: Date | null;
  hasHomework: boolean;
  blockedHomework: boolean;
}

export type LessonAccess =
  | { state: 'open' }
  /** Neither the lesson nor its module has opened yet; opensAt is when it will, null when only by hand. */
  | { state: 'not_yet_open'; opensAt: Date | null }
  /** An earlier lesson's blocking homework is not approved yet. */
  | { state: 'blocked'; blockedBy: number };

/** Modules and lessons in course order: by sort, then id; inactive ones are left out. */
export function courseOrder<M extends CourseModuleInput, L extends CourseLessonInput>(modules: readonly M[], lessons: readonly L[]): { module: M; lessons: L[] }[] {
  const bySort = (a: { sort: number; id: number }, b: { sort: number; id: number }) => a.sort - b.sort || a.id - b.id;
  return modules
    .filter((m) => m.active)
    .sort(bySort)
    .map((module) => ({ module, lessons: lessons.filter((l) => l.moduleId === module.id && l.isActive).sort(bySort) }));
}

/** A lesson whose homework must be approved before the lessons after it open. */
export const isBlocking = (lesson: CourseLessonInput, module: CourseModuleInput): boolean => lesson.hasHomework && (lesson.blockedHomework || module.blockHomework);

const opened = (isOpen: boolean, startDate: Date | null, now: Date) => isOpen || (startDate !== null && startDate.getTime() <= now.getTime());

/**
 * Each active lesson's lock for one student. A lesson opens when it and its module have opened (by
 * hand, or their start date has come) and every blocking homework before it in course order is
 * approved. `approved` holds the ids of lessons whose homework this student has had approved.
 */
export function lessonLocks(modules: readonly CourseModuleInput[], lessons: readonly CourseLessonInput[], approved: ReadonlySet<number>, now: Date): Map<number, LessonAccess> {
  const locks = new Map<number, LessonAccess>();
  let blockedBy: number | null = null;
  for (const { module, lessons: inModule } of courseOrder(modules, lessons)) {
    const moduleOpen = opened(module.isOpen, module.startDate, now);
    for (const lesson of inModule) {
      if (!moduleOpen || !opened(lesson.isOpen, lesson.startDate, now)) {
        const dates = [moduleOpen ? null : module.isOpen ? null : module.startDate, lesson.isOpen ? null : lesson.startDate];
        const unknown = (!moduleOpen && module.startDate === null) || (!lesson.isOpen && lesson.startDate === null);
        const latest = dates.filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
        locks.set(lesson.id, { state: 'not_yet_open', opensAt: unknown ? null : latest });
      } else if (blockedBy !== null) {
        locks.set(lesson.id, { state: 'blocked', blockedBy });
      } else {
        locks.set(lesson.id, { state: 'open' });
      }
      if (blockedBy === null && isBlocking(lesson, module) && !approved.has(lesson.id)) blockedBy = lesson.id;
    }
  }
  return locks;
}

/** The previous and next active lesson in course order, for the lesson page. */
export function lessonNeighbours(modules: readonly CourseModuleInput[], lessons: readonly CourseLessonInput[], lessonId: number): { previous: number | null; next: number | null } {
  const ids = courseOrder(modules, lessons).flatMap((entry) => entry.lessons.map((l) => l.id));
  const index = ids.indexOf(lessonId);
  if (index < 0) return { previous: null, next: null };
  return { previous: ids[index - 1] ?? null, next: ids[index + 1] ?? null };
}

export interface CourseProgress {
  /** Lessons done: a lesson with homework is done when the homework is approved, one without when it was opened. */
  educationProgress: number;
  lessonsTotal: number;
  /** Blocking (required) homework approved. */
  importantEducationProgress: number;
  importantTotal: number;
  /** Every lesson done (and there is at least one): the course is complete. */
  complete: boolean;
}

/** A student's progress through the active course. */
export function studentProgress(modules: readonly CourseModuleInput[], lessons: readonly CourseLessonInput[], approved: ReadonlySet<number>, viewed: ReadonlySet<number>): CourseProgress {
  let done = 0;
  let total = 0;
  let important = 0;
  let importantTotal = 0;
  for (const { module, lessons: inModule } of courseOrder(modules, lessons)) {
    for (const lesson of inModule) {
      total += 1;
      if (lesson.hasHomework ? approved.has(lesson.id) : viewed.has(lesson.id)) done += 1;
      if (isBlocking(lesson, module)) {
        importantTotal += 1;
        if (approved.has(lesson.id)) important += 1;
      }
    }
  }
  return { educationProgress: done, lessonsTotal: total, importantEducationProgress: important, importantTotal, complete: total > 0 && done === total };
}

/**
 * Whether a student may send homework now: the lesson has homework, and there is none yet, or the
 * last one was declined (resubmission). Created and approved work is not sent again.
 */
export function canSubmitHomework(hasHomework: boolean, current: HomeworkStatus | null): 'ok' | 'no_homework' | 'awaiting_review' | 'approved' {
  if (!hasHomework) return 'no_homework';
  if (current === HomeworkStatus.Created) return 'awaiting_review';
  if (current === HomeworkStatus.Approved) return 'approved';
  return 'ok';
}

/** Only work awaiting review is approved or declined; a verdict is never given twice. */
export const canReviewHomework = (current: HomeworkStatus): boolean => current === HomeworkStatus.Created;

/** The chat custom type posted in the lesson chat for a homework change. */
export const homeworkChatType = (status: HomeworkStatus): 'homework' | 'homework_approved' | 'homework_declined' =>
  status === HomeworkStatus.Approved ? 'homework_approved' : status === HomeworkStatus.Declined ? 'homework_declined' : 'homework';

/**
 * A new order for a module's lessons (or the course's modules): the items must be exactly the
 * current ids, each once. Answers the ids in their new order, or null when they do not match.
 */
export function checkSortItems(current: readonly number[], items: readonly { id: number; sort: number }[]): number[] | null {
  if (items.length !== current.length) return null;
  const ids = new Set(items.map((item) => item.id));
  if (ids.size !== items.length || current.some((id) => !ids.has(id))) return null;
  return [...items].sort((a, b) => a.sort - b.sort || a.id - b.id).map((item) => item.id);
}
