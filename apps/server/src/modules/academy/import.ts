// The academy's program upload (CSV, one lesson per row) with a per-row report, in the manner of the
// program upload (modules/program/import.ts); the rows are read by the contract's readCourseRow.
import { COURSE_IMPORT_MAX_ROWS, courseColumns, ErrorCode, PAGE_CONTENT_VERSION, parseCsv, readCourseRow, type CourseImportReport, type CourseRow } from '@lobby/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { AccessSource } from '../../access/access.ts';
import { academyLessons, academyModules } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { memberUsersByEmail } from '../members/repo.ts';
import { insertLesson, insertModule, updateLesson } from './admin-repo.ts';
import { planProgressRefresh } from './progress.ts';
import type { LessonValues } from './repo.ts';
import { courseTimezone, requireAcademy, type AcademyContext } from './service.ts';

/** The header checked and the rows counted before anything is written. */
function readFile(csv: string) {
  const [head, ...rest] = parseCsv(csv);
  const { columns, missing } = courseColumns(head ?? []);
  if (missing.length > 0) {
    const message = 'The first line must name the columns, with at least "module" and "lesson".';
    throw new AppError(400, ErrorCode.courseImportHeader, message, { missing, fields: [{ field: 'body.csv', message, key: 'invalid', params: { missing } }] });
  }
  if (rest.length > COURSE_IMPORT_MAX_ROWS) {
    throw new AppError(413, ErrorCode.courseImportTooManyRows, `A program upload takes at most ${COURSE_IMPORT_MAX_ROWS} rows; this one has ${rest.length}.`, { max_rows: COURSE_IMPORT_MAX_ROWS, rows: rest.length });
  }
  // Rows numbered from the header (1); parseCsv has already left blank lines out.
  return { columns, records: rest.map((cells, index) => ({ row: index + 2, cells })) };
}

/** What a row changes of a lesson: only the cells it fills. */
function lessonChange(row: CourseRow): Partial<LessonValues> {
  const change: Partial<LessonValues> = {};
  if (row.start_date !== undefined) change.startDate = row.start_date === null ? null : new Date(row.start_date);
  if (row.end_date !== undefined) change.endDate = row.end_date === null ? null : new Date(row.end_date);
  if (row.is_open !== undefined) change.isOpen = row.is_open;
  if (row.has_homework !== undefined) change.hasHomework = row.has_homework;
  if (row.blocked_homework !== undefined) change.blockedHomework = row.blocked_homework;
  if (row.homework_description !== undefined) change.homeworkDescription = row.homework_description;
  return change;
}

const key = (title: string) => title.trim().toLowerCase();

/**
 * Imports every good row and reports the bad ones. A module is found by its title (any case) or
 * added, open and active, at the end, so its lessons' own dates decide when they open; a lesson is
 * found by its title within its module and takes the row's filled cells, or is added last with no
 * content. Teachers are named by the e-mails of the event's members.
 */
export async function importCourse(ctx: AcademyContext, source: AccessSource, eventId: number, csv: string): Promise<{ data: CourseImportReport }> {
  const caller = await requireAcademy(ctx.db, source, eventId, 'edit');
  const { columns, records } = readFile(csv);
  const zone = await courseTimezone(ctx.db, caller.event);
  const report: CourseImportReport = { rows: 0, modules_added: 0, lessons_added: 0, lessons_updated: 0, failed: [] };
  const modules = new Map<string, number>();
  for (const module of await ctx.db.select({ id: academyModules.id, title: academyModules.title }).from(academyModules).where(eq(academyModules.eventId, eventId)).orderBy(asc(academyModules.sort), asc(academyModules.id))) {
    if (!modules.has(key(module.title))) modules.set(key(module.title), module.id);
  }
  for (const { row: number, cells } of records) {
    report.rows += 1;
    const read = readCourseRow(cells, columns, zone);
    if ('problem' in read) {
      report.failed.push({ row: number, title: (cells[columns.indexOf('lesson')] ?? '').trim(), code: read.problem.code, reason: read.problem.reason });
      continue;
    }
    const { row } = read;
    try {
      const emails = row.teachers ?? [];
      const found = await memberUsersByEmail(ctx.db, eventId, emails);
      const outsiders = emails.filter((email) => !found.has(email));
      if (outsiders.length > 0) {
        report.failed.push({ row: number, title: row.lesson, code: 'teacher_not_member', reason: `Not members of this event: ${outsiders.join(', ')}.` });
        continue;
      }
      const teachers = row.teachers === undefined ? undefined : emails.flatMap((email) => found.get(email) ?? []);
      const change = lessonChange(row);
      let moduleId = modules.get(key(row.module));
      const existing =
        moduleId === undefined
          ? undefined
          : (
              await ctx.db
                .select({ id: academyLessons.id, title: academyLessons.title, startDate: academyLessons.startDate, endDate: academyLessons.endDate })
                .from(academyLessons)
                .where(and(eq(academyLessons.eventId, eventId), eq(academyLessons.moduleId, moduleId)))
                .orderBy(asc(academyLessons.sort), asc(academyLessons.id))
            ).find((lesson) => key(lesson.title) === key(row.lesson));
      if (existing) {
        // The row's dates against the lesson's others: an end before the start is refused.
        const start = change.startDate === undefined ? existing.startDate : change.startDate;
        const end = change.endDate === undefined ? existing.endDate : change.endDate;
        if (start && end && end.getTime() < start.getTime()) {
          report.failed.push({ row: number, title: row.lesson, code: 'dates_invalid', reason: 'The end date cannot be before the start date.' });
          continue;
        }
        await updateLesson(ctx.db, eventId, existing.id, { ...change, moduleId: moduleId as number, title: row.lesson }, false, teachers);
        report.lessons_updated += 1;
        continue;
      }
      if (moduleId === undefined) {
        const made = await insertModule(ctx.db, eventId, { title: row.module, fullDescription: '', startDate: null, endDate: null, isOpen: true, active: true, blockHomework: false });
        moduleId = made.id;
        modules.set(key(row.module), made.id);
        report.modules_added += 1;
      }
      await insertLesson(ctx.db, eventId, { ...change, moduleId, title: row.lesson, content: { version: PAGE_CONTENT_VERSION, blocks: [] } }, teachers ?? []);
      report.lessons_added += 1;
    } catch (error) {
      ctx.log.warn({ err: error, row: number }, 'academy program upload: a row failed');
      report.failed.push({ row: number, title: row.lesson, code: 'failed', reason: 'This row could not be saved.' });
    }
  }
  if (report.modules_added + report.lessons_added + report.lessons_updated > 0) {
    await planProgressRefresh(ctx.db, eventId, { now: true });
    ctx.nudge();
  }
  return { data: report };
}
