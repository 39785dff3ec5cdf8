import type { CompanyVacancy, Vacancy } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';
import { future, past, vacancyWorld, type VacancyWorld } from './vacancies-fixtures.ts';

let t: TestApp;
let w: VacancyWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await vacancyWorld(t);
});
afterAll(() => t.close());

const companyPath = (companyId: number, vacancyId?: number) => `/api/v1/companies/${companyId}/vacancies${vacancyId === undefined ? '' : `/${vacancyId}`}`;

describe('a company writes its vacancies', () => {
  it('an admin posts a vacancy with every field; it is published unless said otherwise', async () => {
    const closes = future(240);
    const vacancy = await w.post(w.companyA.id, {
      title: '  Senior level designer ',
      description: '## About\n\nBuild **worlds**.',
      location: 'Limassol',
      remote: true,
      seniority: 'senior',
      skills: [2, 1, 2],
      salary_min: 50_000,
      salary_max: 70_000,
      salary_currency: 'eur',
      closes_at: closes,
    });
    expect(vacancy).toMatchObject({
      title: 'Senior level designer',
      description: '## About\n\nBuild **worlds**.',
      company: { id: w.companyA.id, name: 'Nebula Forge' },
      location: 'Limassol',
      remote: true,
      seniority: 'senior',
      skills: [
        { id: 2, name: 'Level design' },
        { id: 1, name: 'Game design' },
      ],
      salary: { min: 50_000, max: 70_000, currency: 'EUR' },
      closes_at: new Date(closes).toISOString(),
      published: true,
      state: 'open',
      responses: { total: 0, new: 0 },
    });
    const draft = await w.post(w.companyA.id, { title: 'Draft role', published: false });
    expect(draft).toMatchObject({ published: false, state: 'draft', salary: null, skills: [], location: '', remote: false, closes_at: null });
  });

  it('platform staff post for any company; the company chat role, other members and other companies may not (403)', async () => {
    await w.post(w.companyB.id, { title: 'By staff' }, w.people.staff);
    const body = { title: 'Nope', seniority: 'junior' };
    expect(await w.codeOf('POST', companyPath(w.companyA.id), w.people.chatterA, body)).toBe('403 vacancy.forbidden');
    expect(await w.codeOf('POST', companyPath(w.companyA.id), w.people.member, body)).toBe('403 vacancy.forbidden');
    expect(await w.codeOf('POST', companyPath(w.companyA.id), w.people.adminB, body)).toBe('403 vacancy.forbidden');
    expect(await w.codeOf('POST', companyPath(w.companyA.id), w.people.organiser, body)).toBe('403 vacancy.forbidden');
    expect(await w.codeOf('POST', companyPath(999_999), w.people.adminA, body)).toBe('404 company.not_found');
    expect(await w.codeOf('POST', companyPath(w.companyA.id), {}, body)).toBe('401 auth.unauthorized');
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['the lowest salary above the highest', { salary_min: 9, salary_max: 8, salary_currency: 'USD' }, '422 vacancy.salary_invalid', 'body.salary_min'],
    ['an amount without a currency', { salary_min: 9 }, '422 vacancy.salary_invalid', 'body.salary_currency'],
    ['a currency that is none', { salary_max: 9, salary_currency: 'XYZ' }, '422 vacancy.salary_invalid', 'body.salary_currency'],
    ['a currency without an amount', { salary_currency: 'EUR' }, '422 vacancy.salary_invalid', 'body.salary_min'],
    ['a skill outside the list', { skills: [1, 999] }, '422 vacancy.unknown_skill', 'body.skills'],
    ['no title', { title: '   ' }, '400 validation.failed', 'body.title'],
    ['a seniority that is none', { seniority: 'guru' }, '400 validation.failed', 'body.seniority'],
    ['a negative salary', { salary_min: -1, salary_currency: 'EUR' }, '400 validation.failed', 'body.salary_min'],
    ['a salary past the largest', { salary_max: 2_000_000_000, salary_currency: 'EUR' }, '400 validation.failed', 'body.salary_max'],
    ['too many skills', { skills: Array.from({ length: 16 }, (_, i) => i + 1) }, '400 validation.failed', 'body.skills'],
    ['a closing date that is no date', { closes_at: 'tomorrow' }, '400 validation.failed', 'body.closes_at'],
  ])('refuses %s', async (_name, values, expected, field) => {
    const res = await w.call('POST', companyPath(w.companyA.id), w.people.adminA, { title: 'Role', seniority: 'junior', ...values });
    expect(`${res.statusCode} ${res.json<{ error: { code: string } }>().error.code}`).toBe(expected);
    expect(res.json<{ error: { details: { fields: { field: string }[] } } }>().error.details.fields.map((f) => f.field)).toContain(field);
  });

  it('a change keeps the fields left out; another company\'s vacancy is 404 through this company', async () => {
    const before = await w.post(w.companyA.id, { title: 'Animator', location: 'Berlin', skills: [12], salary_min: 1000, salary_currency: 'EUR' });
    const after = await w.ok<CompanyVacancy>('PUT', companyPath(w.companyA.id, before.id), w.people.adminA2, { title: 'Lead animator', seniority: 'lead', remote: true });
    expect(after).toMatchObject({ title: 'Lead animator', seniority: 'lead', remote: true, location: 'Berlin', skills: [{ id: 12 }], salary: { min: 1000, max: null, currency: 'EUR' } });
    const cleared = await w.ok<CompanyVacancy>('PUT', companyPath(w.companyA.id, before.id), w.people.adminA, { title: 'Lead animator', seniority: 'lead', salary_min: null, salary_currency: null, skills: [] });
    expect(cleared).toMatchObject({ salary: null, skills: [] });
    expect(await w.ok<CompanyVacancy>('GET', companyPath(w.companyA.id, before.id), w.people.adminA)).toMatchObject({ title: 'Lead animator', salary: null, published: true });
    const ofB = await w.post(w.companyB.id, { title: 'B role' }, w.people.adminB);
    expect(await w.codeOf('PUT', companyPath(w.companyA.id, ofB.id), w.people.adminA, { title: 'Hijack', seniority: 'junior' })).toBe('404 vacancy.not_found');
    expect(await w.codeOf('PUT', companyPath(w.companyB.id, ofB.id), w.people.adminA, { title: 'Hijack', seniority: 'junior' })).toBe('403 vacancy.forbidden');
    expect(await w.codeOf('DELETE', companyPath(w.companyA.id, ofB.id), w.people.adminA)).toBe('404 vacancy.not_found');
    expect(await w.codeOf('GET', companyPath(w.companyA.id, ofB.id), w.people.adminA)).toBe('404 vacancy.not_found');
    expect(await w.codeOf('GET', companyPath(w.companyA.id, before.id), w.people.chatterA)).toBe('403 vacancy.forbidden');
  });

  it('deletes a vacancy; it is gone for the company and the event', async () => {
    const gone = await w.post(w.companyA.id, { title: 'Short-lived' });
    expect((await w.call('DELETE', companyPath(w.companyA.id, gone.id), w.people.adminA)).statusCode).toBe(204);
    expect(await w.codeOf('DELETE', companyPath(w.companyA.id, gone.id), w.people.adminA)).toBe('404 vacancy.not_found');
    expect(await w.codeOf('GET', `/api/v1/${w.event.id}/vacancies/${gone.id}`, w.people.member)).toBe('404 vacancy.not_found');
  });

  it("lists every vacancy of the company, drafts and closed ones too, to its admins only", async () => {
    const closed = await w.post(w.companyA.id, { title: 'Closed role', closes_at: past(1) });
    const page = await w.call('GET', `${companyPath(w.companyA.id)}?per_page=100`, w.people.adminA);
    expect(page.statusCode).toBe(200);
    const rows = page.json<{ data: CompanyVacancy[] }>().data;
    expect(rows.find((row) => row.id === closed.id)).toMatchObject({ state: 'closed', published: true });
    expect(rows.some((row) => row.state === 'draft')).toBe(true);
    expect(rows.every((row) => row.company.id === w.companyA.id)).toBe(true);
    expect(await w.codeOf('GET', companyPath(w.companyA.id), w.people.chatterA)).toBe('403 vacancy.forbidden');
    expect(await w.codeOf('GET', companyPath(w.companyA.id), w.people.staff)).toBe('200');
  });
});

describe("the event's vacancies", () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const made = {
      unity: await w.post(w.companyB.id, { title: 'Unity developer', seniority: 'junior', skills: [4, 6], remote: true, closes_at: future(24) }, w.people.adminB),
      writer: await w.post(w.companyB.id, { title: 'Narrative writer', seniority: 'intern', description: 'Write quests for a zeppelin RPG.', skills: [3], closes_at: future(48) }, w.people.adminB),
      producer: await w.post(w.companyB.id, { title: 'Producer', seniority: 'lead', skills: [16] }, w.people.adminB),
      closed: await w.post(w.companyB.id, { title: 'Closed tester', seniority: 'junior', closes_at: past(2) }, w.people.adminB),
      draft: await w.post(w.companyB.id, { title: 'Hidden draft', seniority: 'junior', published: false }, w.people.adminB),
      elsewhere: await w.post(w.companyC.id, { title: 'Faraway role', seniority: 'junior' }, w.people.adminC),
    };
    ids = Object.fromEntries(Object.entries(made).map(([key, value]) => [key, value.id]));
  });

  it('lists open vacancies of the companies taking part: no drafts, no closed ones, none of other events', async () => {
    const page = await w.list('?per_page=100');
    const listed = page.data.map((row) => row.id);
    for (const key of ['unity', 'writer', 'producer']) expect(listed).toContain(ids[key]);
    for (const key of ['closed', 'draft', 'elsewhere']) expect(listed).not.toContain(ids[key]);
    expect(page.data.every((row) => row.state === 'open')).toBe(true);
    const unity = page.data.find((row) => row.id === ids.unity);
    expect(unity).toMatchObject({ company: { id: w.companyB.id, name: 'Orbit Works' }, skills: [{ id: 4, name: 'Unity' }, { id: 6, name: 'C#' }], matches: [], remote: true });
  });

  it('filters by text (title, company, description), seniority, skills, remote and company; sorts', async () => {
    const idsOf = async (query: string) => (await w.list(`${query}&per_page=100&filter[company_id]=${w.companyB.id}`)).data.map((row) => row.id);
    expect(await idsOf('?filter[query]=zeppelin')).toEqual([ids.writer]);
    expect(await idsOf('?filter[query]=UNITY')).toEqual([ids.unity]);
    expect((await w.list('?filter[query]=orbit&per_page=100')).data.every((row) => row.company.id === w.companyB.id)).toBe(true);
    expect(await idsOf('?filter[seniority][]=intern&filter[seniority][]=lead')).toEqual(expect.arrayContaining([ids.writer, ids.producer]));
    expect(await idsOf('?filter[seniority][]=intern&filter[seniority][]=lead')).not.toContain(ids.unity);
    expect(await idsOf('?filter[skills][]=6&filter[skills][]=16')).toEqual(expect.arrayContaining([ids.unity, ids.producer]));
    expect(await idsOf('?filter[skills][]=6&filter[skills][]=16')).toHaveLength(2);
    expect(await idsOf('?filter[remote]=1')).toEqual([ids.unity]);
    expect(await idsOf('?filter[remote]=0')).not.toContain(ids.unity);
    expect((await idsOf('?sort=closing')).slice(0, 2)).toEqual([ids.unity, ids.writer]);
    const titles = (await w.list(`?sort=title&per_page=100&filter[company_id]=${w.companyB.id}`)).data.map((row) => row.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect((await w.list(`?filter[company_id]=${w.companyC.id}`)).meta.total).toBe(0);
  });

  it('pages in the one envelope', async () => {
    const first = await w.list('?per_page=2&page=1');
    const second = await w.list('?per_page=2&page=2');
    expect(first.data).toHaveLength(2);
    expect(first.meta).toMatchObject({ page: 1, per_page: 2 });
    expect(second.data.map((row) => row.id)).not.toEqual(first.data.map((row) => row.id));
  });

  it('refuses bad filters with 400', async () => {
    for (const query of ['?filter[seniority][]=guru', '?filter[skills][]=x', '?sort=salary', '?filter[remote]=maybe', '?per_page=0', '?filter[company_id]=0']) {
      expect(await w.codeOf('GET', `/api/v1/${w.event.id}/vacancies${query}`, w.people.member), query).toBe('400 validation.failed');
    }
  });

  it('is for the event\'s people on any ticket, its organisers and staff; guests 401, outsiders 404', async () => {
    expect((await w.list('', w.people.student)).meta.total).toBeGreaterThan(0);
    expect(await w.codeOf('GET', `/api/v1/${w.event.id}/vacancies`, w.people.organiser)).toBe('200');
    expect(await w.codeOf('GET', `/api/v1/${w.event.id}/vacancies`, w.people.staff)).toBe('200');
    expect(await w.codeOf('GET', `/api/v1/${w.event.id}/vacancies`, w.people.outsider)).toBe('404 event.not_found');
    expect(await w.codeOf('GET', `/api/v1/${w.event.id}/vacancies`, w.people.adminC)).toBe('404 event.not_found');
    expect(await w.codeOf('GET', `/api/v1/${w.event.id}/vacancies`, {})).toBe('401 auth.unauthorized');
    expect(await w.codeOf('GET', `/api/v1/999999/vacancies`, w.people.member)).toBe('404 event.not_found');
  });

  it('opens one vacancy: a closed one stays readable, a draft only for its company, another event\'s is 404', async () => {
    const one = await w.ok<Vacancy>('GET', `/api/v1/${w.event.id}/vacancies/${ids.writer}`, w.people.member);
    expect(one).toMatchObject({ id: ids.writer, description: 'Write quests for a zeppelin RPG.', my_response: null, can_edit: false, can_respond: true, state: 'open' });
    expect(await w.ok<Vacancy>('GET', `/api/v1/${w.event.id}/vacancies/${ids.closed}`, w.people.member)).toMatchObject({ state: 'closed', can_respond: false });
    expect(await w.codeOf('GET', `/api/v1/${w.event.id}/vacancies/${ids.draft}`, w.people.member)).toBe('404 vacancy.not_found');
    expect(await w.ok<Vacancy>('GET', `/api/v1/${w.event.id}/vacancies/${ids.draft}`, w.people.adminB)).toMatchObject({ state: 'draft', can_edit: true, can_respond: false });
    expect(await w.ok<Vacancy>('GET', `/api/v1/${w.event.id}/vacancies/${ids.draft}`, w.people.staff)).toMatchObject({ can_edit: true });
    expect(await w.codeOf('GET', `/api/v1/${w.event.id}/vacancies/${ids.elsewhere}`, w.people.member)).toBe('404 vacancy.not_found');
    expect(await w.codeOf('GET', `/api/v1/${w.other.id}/vacancies/${ids.writer}`, w.people.adminC)).toBe('404 vacancy.not_found');
    expect(await w.codeOf('GET', `/api/v1/${w.event.id}/vacancies/abc`, w.people.member)).toBe('400 validation.failed');
  });
});
