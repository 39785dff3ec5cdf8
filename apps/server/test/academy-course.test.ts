// The academy's course (issue 15): the program and lessons as students and staff read them
// (dates, inactive modules and lessons, neighbours), the course admin's modules and lessons
// (order, dates, teachers, content checked like organiser pages), ratings, settings, and
// other events' ids.
import { BlockType, ErrorCode, VIDEO_INVALID_MESSAGE, type AcademyModule, type CourseProgram, type Lesson, type LessonSummary } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyLessons, academyLessonViews } from '../src/db/schema/index.ts';
import { fileUrls } from '../src/files/urls.ts';
import { academyWorld, future, past, type AcademyWorld } from './academy-fixtures.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let w: AcademyWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await academyWorld(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const admin = (path: string) => `${w.base()}/admin${path}`;

describe('the course as students and staff read it', () => {
  let world: AcademyWorld;
  let open: AcademyModule;
  let hidden: AcademyModule;
  let later: AcademyModule;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    // An event of its own: this suite reads the whole course.
    world = await academyWorld(t);
    open = await world.module({ short_description: 'Basics', full_description: 'Start here' });
    ids.intro = (await world.lesson(open.id, { short_description: 'Intro', teachers: [world.people.teacher.id, world.people.admin.id] })).id;
    ids.draft = (await world.lesson(open.id, { short_description: 'Draft', is_active: false })).id;
    ids.soon = (await world.lesson(open.id, { short_description: 'Soon', is_open: false, start_date: future(48) })).id;
    ids.dated = (await world.lesson(open.id, { short_description: 'Dated', is_open: false, start_date: past(1) })).id;
    ids.byHand = (await world.lesson(open.id, { short_description: 'By hand', is_open: false })).id;
    hidden = await world.module({ short_description: 'Hidden', active: false });
    ids.inHidden = (await world.lesson(hidden.id, { short_description: 'In hidden' })).id;
    later = await world.module({ short_description: 'Later', is_open: false, start_date: future(72) });
    ids.inLater = (await world.lesson(later.id, { short_description: 'In later', has_homework: true })).id;
  });

  it("shows students the active course with each lesson's lock, in course order", async () => {
    const program = await world.ok<CourseProgram>('GET', `${world.base()}/program`, world.people.student);
    expect(program).toMatchObject({ timezone: 'Europe/Moscow', can_edit: false, can_review: false, progress: { education_progress: 0, lessons_total: 5, important_total: 0, complete: false } });
    expect(program.modules.map((m) => m.short_description)).toEqual(['Basics', 'Later']);
    const basics = program.modules[0];
    expect(basics?.lessons.map((l) => l.short_description)).toEqual(['Intro', 'Soon', 'Dated', 'By hand']);
    const lock = (title: string) => program.modules.flatMap((m) => m.lessons).find((l) => l.short_description === title)?.lock;
    expect(lock('Intro')).toEqual({ state: 'open', opens_at: null, blocked_by: null });
    expect(lock('Soon')).toMatchObject({ state: 'not_yet_open', opens_at: expect.any(String) });
    expect(lock('Dated')).toEqual({ state: 'open', opens_at: null, blocked_by: null });
    expect(lock('By hand')).toEqual({ state: 'not_yet_open', opens_at: null, blocked_by: null });
    expect(lock('In later')?.state).toBe('not_yet_open');
    expect(basics?.lessons[0]?.teachers.map((teacher) => teacher.uid)).toEqual([world.people.teacher.id, world.people.admin.id]);
    expect(program.modules[1]).toMatchObject({ has_homework: true, is_open: false });
  });

  it('shows teachers, course admins, organisers and staff every module and lesson, all open', async () => {
    for (const who of [world.people.teacher, world.people.admin, world.people.organiser, world.people.staff]) {
      const program = await world.ok<CourseProgram>('GET', `${world.base()}/program`, who);
      expect(program.progress).toBeNull();
      expect(program.modules.map((m) => m.short_description)).toEqual(['Basics', 'Hidden', 'Later']);
      expect(program.modules.flatMap((m) => m.lessons).every((l) => l.lock.state === 'open')).toBe(true);
      expect(program.modules[0]?.lessons).toHaveLength(5);
    }
    expect((await world.ok<CourseProgram>('GET', `${world.base()}/program`, world.people.admin)).can_edit).toBe(true);
    expect((await world.ok<CourseProgram>('GET', `${world.base()}/program`, world.people.teacher))).toMatchObject({ can_edit: false, can_review: true });
  });

  it('gives students 404 for an inactive lesson or a lesson of an inactive module, and 403 with the reason for a closed one', async () => {
    const { student } = world.people;
    expect(await world.codeOf('GET', `${world.base()}/lessons/${ids.draft}`, student)).toBe('404 academy.lesson_not_found');
    expect(await world.codeOf('GET', `${world.base()}/lessons/${ids.inHidden}`, student)).toBe('404 academy.lesson_not_found');
    expect(await world.codeOf('GET', `/api/v1/academy/lessons/${ids.inHidden}`, student)).toBe('404 academy.lesson_not_found');
    const soon = await world.call('GET', `${world.base()}/lessons/${ids.soon}`, student);
    expect(soon.statusCode).toBe(403);
    expect(soon.json().error).toMatchObject({ code: ErrorCode.lessonLocked, details: { state: 'not_yet_open', blocked_by: null } });
    expect(Date.parse(soon.json().error.details.opens_at)).toBeGreaterThan(Date.now());
    // Staff read it whatever its dates.
    expect((await world.ok<Lesson>('GET', `${world.base()}/lessons/${ids.draft}`, world.people.teacher)).short_description).toBe('Draft');
    expect((await world.ok<Lesson>('GET', `${world.base()}/admin/lessons/${ids.soon}`, world.people.teacher)).lock.state).toBe('open');
  });

  it('reads a lesson with its content, module, neighbours and the course timezone, by event or by id alone', async () => {
    const { student } = world.people;
    const lesson = await world.ok<Lesson>('GET', `${world.base()}/lessons/${ids.dated}`, student);
    expect(lesson).toMatchObject({ short_description: 'Dated', module: { id: open.id, short_description: 'Basics' }, previous_id: ids.soon, next_id: ids.byHand, timezone: 'Europe/Moscow', homework_status: null, rating: null });
    expect(lesson.content.blocks[0]).toMatchObject({ id: BlockType.Markdown, editorData: { text: 'Read this first.' } });
    const byId = await world.ok<Lesson>('GET', `/api/v1/academy/lessons/${ids.dated}`, student);
    expect(byId).toEqual({ ...lesson });
    // The first lesson of the next active module follows the last of this one.
    expect((await world.ok<Lesson>('GET', `${world.base()}/lessons/${ids.intro}`, student)).previous_id).toBeNull();
  });

  it('lists lessons in course order, paged and by module; autocompletes titles', async () => {
    const page = await world.call('GET', `${world.base()}/lessons?per_page=2&page=2`, world.people.student);
    expect(page.json<{ data: LessonSummary[] }>().data.map((l) => l.short_description)).toEqual(['Dated', 'By hand']);
    expect(page.json().meta).toMatchObject({ total: 5, page: 2, per_page: 2, last_page: 3 });
    const inLater = await world.ok<LessonSummary[]>('GET', `${world.base()}/lessons?filter[module_id]=${later.id}`, world.people.student);
    expect(inLater.map((l) => l.id)).toEqual([ids.inLater]);
    expect(await world.ok<LessonSummary[]>('GET', `${world.base()}/lessons?filter[module_id]=${hidden.id}`, world.people.student)).toEqual([]);
    expect((await world.ok<LessonSummary[]>('GET', `${world.base()}/lessons?filter[module_id]=${hidden.id}`, world.people.teacher)).map((l) => l.id)).toEqual([ids.inHidden]);
    const found = await world.ok<{ id: number; short_description: string; module_id: number }[]>('GET', `${world.base()}/lessons/autocomplete?filter[query]=in%20l`, world.people.student);
    expect(found).toEqual([{ id: ids.inLater, short_description: 'In later', module_id: later.id }]);
    expect(await world.ok('GET', `${world.base()}/lessons/autocomplete?filter[query]=in%20h`, world.people.student)).toEqual([]);
    expect(await world.ok('GET', `${world.base()}/lessons/autocomplete?filter[query]=in%20h`, world.people.teacher)).toEqual([{ id: ids.inHidden, short_description: 'In hidden', module_id: hidden.id }]);
  });

  it('records the first reading by a student, not by staff', async () => {
    const viewer = await world.person({ roleIds: [6] });
    await world.ok('GET', `${world.base()}/lessons/${ids.intro}`, viewer);
    await world.ok('GET', `${world.base()}/lessons/${ids.intro}`, viewer);
    await world.ok('GET', `${world.base()}/lessons/${ids.intro}`, world.people.teacher);
    const views = await db().select().from(academyLessonViews).where(eq(academyLessonViews.lessonId, ids.intro ?? 0));
    expect(views.filter((v) => v.userId === viewer.id)).toHaveLength(1);
    expect(views.filter((v) => v.userId === world.people.teacher.id)).toEqual([]);
    expect(await world.ok('GET', `${world.base()}/progress/me`, viewer)).toMatchObject({ education_progress: 1, lessons_total: 5, complete: false, refreshed_at: expect.any(String) });
  });

  it('keeps the academy from people whose roles do not open it, and from outsiders', async () => {
    expect(await world.codeOf('GET', `${world.base()}/program`, world.people.attendee)).toBe('403 section.locked');
    expect(await world.codeOf('GET', `${world.base()}/program`, world.people.outsider)).toBe('403 auth.forbidden');
    expect(await world.codeOf('GET', `${world.base()}/program`, world.people.otherAdmin)).toBe('403 auth.forbidden');
    expect(await world.codeOf('GET', `${world.base()}/program`, {})).toBe('401 auth.unauthorized');
    // By id alone, a lesson of an event one is not in is no lesson.
    expect(await world.codeOf('GET', `/api/v1/academy/lessons/${ids.intro}`, world.people.otherStudent)).toBe('404 academy.lesson_not_found');
    expect(await world.codeOf('GET', `/api/v1/academy/lessons/${ids.intro}`, world.people.attendee)).toBe('404 academy.lesson_not_found');
    expect(await world.codeOf('GET', `/api/v1/rating/lesson/${ids.intro}/me`, world.people.otherStudent)).toBe('404 academy.lesson_not_found');
    expect(await world.codeOf('GET', `/api/v1/academy/lessons/2000000000`, world.people.student)).toBe('404 academy.lesson_not_found');
    expect(await world.codeOf('GET', `/api/v1/2000000000/academy/program`, world.people.staff)).toBe('404 event.not_found');
  });
});

describe('modules', () => {
  it('puts a new module last, reads, changes and deletes it; a module with lessons stays', async () => {
    const first = await w.module({ short_description: 'First' });
    const second = await w.module({ short_description: 'Second', full_description: 'More', block_homework: true, start_date: '2031-01-01T09:00:00+03:00', end_date: '2031-02-01T09:00:00+03:00' });
    expect(second.sort).toBe(first.sort + 1);
    expect(second).toMatchObject({ full_description: 'More', block_homework: true, start_date: '2031-01-01T06:00:00.000Z', active: true, is_open: true, lessons: [] });
    expect((await w.ok<AcademyModule>('GET', admin(`/modules/${second.id}`), w.people.teacher)).short_description).toBe('Second');
    const changed = await w.ok<AcademyModule>('PUT', admin(`/modules/${second.id}`), w.people.admin, { short_description: 'Second, renamed', active: false });
    // Fields left out keep their values.
    expect(changed).toMatchObject({ short_description: 'Second, renamed', active: false, full_description: 'More', block_homework: true, start_date: '2031-01-01T06:00:00.000Z' });
    await w.lesson(first.id);
    expect(await w.codeOf('DELETE', admin(`/modules/${first.id}`), w.people.admin)).toBe('409 academy.module_not_empty');
    expect((await w.call('DELETE', admin(`/modules/${second.id}`), w.people.admin)).statusCode).toBe(204);
    expect(await w.codeOf('GET', admin(`/modules/${second.id}`), w.people.admin)).toBe('404 academy.module_not_found');
    const all = await w.ok<AcademyModule[]>('GET', admin('/modules'), w.people.teacher);
    expect(all.map((m) => m.id)).toContain(first.id);
  });

  it('refuses an end before the start (422 academy.dates_invalid), also against the stored start', async () => {
    const res = await w.call('POST', admin('/modules'), w.people.admin, { short_description: 'Backwards', start_date: '2031-02-01T00:00:00Z', end_date: '2031-01-01T00:00:00Z' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: ErrorCode.academyDatesInvalid, details: { fields: [{ field: 'body.end_date' }] } });
    // Dates outside the years the API takes never reach the database.
    expect(await w.codeOf('POST', admin('/modules'), w.people.admin, { short_description: 'Year zero', start_date: '0000-01-01T00:00:00Z' })).toBe('400 validation.failed');
    const dated = await w.module({ start_date: '2031-02-01T00:00:00Z' });
    expect(await w.codeOf('PUT', admin(`/modules/${dated.id}`), w.people.admin, { short_description: 'x', end_date: '2031-01-01T00:00:00Z' })).toBe('422 academy.dates_invalid');
  });

  it('reorders every module of the event, and refuses a list that is not exactly them (422 academy.sort_mismatch)', async () => {
    const world = await academyWorld(t);
    const [a, b, c] = [await world.module({ short_description: 'A' }), await world.module({ short_description: 'B' }), await world.module({ short_description: 'C' })];
    const url = `${world.base()}/admin/modules/sort`;
    const order = await world.ok<{ id: number; sort: number }[]>('PUT', url, world.people.admin, { items: [{ id: c.id, sort: 1 }, { id: a.id, sort: 2 }, { id: b.id, sort: 3 }] });
    expect(order).toEqual([{ id: c.id, sort: 0 }, { id: a.id, sort: 1 }, { id: b.id, sort: 2 }]);
    expect((await world.ok<AcademyModule[]>('GET', `${world.base()}/admin/modules`, world.people.admin)).map((m) => m.short_description)).toEqual(['C', 'A', 'B']);
    expect(await world.codeOf('PUT', url, world.people.admin, { items: [{ id: a.id, sort: 1 }, { id: b.id, sort: 2 }] })).toBe('422 academy.sort_mismatch');
    expect(await world.codeOf('PUT', url, world.people.admin, { items: [{ id: a.id, sort: 1 }, { id: a.id, sort: 2 }, { id: b.id, sort: 3 }] })).toBe('422 academy.sort_mismatch');
    const foreign = await w.module();
    expect(await world.codeOf('PUT', url, world.people.admin, { items: [{ id: a.id, sort: 1 }, { id: b.id, sort: 2 }, { id: foreign.id, sort: 3 }] })).toBe('422 academy.sort_mismatch');
  });

  it("answers 404 for another event's module through this event's path", async () => {
    const theirs = await w.module({}, w.other.id);
    expect(await w.codeOf('GET', admin(`/modules/${theirs.id}`), w.people.admin)).toBe('404 academy.module_not_found');
    expect(await w.codeOf('PUT', admin(`/modules/${theirs.id}`), w.people.admin, { short_description: 'Mine now' })).toBe('404 academy.module_not_found');
    expect(await w.codeOf('DELETE', admin(`/modules/${theirs.id}`), w.people.admin)).toBe('404 academy.module_not_found');
    expect(await w.codeOf('GET', admin(`/lessons?module_id=${theirs.id}`), w.people.admin)).toBe('404 academy.module_not_found');
    expect(await w.codeOf('POST', admin('/lessons'), w.people.admin, { module_id: theirs.id, short_description: 'Smuggled' })).toBe('404 academy.module_not_found');
  });

  it('lets only course admins, organisers and staff write; teachers read', async () => {
    const module = await w.module();
    for (const who of [w.people.teacher, w.people.student, w.people.attendee]) {
      expect(await w.codeOf('POST', admin('/modules'), who, { short_description: 'No' })).toBe('403 auth.forbidden');
      expect(await w.codeOf('PUT', admin(`/modules/${module.id}`), who, { short_description: 'No' })).toBe('403 auth.forbidden');
    }
    expect(await w.codeOf('GET', admin('/modules'), w.people.student)).toBe('403 section.locked');
    expect(await w.codeOf('GET', admin('/modules'), w.people.teacher)).toBe('200');
    expect(await w.codeOf('POST', admin('/modules'), w.people.organiser, { short_description: 'Organiser' })).toBe('201');
    expect(await w.codeOf('POST', admin('/modules'), w.people.staff, { short_description: 'Staff' })).toBe('201');
  });
});

describe('lessons', () => {
  it('puts a new lesson last in its module; moving it puts it last in the new one', async () => {
    const one = await w.module();
    const two = await w.module();
    const a = await w.lesson(one.id, { short_description: 'A' });
    const b = await w.lesson(one.id, { short_description: 'B' });
    const c = await w.lesson(two.id, { short_description: 'C' });
    expect(b.sort).toBe(a.sort + 1);
    const moved = await w.ok<Lesson>('PUT', admin(`/lessons/${a.id}`), w.people.admin, { module_id: two.id, short_description: 'A' });
    expect(moved).toMatchObject({ module_id: two.id, sort: c.sort + 1, module: { id: two.id } });
    // A change within the module keeps the place, and the content when it is left out.
    const renamed = await w.ok<Lesson>('PUT', admin(`/lessons/${b.id}`), w.people.admin, { module_id: one.id, short_description: 'B2', has_homework: true, homework_description: 'Do it' });
    expect(renamed).toMatchObject({ sort: b.sort, short_description: 'B2', has_homework: true, homework_description: 'Do it', content: { blocks: [expect.objectContaining({ id: BlockType.Markdown })] } });
    const list = await w.ok<LessonSummary[]>('GET', admin(`/lessons?module_id=${two.id}`), w.people.teacher);
    expect(list.map((l) => l.short_description)).toEqual(['C', 'A']);
  });

  it('reorders the lessons of a module, and refuses another list', async () => {
    const module = await w.module();
    const [a, b] = [await w.lesson(module.id, { short_description: 'A' }), await w.lesson(module.id, { short_description: 'B' })];
    const url = admin('/lessons/sort');
    expect(await w.ok('PUT', url, w.people.admin, { module_id: module.id, items: [{ id: b.id, sort: 0 }, { id: a.id, sort: 1 }] })).toEqual([{ id: b.id, sort: 0 }, { id: a.id, sort: 1 }]);
    expect((await w.ok<LessonSummary[]>('GET', admin(`/lessons?module_id=${module.id}`), w.people.admin)).map((l) => l.id)).toEqual([b.id, a.id]);
    expect(await w.codeOf('PUT', url, w.people.admin, { module_id: module.id, items: [{ id: a.id, sort: 0 }] })).toBe('422 academy.sort_mismatch');
    const elsewhere = await w.lesson((await w.module()).id);
    expect(await w.codeOf('PUT', url, w.people.admin, { module_id: module.id, items: [{ id: a.id, sort: 0 }, { id: elsewhere.id, sort: 1 }] })).toBe('422 academy.sort_mismatch');
    expect(await w.codeOf('PUT', url, w.people.teacher, { module_id: module.id, items: [{ id: a.id, sort: 0 }, { id: b.id, sort: 1 }] })).toBe('403 auth.forbidden');
  });

  it('refuses teachers who are not members of the event (422 academy.teacher_not_member)', async () => {
    const module = await w.module();
    const res = await w.call('POST', admin('/lessons'), w.people.admin, { module_id: module.id, short_description: 'Guest teacher', teachers: [w.people.teacher.id, w.people.outsider.id] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: ErrorCode.teacherNotMember, details: { uids: [w.people.outsider.id] } });
    const lesson = await w.lesson(module.id, { teachers: [w.people.teacher.id, w.people.teacher.id] });
    expect(lesson.teachers.map((teacher) => teacher.uid)).toEqual([w.people.teacher.id]);
    expect(await w.codeOf('PUT', admin(`/lessons/${lesson.id}`), w.people.admin, { module_id: module.id, short_description: 'x', teachers: [w.people.otherAdmin.id] })).toBe('422 academy.teacher_not_member');
  });

  it('refuses an end before the start, and content as organiser pages refuse it', async () => {
    const module = await w.module();
    expect(await w.codeOf('POST', admin('/lessons'), w.people.admin, { module_id: module.id, short_description: 'x', start_date: '2031-02-01T00:00:00Z', end_date: '2031-01-01T00:00:00Z' })).toBe('422 academy.dates_invalid');
    const video = { version: 1, blocks: [{ id: BlockType.Video, uuid: '6f1c7a3e-8b2d-4c9a-9e1f-aaaaaaaaaaaa', blockId: 'video', hidden: false, editorData: { source: 'youtube', videoId: 'dQw4w9WgXcQ', videoUrl: 'https://y.be/x' } }] };
    const res = await w.call('POST', admin('/lessons'), w.people.admin, { module_id: module.id, short_description: 'Bad video', content: video });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe(ErrorCode.validation);
    expect(res.json().error.details.fields).toContainEqual(expect.objectContaining({ field: 'body.content.blocks.0.editorData.videoUrl', message: VIDEO_INVALID_MESSAGE }));
    expect(await w.codeOf('POST', admin('/lessons'), w.people.admin, { module_id: module.id, short_description: 'Shape', content: { blocks: [] } })).toBe('422 validation.failed');
  });

  it('stores pictures by their key and signs them again on every read; refuses a forged address', async () => {
    const module = await w.module();
    const files = fileUrls(t.config.secret);
    const content = (image: string) => ({ version: 1, blocks: [{ id: BlockType.Content, uuid: '6f1c7a3e-8b2d-4c9a-9e1f-bbbbbbbbbbbb', blockId: 'pic', hidden: false, editorData: { text: 'Look', image } }] });
    const lesson = await w.lesson(module.id, { content: content(files.url('lesson-photo.png') ?? '') });
    const [row] = await db().select().from(academyLessons).where(eq(academyLessons.id, lesson.id));
    expect(JSON.stringify(row?.content)).toContain('"/api/v1/files/lesson-photo.png"');
    const image = (lesson.content.blocks[0]?.editorData as { image?: string }).image ?? '';
    expect(image).toMatch(/^\/api\/v1\/files\/lesson-photo\.png\?expires=\d+&sig=/);
    const res = await w.call('POST', admin('/lessons'), w.people.admin, { module_id: module.id, short_description: 'Forged', content: content('/api/v1/files/lesson-photo.png?expires=9999999999&sig=forged') });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details.fields[0]).toMatchObject({ field: 'body.content.blocks.0.editorData.image', key: 'file_expired' });
  });

  it("deletes a lesson; another event's lesson is 404 through this event's path", async () => {
    const module = await w.module();
    const lesson = await w.lesson(module.id);
    const theirs = await w.lesson((await w.module({}, w.other.id)).id, {}, w.other.id);
    expect(await w.codeOf('GET', admin(`/lessons/${theirs.id}`), w.people.admin)).toBe('404 academy.lesson_not_found');
    expect(await w.codeOf('PUT', admin(`/lessons/${theirs.id}`), w.people.admin, { module_id: module.id, short_description: 'Taken' })).toBe('404 academy.lesson_not_found');
    expect(await w.codeOf('DELETE', admin(`/lessons/${theirs.id}`), w.people.admin)).toBe('404 academy.lesson_not_found');
    expect(await w.codeOf('PUT', admin(`/lessons/${lesson.id}`), w.people.admin, { module_id: (await w.module({}, w.other.id)).id, short_description: 'Moved out' })).toBe('404 academy.module_not_found');
    expect((await w.call('DELETE', admin(`/lessons/${lesson.id}`), w.people.admin)).statusCode).toBe(204);
    expect(await w.codeOf('GET', admin(`/lessons/${lesson.id}`), w.people.admin)).toBe('404 academy.lesson_not_found');
    expect((await db().select().from(academyLessons).where(eq(academyLessons.id, theirs.id))).length).toBe(1);
  });
});

describe('ratings', () => {
  it('lets students rate an open lesson 1 to 5, again replacing it, with the average and count', async () => {
    const module = await w.module();
    const lesson = await w.lesson(module.id);
    const { student, student2 } = w.people;
    expect(await w.ok('GET', `/api/v1/rating/lesson/${lesson.id}/me`, student)).toEqual({ rating: null, average: null, count: 0 });
    expect(await w.ok('POST', `${w.base()}/lessons/${lesson.id}/rating`, student, { rating: 5 })).toEqual({ rating: 5, average: 5, count: 1 });
    expect(await w.ok('POST', `${w.base()}/lessons/${lesson.id}/rating`, student2, { rating: 2 })).toEqual({ rating: 2, average: 3.5, count: 2 });
    expect(await w.ok('POST', `${w.base()}/lessons/${lesson.id}/rating`, student, { rating: 4 })).toEqual({ rating: 4, average: 3, count: 2 });
    expect(await w.ok('GET', `/api/v1/rating/lesson/${lesson.id}/me`, student)).toEqual({ rating: 4, average: 3, count: 2 });
    expect((await w.ok<Lesson>('GET', `${w.base()}/lessons/${lesson.id}`, student)).rating).toBe(3);
    for (const rating of [0, 6, 2.5]) expect((await w.call('POST', `${w.base()}/lessons/${lesson.id}/rating`, student, { rating })).statusCode).toBe(400);
  });

  it('refuses a closed lesson, people who run the course, and other events', async () => {
    const module = await w.module();
    const closed = await w.lesson(module.id, { is_open: false });
    const open = await w.lesson(module.id);
    expect(await w.codeOf('POST', `${w.base()}/lessons/${closed.id}/rating`, w.people.student, { rating: 5 })).toBe('403 academy.lesson_locked');
    expect(await w.codeOf('POST', `${w.base()}/lessons/${open.id}/rating`, w.people.teacher, { rating: 5 })).toBe('403 auth.forbidden');
    expect(await w.codeOf('POST', `${w.base()}/lessons/${open.id}/rating`, w.people.attendee, { rating: 5 })).toBe('403 section.locked');
    const theirs = await w.lesson((await w.module({}, w.other.id)).id, {}, w.other.id);
    expect(await w.codeOf('POST', `${w.base()}/lessons/${theirs.id}/rating`, w.people.student, { rating: 5 })).toBe('404 academy.lesson_not_found');
    expect(await w.codeOf('POST', `/api/v1/${w.other.id}/academy/lessons/${theirs.id}/rating`, w.people.student, { rating: 5 })).toBe('403 auth.forbidden');
  });
});

describe('settings', () => {
  it("answer the event's timezone until set; a timezone not in the list is 404 timezone.unknown", async () => {
    const world = await academyWorld(t);
    const url = `${world.base()}/admin/settings`;
    expect(await world.ok('GET', url, world.people.teacher)).toEqual({ timezone: 'Europe/Moscow', certificate_text: '' });
    expect(await world.ok('PUT', url, world.people.admin, { timezone: 'Asia/Tokyo', certificate_text: 'Well done' })).toEqual({ timezone: 'Asia/Tokyo', certificate_text: 'Well done' });
    expect(await world.ok('GET', url, world.people.teacher)).toEqual({ timezone: 'Asia/Tokyo', certificate_text: 'Well done' });
    expect((await world.ok<CourseProgram>('GET', `${world.base()}/program`, world.people.student)).timezone).toBe('Asia/Tokyo');
    const unknown = await world.call('PUT', url, world.people.admin, { timezone: 'Mars/Olympus', certificate_text: '' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: ErrorCode.timezoneUnknown, message: 'Error! Unknown timezone: "Mars/Olympus"' });
    expect(await world.codeOf('PUT', url, world.people.teacher, { timezone: 'UTC', certificate_text: '' })).toBe('403 auth.forbidden');
    expect(await world.codeOf('GET', url, world.people.student)).toBe('403 section.locked');
  });
});
