// The academy admin's calls (issue 15): modules and lessons with their order, the homework review
// queue, the students and their CSV, the course settings. Course admins (academy.lesson.edit)
// write; teachers and course admins (academy.admin.view) read (docs/decisions.md, Academy).
import { z } from 'zod';
import { ZAcademySettings, ZHomework, ZLesson, ZLessonInput, ZLessonSummary, ZModule, ZModuleInput, ZSortItems, ZStudentProgress } from './academy.ts';
import { ZEventIdPath, ZEventPath, ZId, ZPaging } from './academy-paths.ts';
import { CERTIFICATE_TEXT_MAX, HOMEWORK_REVIEW_MAX } from './academy-rules.ts';
import { dataOf, pageOf, ZSearchText } from './common.ts';
import { defineRoute } from './route.ts';

// Course admins (academy.lesson.edit) write; teachers and admins (academy.admin.view) read.

export const adminListModules = defineRoute({
  id: 'academy.admin.modules.list',
  method: 'GET',
  path: '/api/v1/{eventId}/academy/admin/modules',
  summary: 'Every module with its lessons, inactive ones included (teachers and course admins)',
  tags: ['academy'],
  auth: true,
  params: ZEventPath,
  response: dataOf(z.array(ZModule)),
  errors: [400, 401, 403, 404],
});

export const adminGetModule = defineRoute({
  id: 'academy.admin.modules.get',
  method: 'GET',
  path: '/api/v1/{eventId}/academy/admin/modules/{id}',
  summary: 'One module with its lessons (teachers and course admins)',
  tags: ['academy'],
  auth: true,
  params: ZEventIdPath,
  response: dataOf(ZModule),
  errors: [400, 401, 403, 404],
});

export const createModule = defineRoute({
  id: 'academy.admin.modules.create',
  method: 'POST',
  path: '/api/v1/{eventId}/academy/admin/modules',
  summary: 'Create a module, last in the course (course admins). 422 when end_date is before start_date',
  tags: ['academy'],
  auth: true,
  params: ZEventPath,
  body: ZModuleInput,
  response: dataOf(ZModule),
  status: 201,
  errors: [400, 401, 403, 404, 422],
});

export const updateModule = defineRoute({
  id: 'academy.admin.modules.update',
  method: 'PUT',
  path: '/api/v1/{eventId}/academy/admin/modules/{id}',
  summary: 'Change a module (course admins)',
  tags: ['academy'],
  auth: true,
  params: ZEventIdPath,
  body: ZModuleInput,
  response: dataOf(ZModule),
  errors: [400, 401, 403, 404, 422],
});

export const deleteModule = defineRoute({
  id: 'academy.admin.modules.delete',
  method: 'DELETE',
  path: '/api/v1/{eventId}/academy/admin/modules/{id}',
  summary: 'Delete an empty module (course admins). 409 academy.module_not_empty while it holds lessons',
  tags: ['academy'],
  auth: true,
  params: ZEventIdPath,
  response: z.null(),
  status: 204,
  errors: [400, 401, 403, 404, 409],
});

export const sortModules = defineRoute({
  id: 'academy.admin.modules.sort',
  method: 'PUT',
  path: '/api/v1/{eventId}/academy/admin/modules/sort',
  summary: 'Reorder the modules (course admins): items must list every module once. 422 academy.sort_mismatch otherwise',
  tags: ['academy'],
  auth: true,
  params: ZEventPath,
  body: ZSortItems,
  response: dataOf(z.array(z.object({ id: z.number().int(), sort: z.number().int() }))),
  errors: [400, 401, 403, 404, 422],
});

export const adminListLessons = defineRoute({
  id: 'academy.admin.lessons.list',
  method: 'GET',
  path: '/api/v1/{eventId}/academy/admin/lessons',
  summary: "A module's lessons in order, inactive ones included (teachers and course admins)",
  tags: ['academy'],
  auth: true,
  params: ZEventPath,
  query: z.object({ module_id: ZId }),
  response: dataOf(z.array(ZLessonSummary)),
  errors: [400, 401, 403, 404],
});

export const adminGetLesson = defineRoute({
  id: 'academy.admin.lessons.get',
  method: 'GET',
  path: '/api/v1/{eventId}/academy/admin/lessons/{id}',
  summary: 'One lesson with its content for the lesson editor, whatever its dates (teachers and course admins)',
  tags: ['academy'],
  auth: true,
  params: ZEventIdPath,
  response: dataOf(ZLesson),
  errors: [400, 401, 403, 404],
});

export const createLesson = defineRoute({
  id: 'academy.admin.lessons.create',
  method: 'POST',
  path: '/api/v1/{eventId}/academy/admin/lessons',
  summary: "Create a lesson, last in its module (course admins). 422 validation.failed for content blocks (each block's field and message) and dates",
  tags: ['academy'],
  auth: true,
  params: ZEventPath,
  body: ZLessonInput,
  response: dataOf(ZLesson),
  status: 201,
  errors: [400, 401, 403, 404, 422],
});

export const updateLesson = defineRoute({
  id: 'academy.admin.lessons.update',
  method: 'PUT',
  path: '/api/v1/{eventId}/academy/admin/lessons/{id}',
  summary: 'Change a lesson (course admins); moving it to another module puts it last there',
  tags: ['academy'],
  auth: true,
  params: ZEventIdPath,
  body: ZLessonInput,
  response: dataOf(ZLesson),
  errors: [400, 401, 403, 404, 422],
});

export const deleteLesson = defineRoute({
  id: 'academy.admin.lessons.delete',
  method: 'DELETE',
  path: '/api/v1/{eventId}/academy/admin/lessons/{id}',
  summary: 'Delete a lesson with its homework and ratings (course admins)',
  tags: ['academy'],
  auth: true,
  params: ZEventIdPath,
  response: z.null(),
  status: 204,
  errors: [400, 401, 403, 404],
});

export const sortLessons = defineRoute({
  id: 'academy.admin.lessons.sort',
  method: 'PUT',
  path: '/api/v1/{eventId}/academy/admin/lessons/sort',
  summary: "Reorder a module's lessons (course admins): items must list every lesson of the module once. 422 academy.sort_mismatch otherwise",
  tags: ['academy'],
  auth: true,
  params: ZEventPath,
  body: ZSortItems.extend({ module_id: z.number().int().min(1) }),
  response: dataOf(z.array(z.object({ id: z.number().int(), sort: z.number().int() }))),
  errors: [400, 401, 403, 404, 422],
});

export const adminListHomeworks = defineRoute({
  id: 'academy.admin.homeworks.list',
  method: 'GET',
  path: '/api/v1/{eventId}/academy/admin/homeworks',
  summary: "The review queue, oldest waiting first: filter by status, lesson, module, or the student's name or e-mail (teachers and course admins)",
  tags: ['academy'],
  auth: true,
  params: ZEventPath,
  query: z.object({
    ...ZPaging,
    'filter[status]': z.coerce.number().int().min(1).max(3).optional(),
    'filter[lesson_id]': ZId.optional(),
    'filter[module_id]': ZId.optional(),
    'filter[query]': ZSearchText.optional(),
  }),
  response: pageOf(ZHomework),
  errors: [400, 401, 403, 404],
});

export const approveHomework = defineRoute({
  id: 'academy.admin.homeworks.approve',
  method: 'POST',
  path: '/api/v1/{eventId}/academy/admin/homeworks/{id}/approve',
  summary:
    'Approve work awaiting review (teachers and course admins): posts homework_approved in the lesson chat, notifies and mails the student, refreshes progress. 409 academy.homework_reviewed when it already has a verdict',
  tags: ['academy'],
  auth: true,
  params: ZEventIdPath,
  body: z.object({ comment: z.string().trim().max(HOMEWORK_REVIEW_MAX).optional() }).optional(),
  response: dataOf(ZHomework),
  errors: [400, 401, 403, 404, 409],
});

export const declineHomework = defineRoute({
  id: 'academy.admin.homeworks.decline',
  method: 'POST',
  path: '/api/v1/{eventId}/academy/admin/homeworks/{id}/decline',
  summary: 'Decline work awaiting review with a comment (teachers and course admins); the student may send it again. 409 academy.homework_reviewed',
  tags: ['academy'],
  auth: true,
  params: ZEventIdPath,
  body: z.object({ comment: z.string().trim().min(1).max(HOMEWORK_REVIEW_MAX) }),
  response: dataOf(ZHomework),
  errors: [400, 401, 403, 404, 409, 422],
});

const ZStudentsQuery = z.object({
  ...ZPaging,
  'filter[query]': ZSearchText.optional(),
  /** complete: every lesson done; in_progress: some; not_started: none. */
  'filter[state]': z.enum(['complete', 'in_progress', 'not_started']).optional(),
  sort: z.enum(['name', 'progress', 'created_at']).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

export const adminListStudents = defineRoute({
  id: 'academy.admin.students.list',
  method: 'GET',
  path: '/api/v1/{eventId}/academy/admin/students',
  summary: "The students (members with the CourseStudent role) with their progress and homework counts (teachers and course admins)",
  tags: ['academy'],
  auth: true,
  params: ZEventPath,
  query: ZStudentsQuery,
  response: pageOf(ZStudentProgress),
  errors: [400, 401, 403, 404],
});

export const exportStudents = defineRoute({
  id: 'academy.admin.students.export',
  method: 'GET',
  path: '/api/v1/{eventId}/academy/admin/students/export',
  summary: 'The filtered students as a CSV attachment (teachers and course admins)',
  tags: ['academy'],
  auth: true,
  params: ZEventPath,
  query: ZStudentsQuery.omit({ page: true, per_page: true }),
  response: z.string(),
  errors: [400, 401, 403, 404],
});

export const getAcademySettings = defineRoute({
  id: 'academy.admin.settings.get',
  method: 'GET',
  path: '/api/v1/{eventId}/academy/admin/settings',
  summary: "The course settings: its timezone (the event's until set) and the certificate text (teachers and course admins)",
  tags: ['academy'],
  auth: true,
  params: ZEventPath,
  response: dataOf(ZAcademySettings),
  errors: [400, 401, 403, 404],
});

export const updateAcademySettings = defineRoute({
  id: 'academy.admin.settings.update',
  method: 'PUT',
  path: '/api/v1/{eventId}/academy/admin/settings',
  summary: 'Change the course settings (course admins). 404 timezone.unknown for a timezone not in the list',
  tags: ['academy'],
  auth: true,
  params: ZEventPath,
  body: z.object({ timezone: z.string().min(1).max(64), certificate_text: z.string().trim().max(CERTIFICATE_TEXT_MAX) }),
  response: dataOf(ZAcademySettings),
  errors: [400, 401, 403, 404, 422],
});
