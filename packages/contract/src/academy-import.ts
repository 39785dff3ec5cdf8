// The academy's program upload (issue 15; contract.md section 7 leaves its path and payload out):
// a CSV of lessons, each naming its module, read by these pure rules and written by the server.
import { z } from 'zod';
import { dataOf } from './common.ts';
import { HOMEWORK_DESCRIPTION_MAX, LESSON_TEACHERS_MAX, LESSON_TITLE_MAX, MODULE_TITLE_MAX } from './academy-rules.ts';
import { zonedToUtc } from './meeting-rules.ts';
import { ZEventId } from './members.ts';
import { defineRoute } from './route.ts';

export const COURSE_IMPORT_MAX_ROWS = 500;

export type CourseColumn = 'module' | 'lesson' | 'start_date' | 'end_date' | 'is_open' | 'has_homework' | 'blocked_homework' | 'homework_description' | 'teachers';

/** Column names accepted in the header (any case; ru and zh spellings for hand-made files). */
const COLUMN_NAMES: ReadonlyMap<string, CourseColumn> = new Map([
  ['module', 'module'],
  ['модуль', 'module'],
  ['模块', 'module'],
  ['lesson', 'lesson'],
  ['title', 'lesson'],
  ['урок', 'lesson'],
  ['课程', 'lesson'],
  ['start_date', 'start_date'],
  ['start', 'start_date'],
  ['начало', 'start_date'],
  ['开始', 'start_date'],
  ['end_date', 'end_date'],
  ['end', 'end_date'],
  ['конец', 'end_date'],
  ['结束', 'end_date'],
  ['is_open', 'is_open'],
  ['open', 'is_open'],
  ['открыт', 'is_open'],
  ['开放', 'is_open'],
  ['has_homework', 'has_homework'],
  ['homework', 'has_homework'],
  ['домашнее задание', 'has_homework'],
  ['作业', 'has_homework'],
  ['blocked_homework', 'blocked_homework'],
  ['blocking', 'blocked_homework'],
  ['блокирующее', 'blocked_homework'],
  ['必须通过', 'blocked_homework'],
  ['homework_description', 'homework_description'],
  ['задание', 'homework_description'],
  ['作业说明', 'homework_description'],
  ['teachers', 'teachers'],
  ['преподаватели', 'teachers'],
  ['教师', 'teachers'],
]);

export const COURSE_IMPORT_REQUIRED: readonly CourseColumn[] = ['module', 'lesson'];

/** The header's columns in order (null for a column Lobby does not read) and the required ones it lacks. */
export function courseColumns(header: readonly string[]): { columns: (CourseColumn | null)[]; missing: CourseColumn[] } {
  const columns = header.map((name) => COLUMN_NAMES.get(name.trim().toLowerCase()) ?? null);
  return { columns, missing: COURSE_IMPORT_REQUIRED.filter((name) => !columns.includes(name)) };
}

/** A lesson as a row gives it; a field the file leaves out (no column, or an empty cell) is undefined and keeps its value. */
export interface CourseRow {
  module: string;
  lesson: string;
  start_date?: string | null;
  end_date?: string | null;
  is_open?: boolean;
  has_homework?: boolean;
  blocked_homework?: boolean;
  homework_description?: string;
  /** Lower-cased e-mails of the event's members who teach it. */
  teachers?: string[];
}

export type CourseRowProblem = { code: 'invalid_module' | 'invalid_lesson' | 'invalid_date' | 'dates_invalid' | 'invalid_flag' | 'invalid_homework' | 'invalid_teachers'; reason: string };

const YES = new Set(['1', 'yes', 'y', 'true', 'да', '是']);
const NO = new Set(['0', 'no', 'n', 'false', 'нет', '否']);
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An ISO 8601 instant with its offset, or "YYYY-MM-DD HH:mm" (or a bare day, at 00:00) in the course timezone; null when it is neither. */
export function courseDate(text: string, zone: string): string | null {
  if (ISO_WITH_OFFSET.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  }
  const local = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}))?$/.exec(text);
  if (!local?.[1]) return null;
  const day = local[1];
  const time = local[2] ?? '00:00';
  // A day or hour outside the calendar (2026-02-30, 25:00) is refused, not rolled over.
  const naive = new Date(`${day}T${time}:00Z`);
  if (Number.isNaN(naive.getTime()) || naive.toISOString().slice(0, 16) !== `${day}T${time}`) return null;
  const date = zonedToUtc(day, time, zone);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Reads one row; the first problem found is the row's. */
export function readCourseRow(cells: readonly string[], columns: readonly (CourseColumn | null)[], zone: string): { row: CourseRow } | { problem: CourseRowProblem } {
  const cell = (name: CourseColumn): string | undefined => {
    const index = columns.indexOf(name);
    if (index < 0) return undefined;
    const text = (cells[index] ?? '').trim();
    return text === '' ? undefined : text;
  };
  const module = cell('module') ?? '';
  if (module.length > MODULE_TITLE_MAX || module === '') return { problem: { code: 'invalid_module', reason: `The module is missing or longer than ${MODULE_TITLE_MAX} characters.` } };
  const lesson = cell('lesson') ?? '';
  if (lesson.length > LESSON_TITLE_MAX || lesson === '') return { problem: { code: 'invalid_lesson', reason: `The lesson is missing or longer than ${LESSON_TITLE_MAX} characters.` } };
  const row: CourseRow = { module, lesson };
  for (const name of ['start_date', 'end_date'] as const) {
    const text = cell(name);
    if (text === undefined) continue;
    const date = courseDate(text, zone);
    if (!date) return { problem: { code: 'invalid_date', reason: `"${text}" is not a date: write 2026-12-01 10:00 (in the course timezone) or an ISO 8601 time with its offset.` } };
    row[name] = date;
  }
  if (row.start_date && row.end_date && Date.parse(row.end_date) < Date.parse(row.start_date)) return { problem: { code: 'dates_invalid', reason: 'The end date cannot be before the start date.' } };
  for (const name of ['is_open', 'has_homework', 'blocked_homework'] as const) {
    const text = cell(name)?.toLowerCase();
    if (text === undefined) continue;
    if (YES.has(text)) row[name] = true;
    else if (NO.has(text)) row[name] = false;
    else return { problem: { code: 'invalid_flag', reason: `"${name}" takes yes or no (1 or 0), not "${text}".` } };
  }
  const description = cell('homework_description');
  if (description !== undefined) {
    if (description.length > HOMEWORK_DESCRIPTION_MAX) return { problem: { code: 'invalid_homework', reason: `The homework description is longer than ${HOMEWORK_DESCRIPTION_MAX} characters.` } };
    row.homework_description = description;
  }
  const teachers = cell('teachers');
  if (teachers !== undefined) {
    const emails = [...new Set(teachers.split(/[\s,;|]+/).filter(Boolean).map((email) => email.toLowerCase()))];
    if (emails.length > LESSON_TEACHERS_MAX || emails.some((email) => !EMAIL.test(email))) return { problem: { code: 'invalid_teachers', reason: `Teachers are up to ${LESSON_TEACHERS_MAX} e-mails separated by |.` } };
    row.teachers = emails;
  }
  return { row };
}

export const ZCourseImportReport = z
  .object({
    rows: z.number().int(),
    modules_added: z.number().int(),
    lessons_added: z.number().int(),
    lessons_updated: z.number().int(),
    failed: z.array(z.object({ row: z.number().int(), title: z.string(), code: z.string(), reason: z.string() })),
  })
  .meta({ id: 'CourseImportReport' });
export type CourseImportReport = z.infer<typeof ZCourseImportReport>;

export const importCourse = defineRoute({
  id: 'academy.admin.program.import',
  method: 'POST',
  path: '/api/v1/{eventId}/academy/admin/program/import',
  summary: `Upload the course program as CSV, one lesson per row: module, lesson (the titles; both required), start_date, end_date ("YYYY-MM-DD HH:mm" in the course timezone, or ISO 8601 with an offset), is_open, has_homework, blocked_homework (yes or no), homework_description, teachers (e-mails of the event's members, separated by |). At most ${COURSE_IMPORT_MAX_ROWS} rows (413 academy.import_too_many_rows). A module is found by its title or added (open, active, last); a lesson is found by its title in its module and updated (the row's cells only) or added last. Answers the per-row report; good rows are kept when others fail. Course admins only (academy.lesson.edit)`,
  tags: ['academy'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  body: z.object({ csv: z.string().min(1).max(2_000_000) }),
  response: dataOf(ZCourseImportReport),
  errors: [400, 401, 403, 404, 413],
});
