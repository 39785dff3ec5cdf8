// A company's own vacancies (issue 17): its admins (company.edit on that company) and platform staff
// post, change and delete them, drafts and closed ones included, as games are written.
import { ErrorCode, salaryProblem, type CompanyVacancy, type Language, type ZVacancyInput } from '@lobby/contract';
import type { z } from 'zod';
import type { AccessSource } from '../../access/access.ts';
import { pageMeta } from '../../db/sql.ts';
import { AppError } from '../../http/errors.ts';
import { canManageVacancies } from './policy.ts';
import { presentCompanyVacancy } from './present.ts';
import { deleteVacancyRow, findCompany, findCompanyVacancy, insertVacancy, listCompanyVacancies as listRows, responseCounts, rolesInCompany, updateVacancyRow, type CompanyHead, type VacancyRow, type VacancyValues } from './repo.ts';
import { cardContext, vacancyNotFound, type VacanciesContext } from './service.ts';
import { vacancySkills } from './skills.ts';

type Body = z.output<typeof ZVacancyInput>;

const SALARY_MESSAGES = {
  min_over_max: ['salary_min', 'The lowest salary must not be above the highest.'],
  currency_required: ['salary_currency', 'Choose the currency of the salary.'],
  currency_unknown: ['salary_currency', 'Use a three-letter ISO 4217 currency code, such as EUR or USD.'],
  amount_required: ['salary_min', 'Give a salary amount with the currency, or leave both empty.'],
} as const;

/** The company, when the reader may manage its vacancies: 404 for no such company, 403 vacancy.forbidden for anyone but its admins and staff. */
export async function requireCompanyAdmin(ctx: VacanciesContext, source: AccessSource, companyId: number): Promise<{ company: CompanyHead; userId: number }> {
  const company = await findCompany(ctx.db, companyId);
  if (!company) throw new AppError(404, ErrorCode.companyNotFound, `Company ${companyId} was not found.`);
  const access = await source.get(null);
  const userId = access.userId ?? 0;
  if (!canManageVacancies(await rolesInCompany(ctx.db, companyId, userId), access.isStaff)) {
    throw new AppError(403, ErrorCode.vacancyForbidden, "Only the company's admins can manage its vacancies.");
  }
  return { company, userId };
}

/** The stored values a body gives, on top of the current ones (a field left out keeps its value). */
async function valuesOf(ctx: VacanciesContext, companyId: number, body: Body, current: VacancyRow | null): Promise<VacancyValues> {
  const keep = <K extends keyof VacancyRow>(key: K, fallback: VacancyRow[K]): VacancyRow[K] => (current ? current[key] : fallback);
  const values: VacancyValues = {
    title: body.title,
    seniority: body.seniority,
    description: body.description ?? keep('description', ''),
    location: body.location ?? keep('location', ''),
    remote: body.remote ?? keep('remote', false),
    skills: body.skills === undefined ? keep('skills', []) : await vacancySkills(ctx.db, companyId, body.skills),
    salaryMin: body.salary_min === undefined ? keep('salaryMin', null) : body.salary_min,
    salaryMax: body.salary_max === undefined ? keep('salaryMax', null) : body.salary_max,
    salaryCurrency: body.salary_currency === undefined ? keep('salaryCurrency', null) : body.salary_currency || null,
    closesAt: body.closes_at === undefined ? keep('closesAt', null) : body.closes_at === null ? null : new Date(body.closes_at),
    published: body.published ?? keep('published', true),
  };
  const problem = salaryProblem(values.salaryMin ?? null, values.salaryMax ?? null, values.salaryCurrency ?? null);
  if (problem) {
    const [field, message] = SALARY_MESSAGES[problem];
    throw new AppError(422, ErrorCode.vacancySalaryInvalid, message, { fields: [{ field: `body.${field}`, message, key: problem, params: {} }] });
  }
  return values;
}

async function present(ctx: VacanciesContext, row: VacancyRow, company: CompanyHead, language: Language): Promise<CompanyVacancy> {
  const [cards, counts] = await Promise.all([cardContext(ctx, null, 0, language), responseCounts(ctx.db, row.id)]);
  return presentCompanyVacancy(row, company, counts, cards);
}

export async function listCompanyVacancies(ctx: VacanciesContext, source: AccessSource, companyId: number, page: number, perPage: number, language: Language) {
  const { company } = await requireCompanyAdmin(ctx, source, companyId);
  const [{ rows, total }, cards] = await Promise.all([listRows(ctx.db, companyId, page, perPage), cardContext(ctx, null, 0, language)]);
  return { data: rows.map((row) => presentCompanyVacancy(row.vacancy, company, { total: row.total, fresh: row.fresh }, cards)), meta: pageMeta(page, perPage, total) };
}

export async function getCompanyVacancy(ctx: VacanciesContext, source: AccessSource, companyId: number, id: number, language: Language) {
  const { company } = await requireCompanyAdmin(ctx, source, companyId);
  const found = await findCompanyVacancy(ctx.db, companyId, id);
  if (!found) throw vacancyNotFound(id);
  return { data: await present(ctx, found.vacancy, company, language) };
}

export async function createVacancy(ctx: VacanciesContext, source: AccessSource, companyId: number, body: Body, language: Language) {
  const { company, userId } = await requireCompanyAdmin(ctx, source, companyId);
  const row = await insertVacancy(ctx.db, companyId, userId, await valuesOf(ctx, companyId, body, null));
  return { data: await present(ctx, row, company, language) };
}

export async function updateVacancy(ctx: VacanciesContext, source: AccessSource, companyId: number, id: number, body: Body, language: Language) {
  const { company } = await requireCompanyAdmin(ctx, source, companyId);
  const current = await findCompanyVacancy(ctx.db, companyId, id);
  if (!current) throw vacancyNotFound(id);
  const row = await updateVacancyRow(ctx.db, companyId, id, await valuesOf(ctx, companyId, body, current.vacancy));
  if (!row) throw vacancyNotFound(id);
  return { data: await present(ctx, row, company, language) };
}

export async function deleteVacancy(ctx: VacanciesContext, source: AccessSource, companyId: number, id: number): Promise<null> {
  await requireCompanyAdmin(ctx, source, companyId);
  const { deleted, cvKeys } = await deleteVacancyRow(ctx.db, companyId, id);
  if (!deleted) throw vacancyNotFound(id);
  // The rows are gone; a file that cannot be removed now is only storage, never readable again (its key is forgotten).
  await Promise.allSettled(cvKeys.map((key) => ctx.store.delete(key)));
  return null;
}

