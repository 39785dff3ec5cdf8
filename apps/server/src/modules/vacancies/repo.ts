// Vacancy queries (Drizzle only). A list is one page query and one count over the same filter.
import type { VacancySeniority, VacancySort } from '@lobby/contract';
import { and, arrayOverlaps, asc, count, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyUsers, eventCompanies, vacancies, vacancyResponses } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql.ts';

export type VacancyRow = typeof vacancies.$inferSelect;
export type VacancyValues = Omit<typeof vacancies.$inferInsert, 'id' | 'companyId' | 'createdBy' | 'createdAt' | 'updatedAt'>;
export interface CompanyHead {
  id: number;
  name: string;
  logoKey: string | null;
  logoThumbKey: string | null;
}
export interface VacancyWithCompany {
  vacancy: VacancyRow;
  company: CompanyHead;
}

const companyHead = { id: companies.id, name: companies.name, logoKey: companies.logoKey, logoThumbKey: companies.logoThumbKey };
const withCompany = { vacancy: vacancies, company: companyHead };

export interface EventVacancyFilter {
  eventId: number;
  now: Date;
  query?: string | undefined;
  seniority?: VacancySeniority[] | undefined;
  skills?: number[] | undefined;
  remote?: boolean | undefined;
  companyId?: number | undefined;
  /** Only vacancies asking for one of these skills (the reader's verified ones); empty matches nothing. */
  matching?: number[] | undefined;
  sort: VacancySort;
  page: number;
  perPage: number;
}

const some = <T>(values: T[] | undefined): values is T[] => values !== undefined && values.length > 0;
/** Open: published, and the closing moment (if any) still ahead. */
export const isOpen = (now: Date): SQL => and(eq(vacancies.published, true), or(isNull(vacancies.closesAt), gt(vacancies.closesAt, now))) as SQL;
const inEvent = (eventId: number) => sql`exists(select 1 from ${eventCompanies} where ${eventCompanies.eventId} = ${eventId} and ${eventCompanies.companyId} = ${vacancies.companyId})`;

const ORDER: Record<VacancySort, SQL[]> = {
  newest: [desc(vacancies.createdAt), desc(vacancies.id)],
  closing: [sql`${vacancies.closesAt} asc nulls last`, desc(vacancies.id)],
  title: [asc(sql`lower(${vacancies.title})`), asc(vacancies.id)],
};

export async function listEventVacancies(db: Db, f: EventVacancyFilter): Promise<{ rows: VacancyWithCompany[]; total: number }> {
  const pattern = f.query ? containsPattern(f.query) : undefined;
  const where = and(
    inEvent(f.eventId),
    isOpen(f.now),
    pattern ? or(ilike(vacancies.title, pattern), ilike(companies.name, pattern), ilike(vacancies.description, pattern)) : undefined,
    some(f.seniority) ? inArray(vacancies.seniority, f.seniority) : undefined,
    some(f.skills) ? arrayOverlaps(vacancies.skills, f.skills) : undefined,
    f.remote === undefined ? undefined : eq(vacancies.remote, f.remote),
    f.companyId === undefined ? undefined : eq(vacancies.companyId, f.companyId),
    f.matching === undefined ? undefined : f.matching.length > 0 ? arrayOverlaps(vacancies.skills, f.matching) : sql`false`,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select(withCompany)
      .from(vacancies)
      .innerJoin(companies, eq(companies.id, vacancies.companyId))
      .where(where)
      .orderBy(...ORDER[f.sort])
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage),
    db.select({ n: count() }).from(vacancies).innerJoin(companies, eq(companies.id, vacancies.companyId)).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** A vacancy of a company taking part in the event (whatever its state). */
export async function findEventVacancy(db: Db, eventId: number, id: number): Promise<VacancyWithCompany | undefined> {
  const [row] = await db
    .select(withCompany)
    .from(vacancies)
    .innerJoin(companies, eq(companies.id, vacancies.companyId))
    .where(and(eq(vacancies.id, id), inEvent(eventId)))
    .limit(1);
  return row;
}

export async function findCompanyVacancy(db: Db, companyId: number, id: number): Promise<VacancyWithCompany | undefined> {
  const [row] = await db
    .select(withCompany)
    .from(vacancies)
    .innerJoin(companies, eq(companies.id, vacancies.companyId))
    .where(and(eq(vacancies.id, id), eq(vacancies.companyId, companyId)))
    .limit(1);
  return row;
}

export async function findCompany(db: Db, id: number): Promise<CompanyHead | undefined> {
  const [row] = await db.select(companyHead).from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

/** Every vacancy of a company, newest first, with its responses' counts. */
export async function listCompanyVacancies(db: Db, companyId: number, page: number, perPage: number) {
  const where = eq(vacancies.companyId, companyId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        ...withCompany,
        total: sql<number>`(select count(*)::int from ${vacancyResponses} r where r.vacancy_id = ${vacancies.id})`,
        fresh: sql<number>`(select count(*)::int from ${vacancyResponses} r where r.vacancy_id = ${vacancies.id} and r.status = 'new')`,
      })
      .from(vacancies)
      .innerJoin(companies, eq(companies.id, vacancies.companyId))
      .where(where)
      .orderBy(desc(vacancies.createdAt), desc(vacancies.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(vacancies).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function responseCounts(db: Db, vacancyId: number): Promise<{ total: number; fresh: number }> {
  const [row] = await db
    .select({ total: count(), fresh: sql<number>`count(*) filter (where ${vacancyResponses.status} = 'new')::int` })
    .from(vacancyResponses)
    .where(eq(vacancyResponses.vacancyId, vacancyId));
  return { total: row?.total ?? 0, fresh: row?.fresh ?? 0 };
}

export async function insertVacancy(db: Db, companyId: number, createdBy: number, values: VacancyValues): Promise<VacancyRow> {
  const [row] = await db.insert(vacancies).values({ ...values, companyId, createdBy }).returning();
  if (!row) throw new Error('no vacancy row');
  return row;
}

export async function updateVacancyRow(db: Db, companyId: number, id: number, values: Partial<VacancyValues>): Promise<VacancyRow | undefined> {
  const [row] = await db
    .update(vacancies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(vacancies.id, id), eq(vacancies.companyId, companyId)))
    .returning();
  return row;
}

/** Deletes a vacancy (its responses go with it) and answers the CV files that are left to remove. */
export async function deleteVacancyRow(db: Db, companyId: number, id: number): Promise<{ deleted: boolean; cvKeys: string[] }> {
  return db.transaction(async (tx) => {
    const cvs = await tx.select({ key: vacancyResponses.cvKey }).from(vacancyResponses).where(eq(vacancyResponses.vacancyId, id));
    const gone = await tx.delete(vacancies).where(and(eq(vacancies.id, id), eq(vacancies.companyId, companyId))).returning({ id: vacancies.id });
    return { deleted: gone.length > 0, cvKeys: gone.length > 0 ? cvs.flatMap((row) => (row.key ? [row.key] : [])) : [] };
  });
}

/** The people of a company with their roles (is a reader one of them; who are its admins). */
export async function rolesInCompany(db: Db, companyId: number, userId: number): Promise<string[] | null> {
  if (userId <= 0) return null;
  const [row] = await db.select({ roles: companyUsers.roles }).from(companyUsers).where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId))).limit(1);
  return row?.roles ?? null;
}

/** The companies a person belongs to, with their roles there. */
export async function companyRolesOf(db: Db, userId: number, companyIds: readonly number[]): Promise<Map<number, string[]>> {
  if (userId <= 0 || companyIds.length === 0) return new Map();
  const rows = await db
    .select({ companyId: companyUsers.companyId, roles: companyUsers.roles })
    .from(companyUsers)
    .where(and(eq(companyUsers.userId, userId), inArray(companyUsers.companyId, [...new Set(companyIds)])));
  return new Map(rows.map((row) => [row.companyId, row.roles]));
}
