// Vacancy rows as the contract's DTOs.
import { matchingSkills, vacancyState, type CompanyVacancy, type ExternalJob, type Language, type Ref, type VacancyCard, type VacancySeniority } from '@lobby/contract';
import type { externalJobs } from '../../db/schema/index.ts';
import type { FileUrls } from '../../files/urls.ts';
import { labelsOf, type DictionarySet } from '../dictionaries/service.ts';
import type { CompanyHead, VacancyRow } from './repo.ts';

export interface CardContext {
  files: FileUrls;
  /** The lists of the event the reader looks from (the platform's outside an event). */
  dictionaries: DictionarySet;
  language: Language;
  /** The reader's verified skills. */
  verified: ReadonlySet<number>;
  now: Date;
}

export const skillRefs = (ctx: Pick<CardContext, 'dictionaries' | 'language'>, skills: readonly number[]): Ref[] => labelsOf(ctx.dictionaries, 'vacancy.skills', ctx.language, skills);

export const presentCompany = (company: CompanyHead, files: FileUrls) => ({ id: company.id, name: company.name, logo_url: files.url(company.logoThumbKey ?? company.logoKey) });

export function presentCard(vacancy: VacancyRow, company: CompanyHead, ctx: CardContext): VacancyCard {
  const skills = skillRefs(ctx, vacancy.skills);
  return {
    id: vacancy.id,
    company: presentCompany(company, ctx.files),
    title: vacancy.title,
    location: vacancy.location,
    remote: vacancy.remote,
    seniority: vacancy.seniority as VacancySeniority,
    skills,
    matches: matchingSkills(
      skills.map((skill) => skill.id),
      ctx.verified,
    ),
    salary: vacancy.salaryCurrency && (vacancy.salaryMin !== null || vacancy.salaryMax !== null) ? { min: vacancy.salaryMin, max: vacancy.salaryMax, currency: vacancy.salaryCurrency } : null,
    closes_at: vacancy.closesAt?.toISOString() ?? null,
    state: vacancyState(vacancy, ctx.now),
    created_at: vacancy.createdAt.toISOString(),
  };
}

export function presentCompanyVacancy(vacancy: VacancyRow, company: CompanyHead, counts: { total: number; fresh: number }, ctx: CardContext): CompanyVacancy {
  return {
    ...presentCard(vacancy, company, ctx),
    description: vacancy.description,
    published: vacancy.published,
    responses: { total: counts.total, new: counts.fresh },
    updated_at: vacancy.updatedAt.toISOString(),
  };
}

export const presentExternalJob = (row: typeof externalJobs.$inferSelect): ExternalJob => ({
  id: row.id,
  title: row.title,
  company_name: row.companyName,
  location: row.location,
  summary: row.summary,
  url: row.url,
  published_at: row.publishedAt?.toISOString() ?? null,
});
