// The academy admin's students (issue 15): members with the CourseStudent role, their stored
// progress and homework counts, filtered and sorted, as a page or as a CSV file.
import { HomeworkStatus, MemberRole, studentProgress, type StudentProgress } from '@lobby/contract';
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { containsPattern, pageMeta } from '../../db/sql.ts';
import { academyHomeworks, academyProgress, eventMembers, ticketTypes, users } from '../../db/schema/index.ts';
import type { FileUrls } from '../../files/urls.ts';
import { toCsv } from '../pages/export.ts';
import type { StudentState } from './policy.ts';
import { ensureHourlyRefresh, loadCourse } from './progress.ts';
import { requireAcademy, type AcademyContext } from './service.ts';

/** An export holds at most this many students. */
export const STUDENTS_EXPORT_MAX = 20_000;

export interface StudentsQuery {
  query?: string;
  state?: StudentState;
  sort?: 'name' | 'progress' | 'created_at';
  order?: 'asc' | 'desc';
}

const homeworkCount = (status: HomeworkStatus) =>
  sql<number>`(select count(*)::int from ${academyHomeworks} where ${academyHomeworks.eventId} = ${eventMembers.eventId} and ${academyHomeworks.userId} = ${eventMembers.userId} and ${academyHomeworks.status} = ${status})`;

const done = sql`coalesce(${academyProgress.educationProgress}, 0)`;
const complete = sql`(${academyProgress.lessonsTotal} > 0 and ${academyProgress.educationProgress} >= ${academyProgress.lessonsTotal})`;

function whereOf(eventId: number, filter: StudentsQuery): SQL {
  const conditions: (SQL | undefined)[] = [eq(eventMembers.eventId, eventId), sql`${MemberRole.CourseStudent} = any(${eventMembers.roleIds})`];
  if (filter.query) {
    const pattern = containsPattern(filter.query);
    conditions.push(or(sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`, sql`${users.email} ilike ${pattern}`));
  }
  if (filter.state === 'complete') conditions.push(sql`coalesce(${complete}, false)`);
  if (filter.state === 'in_progress') conditions.push(sql`${done} > 0 and not coalesce(${complete}, false)`);
  if (filter.state === 'not_started') conditions.push(sql`${done} = 0`);
  return and(...conditions) as SQL;
}

function orderOf(filter: StudentsQuery): SQL[] {
  const direction = filter.order === 'desc' ? desc : asc;
  const byName = [direction(users.lastName), direction(users.firstName), asc(eventMembers.id)];
  if (filter.sort === 'progress') return [direction(done), ...byName];
  if (filter.sort === 'created_at') return [direction(eventMembers.createdAt), asc(eventMembers.id)];
  return byName;
}

async function studentRows(db: Db, eventId: number, filter: StudentsQuery, limit: number, offset: number) {
  const where = whereOf(eventId, filter);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        memberId: eventMembers.id,
        createdAt: eventMembers.createdAt,
        user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, avatarKey: users.avatarKey, avatarThumbKey: users.avatarThumbKey },
        ticket: { id: ticketTypes.id, name: ticketTypes.name },
        progress: academyProgress,
        created: homeworkCount(HomeworkStatus.Created),
        approved: homeworkCount(HomeworkStatus.Approved),
        declined: homeworkCount(HomeworkStatus.Declined),
      })
      .from(eventMembers)
      .innerJoin(users, eq(users.id, eventMembers.userId))
      .leftJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId))
      .leftJoin(academyProgress, and(eq(academyProgress.eventId, eventMembers.eventId), eq(academyProgress.userId, eventMembers.userId)))
      .where(where)
      .orderBy(...orderOf(filter))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(eventMembers)
      .innerJoin(users, eq(users.id, eventMembers.userId))
      .leftJoin(academyProgress, and(eq(academyProgress.eventId, eventMembers.eventId), eq(academyProgress.userId, eventMembers.userId)))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

type StudentRow = Awaited<ReturnType<typeof studentRows>>['rows'][number];

/** A student without a stored progress row has done nothing of the course as it is now. */
async function courseTotals(db: Db, eventId: number) {
  const course = await loadCourse(db, eventId);
  const empty = studentProgress(course.modules, course.lessons, new Set(), new Set());
  return { lessonsTotal: empty.lessonsTotal, importantTotal: empty.importantTotal };
}

function presentStudent(row: StudentRow, totals: { lessonsTotal: number; importantTotal: number }, files: FileUrls): StudentProgress {
  const progress = row.progress;
  return {
    member_id: row.memberId,
    first_name: row.user.firstName,
    last_name: row.user.lastName,
    education_progress: progress?.educationProgress ?? 0,
    important_education_progress: progress?.importantEducationProgress ?? 0,
    lessons_total: progress?.lessonsTotal ?? totals.lessonsTotal,
    important_total: progress?.importantTotal ?? totals.importantTotal,
    user: { id: row.user.id, email: row.user.email, avatar_url: files.url(row.user.avatarThumbKey ?? row.user.avatarKey) },
    ticket: row.ticket && row.ticket.id !== null ? { id: row.ticket.id, name: row.ticket.name } : null,
    homeworks: { created: row.created, approved: row.approved, declined: row.declined },
    created_at: row.createdAt.toISOString(),
  };
}

export async function listStudents(ctx: AcademyContext, source: AccessSource, eventId: number, filter: StudentsQuery, page: number, perPage: number) {
  await requireAcademy(ctx.db, source, eventId, 'admin');
  await ensureHourlyRefresh(ctx.db, eventId);
  const [{ rows, total }, totals] = await Promise.all([studentRows(ctx.db, eventId, filter, perPage, (page - 1) * perPage), courseTotals(ctx.db, eventId)]);
  return { data: rows.map((row) => presentStudent(row, totals, ctx.files)), meta: pageMeta(page, perPage, total) };
}

export const STUDENT_COLUMNS = ['First name', 'Last name', 'E-mail', 'Ticket', 'Lessons done', 'Lessons', 'Required homework approved', 'Required homework', 'Homework awaiting review', 'Homework approved', 'Homework declined', 'Joined'];

/** The filtered students as CSV (formula-safe cells, as every export): `<event slug>-students.csv`. */
export async function exportStudents(ctx: AcademyContext, source: AccessSource, eventId: number, filter: StudentsQuery) {
  const caller = await requireAcademy(ctx.db, source, eventId, 'admin');
  const [{ rows }, totals] = await Promise.all([studentRows(ctx.db, eventId, filter, STUDENTS_EXPORT_MAX, 0), courseTotals(ctx.db, eventId)]);
  const table = rows.map((row) => {
    const student = presentStudent(row, totals, ctx.files);
    return [
      student.first_name,
      student.last_name,
      student.user.email,
      student.ticket?.name ?? '',
      String(student.education_progress),
      String(student.lessons_total),
      String(student.important_education_progress),
      String(student.important_total),
      String(student.homeworks.created),
      String(student.homeworks.approved),
      String(student.homeworks.declined),
      student.created_at,
    ];
  });
  return { filename: `${caller.event.slug}-students.csv`, body: toCsv([STUDENT_COLUMNS, ...table]) };
}
