// The academy admin (issue 15): modules and lessons for teachers and course admins to read, and
// for course admins to write; their order; the course settings.
import { checkSortItems, ErrorCode, PAGE_CONTENT_VERSION, unknownTimezoneMessage, type LessonInput, type ModuleInput } from '@lobby/contract';
import type { AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import type { FileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import { storedPageContent } from '../pages/service.ts';
import { canonicalTimezone } from '../timezones/service.ts';
import { lessonSkills } from '../vacancies/skills.ts';
import { deleteEmptyModule, deleteLesson, insertLesson, insertModule, reorder, updateLesson, updateModule } from './admin-repo.ts';
import { datesValid, uniqueTeachers } from './policy.ts';
import { presentLessonSummary, presentModule } from './present.ts';
import { planProgressRefresh } from './progress.ts';
import { findLesson, findModule, findSettings, membersAmong, upsertSettings, type LessonValues, type ModuleRow, type ModuleValues } from './repo.ts';
import { courseTimezone, lessonNotFound, moduleNotFound, readerCourse, readLesson, requireAcademy, type AcademyCaller, type AcademyContext } from './service.ts';

const datesInvalid = () => {
  const message = 'The end date cannot be before the start date.';
  return new AppError(422, ErrorCode.academyDatesInvalid, message, { fields: [{ field: 'body.end_date', message, key: 'dates_invalid', params: {} }] });
};
const sortMismatch = () => new AppError(422, ErrorCode.academySortMismatch, 'The order could not be saved: the list has changed. Reload and try again.');
const toDate = (value: string | null | undefined): Date | null | undefined => (value === undefined ? undefined : value === null ? null : new Date(value));

/** People who run the course read it whole (every lesson open, inactive ones too). */
const asStaff = (caller: AcademyCaller): AcademyCaller => ({ ...caller, wholeCourse: true });

/** After a change of the course, every student's progress is computed again by the job queue at once. */
async function courseChanged(ctx: AcademyContext, eventId: number): Promise<void> {
  await planProgressRefresh(ctx.db, eventId, { now: true });
  ctx.nudge();
}

async function presentModuleOf(db: Db, caller: AcademyCaller, module: ModuleRow) {
  const course = await readerCourse(db, asStaff(caller));
  return presentModule(
    module,
    course.lessons.filter((lesson) => lesson.moduleId === module.id),
    course.context,
  );
}

// Modules ---------------------------------------------------------------------------------------------

export async function adminModules(ctx: AcademyContext, source: AccessSource, eventId: number) {
  const caller = await requireAcademy(ctx.db, source, eventId, 'admin');
  const course = await readerCourse(ctx.db, asStaff(caller));
  return {
    data: course.modules.map((module) =>
      presentModule(
        module,
        course.lessons.filter((lesson) => lesson.moduleId === module.id),
        course.context,
      ),
    ),
  };
}

export async function adminModule(ctx: AcademyContext, source: AccessSource, eventId: number, id: number) {
  const caller = await requireAcademy(ctx.db, source, eventId, 'admin');
  const module = await findModule(ctx.db, eventId, id);
  if (!module) throw moduleNotFound();
  return { data: await presentModuleOf(ctx.db, caller, module) };
}

function moduleValues(input: ModuleInput, current: ModuleRow | null): ModuleValues {
  const startDate = toDate(input.start_date);
  const endDate = toDate(input.end_date);
  const values: ModuleValues = {
    title: input.short_description,
    fullDescription: input.full_description ?? current?.fullDescription ?? '',
    startDate: startDate === undefined ? (current?.startDate ?? null) : startDate,
    endDate: endDate === undefined ? (current?.endDate ?? null) : endDate,
    isOpen: input.is_open ?? current?.isOpen ?? false,
    active: input.active ?? current?.active ?? true,
    blockHomework: input.block_homework ?? current?.blockHomework ?? false,
  };
  if (!datesValid(values.startDate ?? null, values.endDate ?? null)) throw datesInvalid();
  return values;
}

export async function createModule(ctx: AcademyContext, source: AccessSource, eventId: number, input: ModuleInput) {
  const caller = await requireAcademy(ctx.db, source, eventId, 'edit');
  const row = await insertModule(ctx.db, eventId, moduleValues(input, null));
  await courseChanged(ctx, eventId);
  return { data: await presentModuleOf(ctx.db, caller, row) };
}

export async function changeModule(ctx: AcademyContext, source: AccessSource, eventId: number, id: number, input: ModuleInput) {
  const caller = await requireAcademy(ctx.db, source, eventId, 'edit');
  const current = await findModule(ctx.db, eventId, id);
  if (!current) throw moduleNotFound();
  const row = await updateModule(ctx.db, eventId, id, moduleValues(input, current));
  if (!row) throw moduleNotFound();
  await courseChanged(ctx, eventId);
  return { data: await presentModuleOf(ctx.db, caller, row) };
}

export async function removeModule(ctx: AcademyContext, source: AccessSource, eventId: number, id: number) {
  await requireAcademy(ctx.db, source, eventId, 'edit');
  const outcome = await deleteEmptyModule(ctx.db, eventId, id);
  if (outcome === 'not_found') throw moduleNotFound();
  if (outcome === 'not_empty') throw new AppError(409, ErrorCode.moduleNotEmpty, 'This module still has lessons. Move or delete them first.');
  await courseChanged(ctx, eventId);
  return null;
}

export async function sortModules(ctx: AcademyContext, source: AccessSource, eventId: number, items: { id: number; sort: number }[]) {
  await requireAcademy(ctx.db, source, eventId, 'edit');
  const order = await reorder(ctx.db, 'modules', { eventId }, (current) => checkSortItems(current, items));
  if (!order) throw sortMismatch();
  await courseChanged(ctx, eventId);
  return { data: order };
}

// Lessons ---------------------------------------------------------------------------------------------

export async function adminLessons(ctx: AcademyContext, source: AccessSource, eventId: number, moduleId: number) {
  const caller = await requireAcademy(ctx.db, source, eventId, 'admin');
  if (!(await findModule(ctx.db, eventId, moduleId))) throw moduleNotFound();
  const course = await readerCourse(ctx.db, asStaff(caller));
  return { data: course.lessons.filter((lesson) => lesson.moduleId === moduleId).map((lesson) => presentLessonSummary(lesson, course.context)) };
}

export async function adminLesson(ctx: AcademyContext, source: AccessSource, eventId: number, id: number) {
  const caller = await requireAcademy(ctx.db, source, eventId, 'admin');
  return readLesson(ctx.db, ctx.files, asStaff(caller), id);
}

/** Each teacher must be a member of the event (422 academy.teacher_not_member naming the others). */
async function checkTeachers(db: Db, eventId: number, teachers: number[] | undefined): Promise<number[] | undefined> {
  if (teachers === undefined) return undefined;
  const unique = uniqueTeachers(teachers);
  const members = await membersAmong(db, eventId, unique);
  const outsiders = unique.filter((uid) => !members.has(uid));
  if (outsiders.length > 0) {
    const message = 'Each teacher must be a member of the event.';
    throw new AppError(422, ErrorCode.teacherNotMember, message, { fields: [{ field: 'body.teachers', message, key: 'teacher_not_member', params: {} }], uids: outsiders });
  }
  return unique;
}

function lessonValues(input: LessonInput, current: { startDate: Date | null; endDate: Date | null } | null, files: FileUrls): Partial<LessonValues> & Pick<LessonValues, 'moduleId' | 'title'> {
  const startDate = toDate(input.start_date);
  const endDate = toDate(input.end_date);
  const start = startDate === undefined ? (current?.startDate ?? null) : startDate;
  const end = endDate === undefined ? (current?.endDate ?? null) : endDate;
  if (!datesValid(start, end)) throw datesInvalid();
  const values: Partial<LessonValues> & Pick<LessonValues, 'moduleId' | 'title'> = { moduleId: input.module_id, title: input.short_description };
  if (startDate !== undefined) values.startDate = startDate;
  if (endDate !== undefined) values.endDate = endDate;
  if (input.is_open !== undefined) values.isOpen = input.is_open;
  if (input.is_active !== undefined) values.isActive = input.is_active;
  if (input.has_homework !== undefined) values.hasHomework = input.has_homework;
  if (input.blocked_homework !== undefined) values.blockedHomework = input.blocked_homework;
  if (input.homework_description !== undefined) values.homeworkDescription = input.homework_description || null;
  // Content is checked as organiser pages' is (the same 422 for each block); absent keeps it.
  if (input.content !== undefined && input.content !== null) values.content = storedPageContent(input.content, files);
  return values;
}

export async function createLesson(ctx: AcademyContext, source: AccessSource, eventId: number, input: LessonInput) {
  const caller = await requireAcademy(ctx.db, source, eventId, 'edit');
  if (!(await findModule(ctx.db, eventId, input.module_id))) throw moduleNotFound();
  const values = lessonValues(input, null, ctx.files);
  if (input.skills !== undefined) values.skills = await lessonSkills(ctx.db, eventId, input.skills);
  const teachers = (await checkTeachers(ctx.db, eventId, input.teachers)) ?? [];
  const row = await insertLesson(ctx.db, eventId, { ...values, content: values.content ?? { version: PAGE_CONTENT_VERSION, blocks: [] } }, teachers);
  await courseChanged(ctx, eventId);
  return readLesson(ctx.db, ctx.files, asStaff(caller), row.id);
}

export async function changeLesson(ctx: AcademyContext, source: AccessSource, eventId: number, id: number, input: LessonInput) {
  const caller = await requireAcademy(ctx.db, source, eventId, 'edit');
  const current = await findLesson(ctx.db, eventId, id);
  if (!current) throw lessonNotFound();
  if (!(await findModule(ctx.db, eventId, input.module_id))) throw moduleNotFound();
  const values = lessonValues(input, current, ctx.files);
  // The skills this lesson proves (academy-to-hiring): values of the event's vacancy.skills list.
  if (input.skills !== undefined) values.skills = await lessonSkills(ctx.db, eventId, input.skills);
  const teachers = await checkTeachers(ctx.db, eventId, input.teachers);
  const row = await updateLesson(ctx.db, eventId, id, values, input.module_id !== current.moduleId, teachers);
  if (!row) throw lessonNotFound();
  await courseChanged(ctx, eventId);
  return readLesson(ctx.db, ctx.files, asStaff(caller), row.id);
}

export async function removeLesson(ctx: AcademyContext, source: AccessSource, eventId: number, id: number) {
  await requireAcademy(ctx.db, source, eventId, 'edit');
  if (!(await deleteLesson(ctx.db, eventId, id))) throw lessonNotFound();
  await courseChanged(ctx, eventId);
  return null;
}

export async function sortLessons(ctx: AcademyContext, source: AccessSource, eventId: number, moduleId: number, items: { id: number; sort: number }[]) {
  await requireAcademy(ctx.db, source, eventId, 'edit');
  if (!(await findModule(ctx.db, eventId, moduleId))) throw moduleNotFound();
  const order = await reorder(ctx.db, 'lessons', { eventId, moduleId }, (current) => checkSortItems(current, items));
  if (!order) throw sortMismatch();
  await courseChanged(ctx, eventId);
  return { data: order };
}

// Settings --------------------------------------------------------------------------------------------

export async function academySettings(ctx: AcademyContext, source: AccessSource, eventId: number) {
  const caller = await requireAcademy(ctx.db, source, eventId, 'admin');
  const stored = await findSettings(ctx.db, eventId);
  return { data: { timezone: await courseTimezone(ctx.db, caller.event), certificate_text: stored?.certificateText ?? '' } };
}

/** The course timezone must be one of the list (404 timezone.unknown, as elsewhere), stored by its canonical id. */
export async function changeAcademySettings(ctx: AcademyContext, source: AccessSource, eventId: number, input: { timezone: string; certificate_text: string }) {
  await requireAcademy(ctx.db, source, eventId, 'edit');
  const timezone = await canonicalTimezone(ctx.db, input.timezone);
  if (!timezone) throw new AppError(404, ErrorCode.timezoneUnknown, unknownTimezoneMessage(input.timezone), { id: input.timezone });
  await upsertSettings(ctx.db, eventId, { timezone, certificateText: input.certificate_text });
  return { data: { timezone, certificate_text: input.certificate_text } };
}
