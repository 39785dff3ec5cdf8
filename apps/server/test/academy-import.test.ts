// The academy's program upload (issue 15): modules found by title or added, lessons found by title
// in their module and updated with the row's cells only or added last, teachers by e-mail, dates in
// the course timezone, a per-row report that keeps the good rows, the header and row-cap refusals,
// and who may upload.
import { COURSE_IMPORT_MAX_ROWS, type AcademyModule, type CourseImportReport, type Lesson } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyWorld, type AcademyWorld } from './academy-fixtures.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let w: AcademyWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await academyWorld(t);
});
afterAll(() => t.close());

const upload = (csv: string, who = w.people.admin) => w.call('POST', `${w.base()}/admin/program/import`, who, { csv });
const report = async (csv: string) => {
  const res = await upload(csv);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CourseImportReport }>().data;
};
const modules = () => w.ok<AcademyModule[]>('GET', `${w.base()}/admin/modules`, w.people.admin);
const lessonNamed = async (title: string) => {
  const found = (await modules()).flatMap((module) => module.lessons).find((lesson) => lesson.short_description === title);
  if (!found) throw new Error(`no lesson ${title}`);
  return w.ok<Lesson>('GET', `${w.base()}/admin/lessons/${found.id}`, w.people.admin);
};

describe('the academy program upload', () => {
  it('adds modules and lessons in file order, reads dates in the course timezone and teachers by e-mail', async () => {
    const existing = await w.module({ short_description: 'Basics' });
    const teacher = w.people.teacher.email.toUpperCase();
    const csv = [
      'Module,Lesson,Start_date,End_date,Is_open,Has_homework,Blocked_homework,Homework_description,Teachers,Notes',
      `basics,Audience,2026-12-01 10:00,2026-12-08 10:00,no,yes,yes,Describe three players,${teacher},ignored`,
      'Pitching,First pitch,2026-12-15,,1,0,0,,,',
      'Pitching,Second pitch,,,,,,,,',
    ].join('\n');
    expect(await report(csv)).toEqual({ rows: 3, modules_added: 1, lessons_added: 3, lessons_updated: 0, failed: [] });

    const list = await modules();
    expect(list.map((module) => module.short_description)).toEqual(['Basics', 'Pitching']);
    expect(list[0]?.id).toBe(existing.id);
    expect(list[1]).toMatchObject({ is_open: true, active: true, block_homework: false });
    expect(list[1]?.lessons.map((lesson) => lesson.short_description)).toEqual(['First pitch', 'Second pitch']);

    const audience = await lessonNamed('Audience');
    // Moscow is UTC+3: 10:00 there is 07:00 UTC.
    expect(audience).toMatchObject({ start_date: '2026-12-01T07:00:00.000Z', end_date: '2026-12-08T07:00:00.000Z', is_open: false, has_homework: true, blocked_homework: true, homework_description: 'Describe three players' });
    expect(audience.teachers.map((person) => person.uid)).toEqual([w.people.teacher.id]);
    expect(audience.content.blocks).toEqual([]);
    expect(await lessonNamed('First pitch')).toMatchObject({ start_date: '2026-12-14T21:00:00.000Z', is_open: true, has_homework: false });
  });

  it("updates a lesson found by title in its module with the row's filled cells only", async () => {
    const before = await lessonNamed('Audience');
    expect(await report('module,lesson,is_open,teachers\nBASICS,audience,yes,\nPitching,Audience,no,')).toMatchObject({ modules_added: 0, lessons_added: 1, lessons_updated: 1, failed: [] });
    const after = await lessonNamed('audience');
    expect(after).toMatchObject({ id: before.id, is_open: true, start_date: before.start_date, has_homework: true, homework_description: 'Describe three players' });
    expect(after.teachers.map((person) => person.uid)).toEqual([w.people.teacher.id]);
    // The same title in another module is another lesson.
    expect((await modules()).find((module) => module.short_description === 'Pitching')?.lessons.map((lesson) => lesson.short_description)).toEqual(['First pitch', 'Second pitch', 'Audience']);
  });

  it('reports bad rows with their number and reason and keeps the good ones', async () => {
    const csv = [
      'module,lesson,start_date,end_date,is_open,teachers',
      ',No module,,,,',
      'Basics,Bad date,01.12.2026,,,',
      'Basics,Backwards,2026-12-08 10:00,2026-12-01 10:00,,',
      'Basics,Bad flag,,,maybe,',
      `Basics,Outsider teacher,,,,${w.people.outsider.email}`,
      'Basics,Good one,,,,',
      // An update whose end would fall before the lesson's stored start.
      'Basics,Audience,,2026-11-01 10:00,,',
    ].join('\n');
    const answer = await report(csv);
    expect(answer).toMatchObject({ rows: 7, lessons_added: 1, lessons_updated: 0 });
    expect(answer.failed.map((row) => [row.row, row.title, row.code])).toEqual([
      [2, 'No module', 'invalid_module'],
      [3, 'Bad date', 'invalid_date'],
      [4, 'Backwards', 'dates_invalid'],
      [5, 'Bad flag', 'invalid_flag'],
      [6, 'Outsider teacher', 'teacher_not_member'],
      [8, 'Audience', 'dates_invalid'],
    ]);
    expect(answer.failed[4]?.reason).toContain(w.people.outsider.email);
    const titles = (await modules()).flatMap((module) => module.lessons.map((lesson) => lesson.short_description));
    expect(titles).toContain('Good one');
    expect(titles).not.toContain('Bad date');
  });

  it('refuses a file without the module and lesson columns (400) and one over the row cap (413), writing nothing', async () => {
    const count = async () => (await modules()).flatMap((module) => module.lessons).length;
    const before = await count();
    const header = await upload('title,starts_at\nA,B');
    expect(header.statusCode).toBe(400);
    expect(header.json()).toMatchObject({ error: { code: 'academy.import_header', details: { missing: ['module'] } } });
    const rows = Array.from({ length: COURSE_IMPORT_MAX_ROWS + 1 }, (_, index) => `Bulk,Lesson ${index}`);
    const big = await upload(['module,lesson', ...rows].join('\n'));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error: { code: 'academy.import_too_many_rows', details: { max_rows: COURSE_IMPORT_MAX_ROWS, rows: COURSE_IMPORT_MAX_ROWS + 1 } } });
    expect(await upload('')).toMatchObject({ statusCode: 400 });
    expect(await count()).toBe(before);
  });

  it('is the course admins’: teachers, students and another event’s admin are refused', async () => {
    const csv = 'module,lesson\nBasics,Sneaky';
    expect((await upload(csv, w.people.teacher)).statusCode).toBe(403);
    expect((await upload(csv, w.people.student)).statusCode).toBe(403);
    expect((await upload(csv, w.people.otherAdmin)).statusCode).toBe(403);
    expect((await modules()).flatMap((module) => module.lessons).some((lesson) => lesson.short_description === 'Sneaky')).toBe(false);
  });
});
