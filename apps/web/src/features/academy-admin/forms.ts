// What the module and lesson forms edit, and the calls' bodies they become. Dates are wall times
// in the course timezone in the form and ISO instants with the course's offset in the body.
import { describeIssue, stripTmp, ZLessonInput, ZModuleInput, type AcademyModule, type Lesson, type LessonInput, type ModuleInput } from '@lobby/contract';
import type { z } from 'zod';
import type { PickedPerson } from '../../ui/PeoplePicker.tsx';
import { courseDateToIso, endsBeforeStart, isoToCourseDate } from './dates.ts';

/** A problem of one field: a form.* key with its values, or an api.* key. */
export interface FieldProblem {
  key: string;
  params: Record<string, string | number>;
  /** The server's own sentence, when it names no rule this build knows. */
  text?: string;
}

/** A field problem in the person's language. */
export const fieldProblemText = (t: (key: string, options?: Record<string, unknown>) => string, problem: FieldProblem | undefined): string | undefined =>
  problem ? (problem.text ?? t(problem.key, problem.params)) : undefined;
export type Problems<F extends string> = Partial<Record<F, FieldProblem>>;

export interface ModuleValues {
  short_description: string;
  full_description: string;
  start_date: string;
  end_date: string;
  is_open: boolean;
  active: boolean;
  block_homework: boolean;
}

export const moduleValuesOf = (module: AcademyModule | undefined, timeZone: string): ModuleValues => ({
  short_description: module?.short_description ?? '',
  full_description: module?.full_description ?? '',
  start_date: isoToCourseDate(module?.start_date, timeZone),
  end_date: isoToCourseDate(module?.end_date, timeZone),
  is_open: module?.is_open ?? false,
  active: module?.active ?? true,
  block_homework: module?.block_homework ?? false,
});

type DateField = 'start_date' | 'end_date';

/** The two dates as the body sends them, and what is wrong with them. */
function datesOf(values: Record<DateField, string>, timeZone: string): { start: string | null; end: string | null; problems: Problems<DateField> } {
  const problems: Problems<DateField> = {};
  const start = courseDateToIso(values.start_date, timeZone);
  const end = courseDateToIso(values.end_date, timeZone);
  if (start === undefined) problems.start_date = { key: 'form.invalid', params: {} };
  if (end === undefined) problems.end_date = { key: 'form.invalid', params: {} };
  if (start && end && endsBeforeStart(start, end)) problems.end_date = { key: 'api.academy_dates_invalid', params: {} };
  return { start: start ?? null, end: end ?? null, problems };
}

const trimmed = (value: string) => value.trim();

/** Checks the body with the contract's schema (the server's rule) and names the fields it refuses. */
function schemaProblems<F extends string>(issues: readonly z.core.$ZodIssue[], fields: readonly F[]): Problems<F> {
  const problems: Problems<F> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (!fields.includes(field) || problems[field]) continue;
    const described = describeIssue(issue);
    problems[field] = { key: `form.${described.key}`, params: described.params };
  }
  return problems;
}

const MODULE_FIELDS = ['short_description', 'full_description', 'start_date', 'end_date', 'is_open', 'active', 'block_homework'] as const;
export type ModuleField = (typeof MODULE_FIELDS)[number];

/** The create and update body of a module, or the problems that keep it from being sent. */
export function moduleInputOf(values: ModuleValues, timeZone: string): { input: ModuleInput; problems: Problems<ModuleField> } {
  const dates = datesOf(values, timeZone);
  const input: ModuleInput = {
    short_description: trimmed(values.short_description),
    full_description: trimmed(values.full_description),
    start_date: dates.start,
    end_date: dates.end,
    is_open: values.is_open,
    active: values.active,
    block_homework: values.block_homework,
  };
  const problems = { ...schemaProblems(ZModuleInput.safeParse(input).error?.issues ?? [], MODULE_FIELDS), ...dates.problems };
  return { input, problems };
}

/** A teacher as the picker holds one: the user id and the name shown. */
export type PickedTeacher = PickedPerson;

export interface LessonValues {
  module_id: number;
  short_description: string;
  start_date: string;
  end_date: string;
  is_open: boolean;
  is_active: boolean;
  teachers: PickedTeacher[];
  has_homework: boolean;
  blocked_homework: boolean;
  homework_description: string;
  /** vacancy.skills values an approved homework of the lesson proves (academy-to-hiring). */
  skills: number[];
}

export const teacherName = (teacher: { first_name: string; last_name: string }): string => `${teacher.first_name} ${teacher.last_name}`.trim();

export const lessonValuesOf = (lesson: Lesson | undefined, moduleId: number, timeZone: string): LessonValues => ({
  module_id: lesson?.module_id ?? moduleId,
  short_description: lesson?.short_description ?? '',
  start_date: isoToCourseDate(lesson?.start_date, timeZone),
  end_date: isoToCourseDate(lesson?.end_date, timeZone),
  is_open: lesson?.is_open ?? false,
  is_active: lesson?.is_active ?? true,
  teachers: (lesson?.teachers ?? []).map((teacher) => ({ id: teacher.uid, name: teacherName(teacher) })),
  has_homework: lesson?.has_homework ?? false,
  blocked_homework: lesson?.blocked_homework ?? false,
  homework_description: lesson?.homework_description ?? '',
  skills: lesson?.skills ?? [],
});

const LESSON_FIELDS = ['module_id', 'short_description', 'start_date', 'end_date', 'is_open', 'is_active', 'teachers', 'has_homework', 'blocked_homework', 'homework_description', 'skills'] as const;
export type LessonField = (typeof LESSON_FIELDS)[number];
/** The fields of the main settings tab; the others are on the homework tab. */
export const MAIN_FIELDS: readonly LessonField[] = ['module_id', 'short_description', 'start_date', 'end_date', 'is_open', 'is_active', 'teachers'];
export const isLessonField = (name: string): name is LessonField => (LESSON_FIELDS as readonly string[]).includes(name);

/**
 * The create and update body of a lesson with its content (editor-only tmp_ options stripped), or
 * the problems that keep it from being sent. Blocking homework needs homework: without it the flag
 * is sent off, so a lesson never blocks on work students cannot send.
 */
export function lessonInputOf(values: LessonValues, content: unknown, timeZone: string): { input: LessonInput; problems: Problems<LessonField> } {
  const dates = datesOf(values, timeZone);
  const description = trimmed(values.homework_description);
  const input: LessonInput = {
    module_id: values.module_id,
    short_description: trimmed(values.short_description),
    start_date: dates.start,
    end_date: dates.end,
    is_open: values.is_open,
    is_active: values.is_active,
    teachers: [...new Set(values.teachers.map((teacher) => teacher.id))],
    has_homework: values.has_homework,
    blocked_homework: values.has_homework && values.blocked_homework,
    homework_description: description === '' ? null : description,
    skills: [...new Set(values.skills)],
    content: stripTmp(content),
  };
  const problems = { ...schemaProblems(ZLessonInput.safeParse(input).error?.issues ?? [], LESSON_FIELDS), ...dates.problems };
  return { input, problems };
}

/** The field a server's 422 names (`body.start_date`), when it is one of the form's. */
export function formFieldOf<F extends string>(field: unknown, fields: readonly F[]): F | null {
  const name = String(field ?? '').replace(/^body\./, '').split('.')[0] ?? '';
  return (fields as readonly string[]).includes(name) ? (name as F) : null;
}

export const MODULE_FORM_FIELDS = MODULE_FIELDS;
export const LESSON_FORM_FIELDS = LESSON_FIELDS;
