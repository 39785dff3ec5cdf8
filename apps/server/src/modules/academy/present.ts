// Rows of the academy as the contract's DTOs.
import type { AcademyModule, CourseProgress, Homework, Lesson, LessonAccess, LessonSummary, Progress, Teacher } from '@lobby/contract';
import type { FileUrls } from '../../files/urls.ts';
import { presentAttachment } from '../chat/present.ts';
import { signFileUrls } from '../pages/file-urls.ts';
import { contentOf } from '../pages/present.ts';
import type { HomeworkView, UploadRow } from './homework-repo.ts';
import { presentLock } from './policy.ts';
import type { ProgressRow } from './progress.ts';
import type { LessonHead, LessonRow, ModuleRow, TeacherRow } from './repo.ts';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export const presentTeacher = (row: Pick<TeacherRow, 'userId' | 'firstName' | 'lastName'>): Teacher => ({ uid: row.userId, first_name: row.firstName, last_name: row.lastName });

/** What presenting lessons to one reader needs, read once for the whole list. */
export interface LessonContext {
  teachers: Map<number, TeacherRow[]>;
  /** The reader's lock of each lesson; undefined for people who see the whole course (always open). */
  lockOf: (lessonId: number) => LessonAccess | undefined;
  titleOf: (lessonId: number) => string;
  statuses: Map<number, 1 | 2 | 3>;
  ratings: Map<number, { average: number; count: number }>;
}

/** An average of ratings to two decimals. */
const roundRating = (average: number): number => Math.round(average * 100) / 100;

export function presentLessonSummary(row: LessonHead, ctx: LessonContext): LessonSummary {
  const rating = ctx.ratings.get(row.id);
  return {
    id: row.id,
    event_id: row.eventId,
    module_id: row.moduleId,
    short_description: row.title,
    start_date: iso(row.startDate),
    end_date: iso(row.endDate),
    is_open: row.isOpen,
    is_active: row.isActive,
    sort: row.sort,
    teachers: (ctx.teachers.get(row.id) ?? []).map(presentTeacher),
    has_homework: row.hasHomework,
    blocked_homework: row.blockedHomework,
    lock: presentLock(ctx.lockOf(row.id), ctx.titleOf),
    homework_status: ctx.statuses.get(row.id) ?? null,
    rating: rating ? roundRating(rating.average) : null,
  };
}

export function presentLesson(
  row: LessonRow,
  ctx: LessonContext,
  extra: { module: ModuleRow; previous: number | null; next: number | null; timezone: string; files: FileUrls },
): Lesson {
  return {
    ...presentLessonSummary(row, ctx),
    homework_description: row.homeworkDescription,
    content: signFileUrls(contentOf(row.content), extra.files),
    module: { id: extra.module.id, short_description: extra.module.title },
    previous_id: extra.previous,
    next_id: extra.next,
    timezone: extra.timezone,
    skills: row.skills,
  };
}

export function presentModule(row: ModuleRow, lessons: readonly LessonHead[], ctx: LessonContext): AcademyModule {
  return {
    id: row.id,
    event_id: row.eventId,
    short_description: row.title,
    full_description: row.fullDescription,
    start_date: iso(row.startDate),
    end_date: iso(row.endDate),
    is_open: row.isOpen,
    active: row.active,
    block_homework: row.blockHomework,
    has_homework: lessons.some((lesson) => lesson.isActive && lesson.hasHomework),
    sort: row.sort,
    lessons: lessons.map((lesson) => presentLessonSummary(lesson, ctx)),
  };
}

export function presentHomework(view: HomeworkView, uploads: Map<string, UploadRow>, files: FileUrls): Homework {
  const { homework } = view;
  return {
    id: homework.id,
    lesson_id: homework.lessonId,
    member_id: view.memberId ?? 0,
    status: homework.status,
    comment: homework.comment,
    files: homework.files.flatMap((key) => {
      const upload = uploads.get(key);
      return upload ? [presentAttachment(upload, files)] : [];
    }),
    review_comment: homework.reviewComment,
    reviewed_at: iso(homework.reviewedAt),
    attempts: homework.attempts,
    student: { uid: view.student.id, first_name: view.student.firstName, last_name: view.student.lastName, email: view.student.email },
    lesson: { id: view.lesson.id, short_description: view.lesson.title, module_id: view.lesson.moduleId },
    chat_id: view.chatId,
    created_at: homework.createdAt.toISOString(),
    updated_at: homework.updatedAt.toISOString(),
  };
}

export const presentStoredProgress = (row: ProgressRow): Progress => ({
  education_progress: row.educationProgress,
  lessons_total: row.lessonsTotal,
  important_education_progress: row.importantEducationProgress,
  important_total: row.importantTotal,
  complete: row.completedAt !== null,
  refreshed_at: row.refreshedAt.toISOString(),
});

/** Progress computed now and not stored (people who run the course are not its students). */
export const presentComputedProgress = (progress: CourseProgress): Progress => ({
  education_progress: progress.educationProgress,
  lessons_total: progress.lessonsTotal,
  important_education_progress: progress.importantEducationProgress,
  important_total: progress.importantTotal,
  complete: progress.complete,
  refreshed_at: null,
});
