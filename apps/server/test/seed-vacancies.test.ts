import type { CompanyVacancy, VacancyCard, VacancyResponse, VerifiedSkill } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, events } from '../src/db/schema/index.ts';
import { bearer, signInWithPassword } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let eventId: number;
let nebula: number;
beforeAll(async () => {
  t = await createTestApp({ LOBBY_DEMO: '1' });
  eventId = (await t.database.db.select({ id: events.id }).from(events).where(eq(events.slug, 'lobby-summit')))[0]?.id ?? 0;
  nebula = (await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Nebula Games')))[0]?.id ?? 0;
});
afterAll(() => t.close());

const as = async (email: string, password: string) => bearer(await signInWithPassword(t.app, email, password));
const get = async <T>(url: string, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

describe('demo vacancies', () => {
  it('the summit lists open vacancies of several companies in different seniorities, remote and not; the closed one and the draft stay out', async () => {
    const student = await as('student@lobby.demo', 'Student-2026');
    const { data } = await get<{ data: VacancyCard[] }>(`/api/v1/${eventId}/vacancies?per_page=100`, student);
    expect(new Set(data.map((v) => v.company.id)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(data.map((v) => v.seniority)).size).toBeGreaterThanOrEqual(4);
    expect(data.some((v) => v.remote) && data.some((v) => !v.remote)).toBe(true);
    expect(data.map((v) => v.title)).not.toContain('QA tester');
    expect(data.map((v) => v.title)).not.toContain('Community manager');
    // The student proved Game design and Prototyping in the academy: the intern role matches both.
    expect(data.find((v) => v.title === 'Game design intern')?.matches).toEqual([1, 21]);
    const skills = await get<{ data: VerifiedSkill[] }>('/api/v1/users/me/verified-skills', student);
    expect(skills.data.map((s) => [s.skill.name, s.lesson.title])).toEqual([
      ['Game design', 'Core loops'],
      ['Prototyping', 'Core loops'],
    ]);
  });

  it("the demo attendee runs Nebula Games' vacancies, one closed, with responses in every status and their CVs", async () => {
    const attendee = await as('attendee@lobby.demo', 'Attendee-2026');
    const { data } = await get<{ data: CompanyVacancy[] }>(`/api/v1/companies/${nebula}/vacancies`, attendee);
    expect(data.map((v) => v.state).sort()).toEqual(['closed', 'open', 'open', 'open']);
    const statuses: string[] = [];
    for (const vacancy of data.filter((v) => v.responses.total > 0)) {
      const responses = await get<{ data: VacancyResponse[] }>(`/api/v1/companies/${nebula}/vacancies/${vacancy.id}/responses`, attendee);
      statuses.push(...responses.data.map((r) => r.status));
      expect(responses.data.every((r) => r.cv?.content_type === 'application/pdf')).toBe(true);
    }
    expect(new Set(statuses)).toEqual(new Set(['new', 'seen', 'invited', 'declined']));
  });
});
