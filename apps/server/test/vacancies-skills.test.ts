// Academy-to-hiring (issue 15): a lesson's skills, proved by an approved homework, become the
// student's verified skills, shown on their member page and profile and matched by vacancies.
import { type Homework, type Lesson, type Vacancy, type VacancyCard, type VacancyResponse, type VerifiedSkill } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyUsers, eventCompanies, eventDictionaries, verifiedSkills } from '../src/db/schema/index.ts';
import { academyWorld, type AcademyWorld } from './academy-fixtures.ts';
import { addEventCompany } from './people-fixtures.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { cvFile, pdfCv } from './support/cv-files.ts';
import { multipartBody } from './support/multipart.ts';

let t: TestApp;
let a: AcademyWorld;
let companyId: number;
let lessonId: number;
let secondLessonId: number;
let studentMemberId: number;

beforeAll(async () => {
  t = await createTestApp();
  a = await academyWorld(t);
  const company = await addEventCompany(t.database.db, a.event.id, { name: 'Hiring Studio' });
  companyId = company.id;
  await t.database.db.insert(companyUsers).values({ companyId, userId: a.people.attendee.id, roles: ['admin'] });
  const members = await a.ok<{ id: number }>('GET', `/api/v1/${a.event.id}/members/me`, a.people.student);
  studentMemberId = members.id;
});
afterAll(() => t.close());

const lessonPath = (id: number) => `${a.base()}/admin/lessons/${id}`;
const mySkills = async (who = a.people.student) => a.ok<VerifiedSkill[]>('GET', '/api/v1/users/me/verified-skills', who);
const post = (values: Record<string, unknown>) => a.ok<{ id: number }>('POST', `/api/v1/companies/${companyId}/vacancies`, a.people.attendee, { seniority: 'junior', ...values }, 201);

describe('a lesson proves skills', () => {
  it('the lesson editor sets the skills a lesson proves (values of the event\'s list); they are kept when left out', async () => {
    const module = await a.module({ short_description: 'Design' });
    const lesson = await a.lesson(module.id, { short_description: 'Core loops', has_homework: true, skills: [1, 21, 1] });
    expect(lesson.skills).toEqual([1, 21]);
    lessonId = lesson.id;
    const changed = await a.ok<Lesson>('PUT', lessonPath(lessonId), a.people.admin, { module_id: module.id, short_description: 'Core loops, again' });
    expect(changed.skills).toEqual([1, 21]);
    const second = await a.lesson(module.id, { short_description: 'Pitch', has_homework: true, skills: [22, 1] });
    secondLessonId = second.id;
    expect(await a.codeOf('PUT', lessonPath(lessonId), a.people.admin, { module_id: module.id, short_description: 'x', skills: [999] })).toBe('422 vacancy.unknown_skill');
    expect(await a.codeOf('PUT', lessonPath(lessonId), a.people.admin, { module_id: module.id, short_description: 'x', skills: ['design'] })).toBe('400 validation.failed');
    expect(await a.codeOf('PUT', lessonPath(lessonId), a.people.teacher, { module_id: module.id, short_description: 'x', skills: [1] })).toBe('403 auth.forbidden');
  });

  it("follows the event's own skills list when the organisers replaced it", async () => {
    await t.database.db.insert(eventDictionaries).values({ eventId: a.event.id, name: 'vacancy.skills', items: [{ value: 1, labels: { en: 'Systems design', ru: 'Системный дизайн', zh: '系统设计' } }, { value: 21, labels: { en: 'Prototyping', ru: 'Прототипы', zh: '原型' } }, { value: 22, labels: { en: 'Pitching', ru: 'Питч', zh: '路演' } }, { value: 500, labels: { en: 'Board games', ru: 'Настолки', zh: '桌游' } }] });
    const module = await a.module({ short_description: 'Extra' });
    expect((await a.lesson(module.id, { short_description: 'Boards', skills: [500] })).skills).toEqual([500]);
    expect(await a.codeOf('POST', `${a.base()}/admin/lessons`, a.people.admin, { module_id: module.id, short_description: 'Sound', skills: [14] })).toBe('422 vacancy.unknown_skill');
  });
});

describe('an approved homework makes them verified skills', () => {
  it('a declined homework proves nothing; the approval does, once', async () => {
    const work = await a.submitted(a.people.student, lessonId);
    expect((await a.review(a.people.teacher, work.id, 'decline')).statusCode).toBe(200);
    expect(await mySkills()).toEqual([]);
    const again = await a.submit(a.people.student, lessonId, { comment: 'Better now' });
    expect(again.statusCode, again.body).toBe(201);
    const resent = again.json<{ data: Homework }>().data;
    expect((await a.review(a.people.teacher, resent.id, 'approve')).statusCode).toBe(200);
    const skills = await mySkills();
    expect(skills.map((s) => [s.skill, s.lesson.id])).toEqual([
      [{ id: 1, name: 'Systems design' }, lessonId],
      [{ id: 21, name: 'Prototyping' }, lessonId],
    ]);
    expect(skills[0]?.event).toMatchObject({ id: a.event.id });
    // A second lesson proving skill 1 again: shown once, with the first proof.
    const pitch = await a.submitted(a.people.student, secondLessonId);
    expect((await a.review(a.people.admin, pitch.id, 'approve')).statusCode).toBe(200);
    const after = await mySkills();
    expect(after.map((s) => s.skill.id).sort((x, y) => x - y)).toEqual([1, 21, 22]);
    expect(after.find((s) => s.skill.id === 1)?.lesson.id).toBe(lessonId);
    const rows = await t.database.db.select().from(verifiedSkills).where(eq(verifiedSkills.userId, a.people.student.id));
    expect(rows).toHaveLength(4);
  });

  it("shows on the member's page to whoever may open it (the directory's gate), in the reader's language; another event's member is 404", async () => {
    const seen = await t.app.inject({ method: 'GET', url: `/api/v1/${a.event.id}/members/${studentMemberId}/verified-skills`, headers: { ...a.people.organiser.headers, 'accept-language': 'ru' } });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<{ data: VerifiedSkill[] }>().data.map((s) => s.skill.name).sort()).toEqual(['Питч', 'Прототипы', 'Системный дизайн']);
    expect(await a.codeOf('GET', `/api/v1/${a.event.id}/members/${studentMemberId}/verified-skills`, a.people.outsider)).toBe('403 section.locked');
    const otherMember = await a.ok<{ id: number }>('GET', `/api/v1/${a.other.id}/members/me`, a.people.otherStudent);
    expect(await a.codeOf('GET', `/api/v1/${a.event.id}/members/${otherMember.id}/verified-skills`, a.people.organiser)).toBe('404 member.not_found');
    expect(await mySkills(a.people.student2)).toEqual([]);
    expect(await a.codeOf('GET', '/api/v1/users/me/verified-skills', {})).toBe('401 auth.unauthorized');
  });
});

describe('vacancies match them', () => {
  let matching: number;
  let other: number;
  beforeAll(async () => {
    matching = (await post({ title: 'Game designer', skills: [1, 4, 22] })).id;
    other = (await post({ title: 'Sound designer', skills: [14] })).id;
  });

  it("marks the reader's verified skills on the card and the vacancy", async () => {
    const page = await a.call('GET', `/api/v1/${a.event.id}/vacancies?per_page=100`, a.people.student);
    const cards = page.json<{ data: VacancyCard[] }>().data;
    expect(cards.find((card) => card.id === matching)?.matches).toEqual([1, 22]);
    expect(cards.find((card) => card.id === other)?.matches).toEqual([]);
    expect((await a.ok<Vacancy>('GET', `/api/v1/${a.event.id}/vacancies/${matching}`, a.people.student)).matches).toEqual([1, 22]);
    expect((await a.ok<Vacancy>('GET', `/api/v1/${a.event.id}/vacancies/${matching}`, a.people.student2)).matches).toEqual([]);
  });

  it('filters to the vacancies that ask for a verified skill (none without any)', async () => {
    const ids = async (who = a.people.student) => (await a.call('GET', `/api/v1/${a.event.id}/vacancies?filter[matches]=1&per_page=100`, who)).json<{ data: VacancyCard[] }>().data.map((card) => card.id);
    expect(await ids()).toEqual([matching]);
    expect(await ids(a.people.student2)).toEqual([]);
  });

  it("shows the company which asked-for skills an applicant has verified", async () => {
    const form = multipartBody({ message: 'Proved in the academy.' }, cvFile(pdfCv));
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/${a.event.id}/vacancies/${matching}/responses`, headers: { ...a.people.student.headers, ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(201);
    const list = await a.call('GET', `/api/v1/companies/${companyId}/vacancies/${matching}/responses`, a.people.attendee);
    expect(list.json<{ data: VacancyResponse[] }>().data[0]?.matches.map((s) => s.name)).toEqual(['Systems design', 'Pitching']);
  });

  it('a company taking part in the event may use the skills of its own list', async () => {
    expect((await post({ title: 'Board game designer', skills: [500] })).id).toBeGreaterThan(0);
    const elsewhere = await addEventCompany(t.database.db, a.other.id, { name: 'Elsewhere' });
    await t.database.db.insert(companyUsers).values({ companyId: elsewhere.id, userId: a.people.attendee.id, roles: ['admin'] });
    expect(await a.codeOf('POST', `/api/v1/companies/${elsewhere.id}/vacancies`, a.people.attendee, { title: 'x', seniority: 'junior', skills: [500] })).toBe('422 vacancy.unknown_skill');
    await t.database.db.delete(eventCompanies).where(eq(eventCompanies.companyId, elsewhere.id));
  });
});
