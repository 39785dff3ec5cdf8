// Student progress (issue 15; contract.md sections 3 and 9): lessons done and required homework
// approved, stored at once after a review or a first view and hourly by the job queue; the
// academy admin's students with filters, order and the CSV export.
import { PROGRESS_REFRESH_MS, type CourseProgram, type Progress, type StudentProgress } from '@lobby/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyLessons, academyModules, academyProgress, jobs, users } from '../src/db/schema/index.ts';
import { PROGRESS_REFRESH_JOB } from '../src/modules/academy/progress.ts';
import { academyWorld, type AcademyWorld, type Person, drainJobs as drainAllJobs } from './academy-fixtures.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let w: AcademyWorld;
let ann: Person;
let bob: Person;
const lessons: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ CHAT_FLOOD_LIMIT: '1000' });
  w = await academyWorld(t);
  ann = await w.person({ roleIds: [6], ticket: true });
  bob = await w.person({ roleIds: [6] });
  await t.database.db.update(users).set({ firstName: 'Ann', lastName: 'Archer' }).where(eq(users.id, ann.id));
  await t.database.db.update(users).set({ firstName: 'Bob', lastName: 'Baker' }).where(eq(users.id, bob.id));
  const module = await w.module({ short_description: 'Course' });
  lessons.read = (await w.lesson(module.id, { short_description: 'Read' })).id;
  lessons.required = (await w.lesson(module.id, { short_description: 'Required', has_homework: true, blocked_homework: true })).id;
  lessons.optional = (await w.lesson(module.id, { short_description: 'Optional', has_homework: true })).id;
  lessons.draft = (await w.lesson(module.id, { short_description: 'Draft', is_active: false, has_homework: true })).id;
});
afterAll(() => t.close());

const db = () => t.database.db;
const progressOf = (who: Person) => w.ok<Progress>('GET', `${w.base()}/progress/me`, who);
const read = (who: Person, lessonId: number) => w.ok('GET', `${w.base()}/lessons/${lessonId}`, who);
async function approve(who: Person, lessonId: number) {
  const sent = await w.submitted(who, lessonId, { comment: 'Done' });
  const res = await w.review(w.people.teacher, sent.id, 'approve');
  expect(res.statusCode, res.body).toBe(200);
}
/** Runs the job queue until it has nothing due. */
const drainJobs = () => drainAllJobs(t);

describe('a student\'s progress', () => {
  it('counts lessons done (opened, or homework approved) and required homework approved, and refreshes at once', async () => {
    expect(await progressOf(ann)).toMatchObject({ education_progress: 0, lessons_total: 3, important_education_progress: 0, important_total: 1, complete: false });
    await read(ann, lessons.read ?? 0);
    expect(await progressOf(ann)).toMatchObject({ education_progress: 1, important_education_progress: 0 });
    // Opening a lesson with homework is not doing it; a decline changes nothing.
    await read(ann, lessons.required ?? 0);
    const sent = await w.submitted(ann, lessons.required ?? 0);
    expect((await w.review(w.people.teacher, sent.id, 'decline', 'Again')).statusCode).toBe(200);
    expect(await progressOf(ann)).toMatchObject({ education_progress: 1, important_education_progress: 0 });
    expect((await w.submit(ann, lessons.required ?? 0, { comment: 'Again' })).statusCode).toBe(201);
    expect((await w.review(w.people.teacher, sent.id, 'approve')).statusCode).toBe(200);
    expect(await progressOf(ann)).toMatchObject({ education_progress: 2, important_education_progress: 1, important_total: 1, complete: false });
    await approve(ann, lessons.optional ?? 0);
    const done = await progressOf(ann);
    expect(done).toMatchObject({ education_progress: 3, lessons_total: 3, important_education_progress: 1, complete: true, refreshed_at: expect.any(String) });
    expect((await w.ok<CourseProgram>('GET', `${w.base()}/program`, ann)).progress).toMatchObject({ education_progress: 3, complete: true });
    const [row] = await db().select().from(academyProgress).where(and(eq(academyProgress.eventId, w.event.id), eq(academyProgress.userId, ann.id)));
    expect(row?.completedAt).toBeInstanceOf(Date);
  });

  it('gives staff their own progress computed, not stored', async () => {
    expect(await progressOf(w.people.teacher)).toMatchObject({ education_progress: 0, lessons_total: 3, refreshed_at: null });
    expect(await db().select().from(academyProgress).where(eq(academyProgress.userId, w.people.teacher.id))).toEqual([]);
  });
});

describe('the hourly refresh on the job queue', () => {
  it('recomputes every student of the event after a change of the course, and plans the next run within the hour', async () => {
    await drainJobs();
    const before = await db().select().from(academyProgress).where(and(eq(academyProgress.eventId, w.event.id), eq(academyProgress.userId, bob.id)));
    expect(before[0]?.lessonsTotal ?? 3).toBe(3);
    // A new lesson: the totals change for everyone, once the queue has run.
    const module = await w.module({ short_description: 'More' });
    lessons.extra = (await w.lesson(module.id, { short_description: 'Extra' })).id;
    await drainJobs();
    const rows = await db().select().from(academyProgress).where(eq(academyProgress.eventId, w.event.id));
    const students = [ann, bob, w.people.student, w.people.student2];
    for (const student of students) expect(rows.find((row) => row.userId === student.id), `progress of ${student.id}`).toMatchObject({ lessonsTotal: 4 });
    expect(rows.find((row) => row.userId === ann.id)).toMatchObject({ educationProgress: 3, completedAt: null });
    expect(rows.some((row) => row.userId === w.people.teacher.id)).toBe(false);
    const planned = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, PROGRESS_REFRESH_JOB), sql`${jobs.doneAt} is null`, sql`(${jobs.payload}->>'eventId')::int = ${w.event.id}`));
    expect(planned).toHaveLength(1);
    const wait = (planned[0]?.runAt.getTime() ?? 0) - Date.now();
    expect(wait).toBeGreaterThan(PROGRESS_REFRESH_MS - 60_000);
    expect(wait).toBeLessThanOrEqual(PROGRESS_REFRESH_MS);
  });

  it('runs the hourly job when it is due and plans the next one', async () => {
    await db().update(academyProgress).set({ lessonsTotal: 99 }).where(eq(academyProgress.userId, bob.id));
    await db().update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(and(eq(jobs.kind, PROGRESS_REFRESH_JOB), sql`${jobs.doneAt} is null`));
    await drainJobs();
    const [row] = await db().select().from(academyProgress).where(and(eq(academyProgress.eventId, w.event.id), eq(academyProgress.userId, bob.id)));
    expect(row?.lessonsTotal).toBe(4);
    const pending = await db().select().from(jobs).where(and(eq(jobs.kind, PROGRESS_REFRESH_JOB), sql`${jobs.doneAt} is null`));
    expect(pending).toHaveLength(1);
    expect(pending[0]?.runAt.getTime()).toBeGreaterThan(Date.now() + PROGRESS_REFRESH_MS - 60_000);
  });
});

describe('a course made without the admin calls (the demo seed)', () => {
  it('gets its hourly refresh planned when it is first read', async () => {
    const world = await academyWorld(t);
    const planned = () => db().select().from(jobs).where(and(eq(jobs.kind, PROGRESS_REFRESH_JOB), sql`(${jobs.payload}->>'eventId')::int = ${world.event.id}`));
    await world.ok('GET', `${world.base()}/program`, world.people.student);
    expect(await planned()).toEqual([]);
    const [module] = await db().insert(academyModules).values({ eventId: world.event.id, title: 'Seeded', isOpen: true }).returning();
    await db().insert(academyLessons).values({ eventId: world.event.id, moduleId: module?.id ?? 0, title: 'Seeded lesson', isOpen: true });
    await world.ok('GET', `${world.base()}/program`, world.people.student);
    await world.ok('GET', `${world.base()}/progress/me`, world.people.student2);
    const jobsOf = await planned();
    expect(jobsOf).toHaveLength(1);
    expect(jobsOf[0]?.runAt.getTime()).toBeGreaterThan(Date.now() + PROGRESS_REFRESH_MS - 60_000);
  });
});

describe('the students of the academy admin', () => {
  const list = async (query = '', who = w.people.teacher) => {
    const res = await w.call('GET', `${w.base()}/admin/students${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: StudentProgress[]; meta: { total: number } }>();
  };

  it('lists members with the CourseStudent role with progress, homework counts and ticket', async () => {
    await read(ann, lessons.extra ?? 0);
    const { data, meta } = await list('?sort=name');
    expect(meta.total).toBe(4);
    expect(data.map((s) => s.user.id)).not.toContain(w.people.teacher.id);
    const annRow = data.find((s) => s.user.id === ann.id);
    expect(annRow).toMatchObject({ first_name: 'Ann', last_name: 'Archer', education_progress: 4, lessons_total: 4, important_education_progress: 1, important_total: 1, homeworks: { created: 0, approved: 2, declined: 0 }, ticket: { id: w.ticket.id, name: 'Student pass' }, user: { email: ann.email } });
    expect(data.find((s) => s.user.id === bob.id)).toMatchObject({ education_progress: 0, ticket: null, homeworks: { created: 0, approved: 0, declined: 0 } });
    expect(data[0]?.user.id).toBe(ann.id);
  });

  it('filters by name or e-mail and by state, sorts and pages', async () => {
    expect((await list('?filter[query]=archer')).data.map((s) => s.user.id)).toEqual([ann.id]);
    expect((await list(`?filter[query]=${encodeURIComponent(bob.email)}`)).data.map((s) => s.user.id)).toEqual([bob.id]);
    expect((await list('?filter[state]=complete')).data.map((s) => s.user.id)).toEqual([ann.id]);
    expect((await list('?filter[state]=not_started')).data.map((s) => s.user.id)).toContain(bob.id);
    expect((await list('?filter[state]=not_started')).data.map((s) => s.user.id)).not.toContain(ann.id);
    await read(bob, lessons.read ?? 0);
    expect((await list('?filter[state]=in_progress')).data.map((s) => s.user.id)).toEqual([bob.id]);
    expect((await list('?sort=progress&order=desc')).data.map((s) => s.user.id).slice(0, 2)).toEqual([ann.id, bob.id]);
    expect((await list('?sort=created_at&order=desc')).data[0]?.user.id).toBe(bob.id);
    const paged = await list('?sort=name&per_page=1&page=2');
    expect(paged.data).toHaveLength(1);
    expect(paged.meta.total).toBe(4);
  });

  it('exports the filtered students as CSV, formula cells made harmless', async () => {
    await db().update(users).set({ firstName: '=HYPERLINK("http://evil.example")' }).where(eq(users.id, bob.id));
    const res = await w.call('GET', `${w.base()}/admin/students/export?sort=name`, w.people.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`${w.event.slug}-students.csv`);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('"First name","Last name","E-mail","Ticket","Lessons done","Lessons","Required homework approved","Required homework","Homework awaiting review","Homework approved","Homework declined","Joined"');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(`"Ann","Archer","${ann.email}","Student pass","4","4","1","1","0","2","0"`);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.example"")","Baker"`);
    const complete = await w.call('GET', `${w.base()}/admin/students/export?filter[state]=complete`, w.people.teacher);
    expect(complete.body.trim().split('\r\n')).toHaveLength(2);
  });

  it('is for teachers, course admins, organisers and staff', async () => {
    expect(await w.codeOf('GET', `${w.base()}/admin/students`, w.people.student)).toBe('403 section.locked');
    expect(await w.codeOf('GET', `${w.base()}/admin/students/export`, w.people.attendee)).toBe('403 section.locked');
    expect(await w.codeOf('GET', `${w.base()}/admin/students`, w.people.outsider)).toBe('403 auth.forbidden');
    expect(await w.codeOf('GET', `${w.base()}/admin/students`, w.people.organiser)).toBe('200');
    expect(await w.codeOf('GET', `${w.base()}/admin/students`, w.people.staff)).toBe('200');
  });
});
