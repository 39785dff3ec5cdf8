// The academy admin's data (issue 15): the course settings, modules, lessons, the review queue and
// the students, all from the contract's academy calls; one refresh after every change.
import { routes, type EventMember } from '@lobby/contract';
import { apiQuery } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';

export const settingsQuery = (eventId: number) => apiQuery(routes.getAcademySettings, { params: { eventId } });
export const modulesQuery = (eventId: number) => apiQuery(routes.adminListModules, { params: { eventId } });
export const moduleQuery = (eventId: number, id: number) => apiQuery(routes.adminGetModule, { params: { eventId, id } });
export const lessonsQuery = (eventId: number, moduleId: number) => apiQuery(routes.adminListLessons, { params: { eventId }, query: { module_id: moduleId } });
export const lessonQuery = (eventId: number, id: number) => apiQuery(routes.adminGetLesson, { params: { eventId, id } });

export interface HomeworkFilters {
  status: 1 | 2 | 3 | null;
  moduleId: number | null;
  lessonId: number | null;
  search: string;
  page: number;
}
export const HOMEWORKS_PER_PAGE = 20;
export const homeworksQuery = (eventId: number, filters: HomeworkFilters) =>
  apiQuery(routes.adminListHomeworks, {
    params: { eventId },
    query: {
      page: filters.page,
      per_page: HOMEWORKS_PER_PAGE,
      ...(filters.status ? { 'filter[status]': filters.status } : {}),
      ...(filters.moduleId ? { 'filter[module_id]': filters.moduleId } : {}),
      ...(filters.lessonId ? { 'filter[lesson_id]': filters.lessonId } : {}),
      ...(filters.search ? { 'filter[query]': filters.search } : {}),
    },
  });

export type StudentState = 'complete' | 'in_progress' | 'not_started';
export type StudentSort = 'name' | 'progress' | 'created_at';
export interface StudentFilters {
  search: string;
  state: StudentState | null;
  sort: StudentSort;
  order: 'asc' | 'desc';
}
export const STUDENTS_PER_PAGE = 25;
/** The students call's filters (the export takes the same, without the page). */
export const studentsFilterQuery = (filters: StudentFilters) => ({
  ...(filters.search ? { 'filter[query]': filters.search } : {}),
  ...(filters.state ? { 'filter[state]': filters.state } : {}),
  sort: filters.sort,
  order: filters.order,
});
export const studentsQuery = (eventId: number, filters: StudentFilters, page: number) =>
  apiQuery(routes.adminListStudents, { params: { eventId }, query: { page, per_page: STUDENTS_PER_PAGE, ...studentsFilterQuery(filters) } });

/** Every academy query (admin and students' pages): after a change both may show it. */
export const refreshAcademy = () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('academy.') });

/** Course admins (and organisers) change the course; teachers read it and review homework. */
export const canEditCourse = (member: EventMember | null): boolean => member?.abilities.includes('academy.lesson.edit') ?? false;
export const canReview = (member: EventMember | null): boolean => member?.abilities.includes('academy.homework.review') ?? false;
