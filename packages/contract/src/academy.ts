// The academy (issue 15): modules, lessons with page-editor content, homework, ratings, progress
// and the academy admin. contract.md section 7 shows the lesson and rating calls; the module,
// homework, student and settings calls follow their style (docs/decisions.md, Academy).
import { z } from 'zod';
import {
  HOMEWORK_COMMENT_MAX,
  HOMEWORK_DESCRIPTION_MAX,
  HOMEWORK_FILES_MAX,
  LESSON_TEACHERS_MAX,
  LESSON_TITLE_MAX,
  MODULE_DESCRIPTION_MAX,
  MODULE_TITLE_MAX,
  RATING_MAX,
  RATING_MIN,
} from './academy-rules.ts';
import { ZChatAttachment } from './chat.ts';
import { dataOf, pageOf, ZSearchText, ZTimestamp } from './common.ts';
import { ZPageContent } from './page-blocks.ts';
import { ZEventIdPath, ZEventPath, ZId, ZPaging } from './academy-paths.ts';
import { defineRoute } from './route.ts';
import { VACANCY_SKILLS_MAX } from './vacancy-rules.ts';

/** A date and time with its offset, as the forms send it (the course timezone is applied in the browser); in the years the API takes, as every timestamp. */
const ZDateInput = ZTimestamp;

export const ZTeacher = z.object({ uid: z.number().int(), first_name: z.string(), last_name: z.string() }).meta({ id: 'Teacher' });
export type Teacher = z.infer<typeof ZTeacher>;

/** Why a lesson is closed to the student: not yet open (opens_at, null when only by hand), or blocked by an earlier lesson's homework. */
export const ZLessonLock = z
  .object({
    state: z.enum(['open', 'not_yet_open', 'blocked']),
    opens_at: ZTimestamp.nullable(),
    blocked_by: z.object({ id: z.number().int(), short_description: z.string() }).nullable(),
  })
  .meta({ id: 'LessonLock' });
export type LessonLock = z.infer<typeof ZLessonLock>;

export const ZHomeworkStatus = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** A lesson as lists show it: no content. */
export const ZLessonSummary = z
  .object({
    id: z.number().int(),
    event_id: z.number().int(),
    module_id: z.number().int(),
    short_description: z.string(),
    start_date: ZTimestamp.nullable(),
    end_date: ZTimestamp.nullable(),
    is_open: z.boolean(),
    is_active: z.boolean(),
    sort: z.number().int(),
    teachers: z.array(ZTeacher),
    has_homework: z.boolean(),
    blocked_homework: z.boolean(),
    /** The reader's lock (staff always see 'open'). */
    lock: ZLessonLock,
    /** The reader's own homework status on this lesson, or null. */
    homework_status: ZHomeworkStatus.nullable(),
    /** Average of the students' ratings (1 to 5), null before the first. */
    rating: z.number().nullable(),
  })
  .meta({ id: 'LessonSummary' });
export type LessonSummary = z.infer<typeof ZLessonSummary>;

/** One lesson: the summary, its content (page-editor blocks), homework text and neighbours. */
export const ZLesson = ZLessonSummary.extend({
  homework_description: z.string().nullable(),
  content: ZPageContent,
  module: z.object({ id: z.number().int(), short_description: z.string() }),
  previous_id: z.number().int().nullable(),
  next_id: z.number().int().nullable(),
  /** The course timezone: dates are shown in it. */
  timezone: z.string(),
  /** vacancy.skills values an approved homework of this lesson proves (academy-to-hiring). */
  skills: z.array(z.number().int()),
}).meta({ id: 'Lesson' });
export type Lesson = z.infer<typeof ZLesson>;

export const ZModule = z
  .object({
    id: z.number().int(),
    event_id: z.number().int(),
    /** The module's title. */
    short_description: z.string(),
    full_description: z.string(),
    start_date: ZTimestamp.nullable(),
    end_date: ZTimestamp.nullable(),
    is_open: z.boolean(),
    active: z.boolean(),
    block_homework: z.boolean(),
    /** Some active lesson of the module has homework. */
    has_homework: z.boolean(),
    sort: z.number().int(),
    lessons: z.array(ZLessonSummary),
  })
  .meta({ id: 'AcademyModule' });
export type AcademyModule = z.infer<typeof ZModule>;

export const ZProgress = z
  .object({
    education_progress: z.number().int(),
    lessons_total: z.number().int(),
    important_education_progress: z.number().int(),
    important_total: z.number().int(),
    complete: z.boolean(),
    refreshed_at: ZTimestamp.nullable(),
  })
  .meta({ id: 'AcademyProgress' });
export type Progress = z.infer<typeof ZProgress>;

/** The 'Course program' page in one call: the course timezone, modules with their lessons, and the reader's progress. */
export const ZCourseProgram = z
  .object({ timezone: z.string(), modules: z.array(ZModule), progress: ZProgress.nullable(), can_edit: z.boolean(), can_review: z.boolean() })
  .meta({ id: 'CourseProgram' });
export type CourseProgram = z.infer<typeof ZCourseProgram>;

export const ZHomework = z
  .object({
    id: z.number().int(),
    lesson_id: z.number().int(),
    member_id: z.number().int(),
    status: ZHomeworkStatus,
    comment: z.string(),
    files: z.array(ZChatAttachment),
    /** The reviewer's comment on the last verdict. */
    review_comment: z.string().nullable(),
    reviewed_at: ZTimestamp.nullable(),
    /** Times the work was sent (1 at first, more after declines). */
    attempts: z.number().int(),
    student: z.object({ uid: z.number().int(), first_name: z.string(), last_name: z.string(), email: z.string().nullable() }),
    lesson: z.object({ id: z.number().int(), short_description: z.string(), module_id: z.number().int() }),
    /** The student's lesson chat, where the homework messages are posted. */
    chat_id: z.string().nullable(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
  })
  .meta({ id: 'Homework' });
export type Homework = z.infer<typeof ZHomework>;

export const ZStudentProgress = z
  .object({
    member_id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    education_progress: z.number().int(),
    important_education_progress: z.number().int(),
    lessons_total: z.number().int(),
    important_total: z.number().int(),
    user: z.object({ id: z.number().int(), email: z.string(), avatar_url: z.string().nullable() }),
    ticket: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    /** Homework counts by state. */
    homeworks: z.object({ created: z.number().int(), approved: z.number().int(), declined: z.number().int() }),
    created_at: ZTimestamp,
  })
  .meta({ id: 'StudentProgress' });
export type StudentProgress = z.infer<typeof ZStudentProgress>;

export const ZAcademySettings = z.object({ timezone: z.string(), certificate_text: z.string() }).meta({ id: 'AcademySettings' });
export type AcademySettings = z.infer<typeof ZAcademySettings>;

const ZTitle = (max: number) => z.string().trim().min(1).max(max);

export const ZModuleInput = z.object({
  short_description: ZTitle(MODULE_TITLE_MAX),
  full_description: z.string().trim().max(MODULE_DESCRIPTION_MAX).optional(),
  start_date: ZDateInput.nullable().optional(),
  end_date: ZDateInput.nullable().optional(),
  is_open: z.boolean().optional(),
  active: z.boolean().optional(),
  block_homework: z.boolean().optional(),
});
export type ModuleInput = z.infer<typeof ZModuleInput>;

/**
 * Lesson fields. `content` is checked by parsePageContent on the server (422 validation.failed with
 * each block problem, as for organiser pages); end_date may not be before start_date.
 */
export const ZLessonInput = z.object({
  module_id: z.number().int().min(1),
  short_description: ZTitle(LESSON_TITLE_MAX),
  start_date: ZDateInput.nullable().optional(),
  end_date: ZDateInput.nullable().optional(),
  is_open: z.boolean().optional(),
  is_active: z.boolean().optional(),
  /** Users (uid) who teach the lesson; each must be a member of the event. */
  teachers: z.array(z.number().int().min(1)).max(LESSON_TEACHERS_MAX).optional(),
  has_homework: z.boolean().optional(),
  blocked_homework: z.boolean().optional(),
  homework_description: z.string().trim().max(HOMEWORK_DESCRIPTION_MAX).nullable().optional(),
  content: z.unknown().optional(),
  /** Skills this lesson proves (vacancy.skills values of the event); left out keeps them. */
  skills: z.array(z.number().int().min(0).max(2_147_483_647)).max(VACANCY_SKILLS_MAX).optional(),
});
export type LessonInput = z.infer<typeof ZLessonInput>;

export const ZSortItems = z.object({ items: z.array(z.object({ id: z.number().int().min(1), sort: z.number().int().min(0).max(100_000) })).min(1).max(500) });

export const ZHomeworkInput = z
  .object({
    comment: z.string().trim().max(HOMEWORK_COMMENT_MAX).optional(),
    /** Keys answered by POST /chat/files/upload; they are attached to the homework message in the lesson chat. */
    files: z.array(z.string().regex(/^[A-Za-z0-9._-]{1,200}$/)).max(HOMEWORK_FILES_MAX).optional(),
  })
  .refine((value) => (value.comment ?? '').length > 0 || (value.files ?? []).length > 0, { message: 'Write a comment or attach a file.', path: ['comment'] });
export type HomeworkInput = z.infer<typeof ZHomeworkInput>;

// Students and staff (academy.view): lessons, the program, homework, ratings, progress.

export const listLessons = defineRoute({
  id: 'academy.lessons.list',
  method: 'GET',
  path: '/api/v1/{eventId}/academy/lessons',
  summary: "The course's lessons in course order, with the reader's lock and homework status; filter[module_id] keeps one module's. Students see active lessons of active modules; staff see all",
  tags: ['academy'],
  auth: true,
  params: ZEventPath,
  query: z.object({ ...ZPaging, 'filter[module_id]': ZId.optional() }),
  response: pageOf(ZLessonSummary),
  errors: [400, 401, 403, 404],
});

export const autocompleteLessons = defineRoute({
  id: 'academy.lessons.autocomplete',
  method: 'GET',
  path: '/api/v1/{eventId}/academy/lessons/autocomplete',
  summary: 'Up to 20 lessons whose title contains filter[query] (for pickers)',
  tags: ['academy'],
  auth: true,
  params: ZEventPath,
  query: z.object({ 'filter[query]': ZSearchText.optional() }),
  response: dataOf(z.array(z.object({ id: z.number().int(), short_description: z.string(), module_id: z.number().int() }))),
  errors: [400, 401, 403, 404],
});

export const getLesson = defineRoute({
  id: 'academy.lessons.get',
  method: 'GET',
  path: '/api/v1/{eventId}/academy/lessons/{id}',
  summary:
    "One lesson with its content. 403 academy.lesson_locked (details.state, details.opens_at, details.blocked_by) while it is not yet open or an earlier blocking homework is not approved; opening it counts as having seen it",
  tags: ['academy'],
  auth: true,
  params: ZEventIdPath,
  response: dataOf(ZLesson),
  errors: [400, 401, 403, 404],
});

export const getLessonById = defineRoute({
  id: 'academy.lessons.get_by_id',
  method: 'GET',
  path: '/api/v1/academy/lessons/{id}',
  summary: "One lesson by its id alone (the lesson's event is found from it); the same rules as the event's lesson call",
  tags: ['academy'],
  auth: true,
  params: z.object({ id: ZId }),
  response: dataOf(ZLesson),
  errors: [400, 401, 403, 404],
});

export const getCourseProgram = defineRoute({
  id: 'academy.program',
  method: 'GET',
  path: '/api/v1/{eventId}/academy/program',
  summary: "The 'Course program' page: the course timezone, the modules with their lessons and the reader's locks, and the reader's progress (students)",
  tags: ['academy'],
  auth: true,
  params: ZEventPath,
  response: dataOf(ZCourseProgram),
  errors: [400, 401, 403, 404],
});

export const getMyProgress = defineRoute({
  id: 'academy.progress.me',
  method: 'GET',
  path: '/api/v1/{eventId}/academy/progress/me',
  summary: "The reader's own progress: lessons done and required homework approved",
  tags: ['academy'],
  auth: true,
  params: ZEventPath,
  response: dataOf(ZProgress),
  errors: [400, 401, 403, 404],
});

export const getMyHomework = defineRoute({
  id: 'academy.homework.me',
  method: 'GET',
  path: '/api/v1/{eventId}/academy/lessons/{id}/homework',
  summary: "The reader's homework on the lesson, or null before the first submission",
  tags: ['academy'],
  auth: true,
  params: ZEventIdPath,
  response: dataOf(ZHomework.nullable()),
  errors: [400, 401, 403, 404],
});

export const submitHomework = defineRoute({
  id: 'academy.homework.submit',
  method: 'POST',
  path: '/api/v1/{eventId}/academy/lessons/{id}/homework',
  summary:
    'Send homework (a comment, files, or both): awaiting review (1). Again only after a decline. Posts a homework message in the lesson chat and tells the teachers who asked. 403 academy.lesson_locked; 409 academy.homework_exists (details.status) or academy.no_homework',
  tags: ['academy'],
  auth: true,
  params: ZEventIdPath,
  body: ZHomeworkInput,
  response: dataOf(ZHomework),
  status: 201,
  errors: [400, 401, 403, 404, 409, 422, 429],
});

export const getMyLessonRating = defineRoute({
  id: 'academy.rating.me',
  method: 'GET',
  path: '/api/v1/rating/lesson/{id}/me',
  summary: "The reader's own rating of the lesson (null before rating), with the lesson's average and count",
  tags: ['academy'],
  auth: true,
  params: z.object({ id: ZId }),
  response: dataOf(z.object({ rating: z.number().int().nullable(), average: z.number().nullable(), count: z.number().int() })),
  errors: [400, 401, 403, 404],
});

export const rateLesson = defineRoute({
  id: 'academy.rating.rate',
  method: 'POST',
  path: '/api/v1/{eventId}/academy/lessons/{id}/rating',
  summary: 'Rate an open lesson 1 to 5 (students); rating again replaces the rating',
  tags: ['academy'],
  auth: true,
  params: ZEventIdPath,
  body: z.object({ rating: z.number().int().min(RATING_MIN).max(RATING_MAX) }),
  response: dataOf(z.object({ rating: z.number().int(), average: z.number().nullable(), count: z.number().int() })),
  errors: [400, 401, 403, 404, 422],
});
