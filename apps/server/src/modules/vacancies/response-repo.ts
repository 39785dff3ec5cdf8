// Responses to vacancies (Drizzle only): one per person and vacancy, decided by the unique index.
import type { VacancyResponseDecision, VacancyResponseStatus } from '@lobby/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { companies, companyUsers, eventCompanies, eventMembers, users, vacancies, vacancyResponses, verifiedSkills } from '../../db/schema/index.ts';

export type ResponseRow = typeof vacancyResponses.$inferSelect;
export type ResponseInsert = Pick<typeof vacancyResponses.$inferInsert, 'vacancyId' | 'userId' | 'eventId' | 'message' | 'cvKey' | 'cvName' | 'cvType' | 'cvSize'>;

export async function findOwnResponse(db: Db, vacancyId: number, userId: number): Promise<ResponseRow | undefined> {
  if (userId <= 0) return undefined;
  const [row] = await db.select().from(vacancyResponses).where(and(eq(vacancyResponses.vacancyId, vacancyId), eq(vacancyResponses.userId, userId))).limit(1);
  return row;
}

/** The new response, or null when the person has one already (a parallel request won). */
export async function insertResponse(db: Db, values: ResponseInsert): Promise<ResponseRow | null> {
  const [row] = await db.insert(vacancyResponses).values(values).onConflictDoNothing({ target: [vacancyResponses.vacancyId, vacancyResponses.userId] }).returning();
  return row ?? null;
}

const ownCompany = alias(companies, 'vacancy_company');

/** A person's responses to vacancies of the event's companies, newest first. */
export async function listOwnResponses(db: Db, userId: number, eventId: number, page: number, perPage: number) {
  const where = and(
    eq(vacancyResponses.userId, userId),
    sql`exists(select 1 from ${eventCompanies} where ${eventCompanies.eventId} = ${eventId} and ${eventCompanies.companyId} = ${vacancies.companyId})`,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ response: vacancyResponses, vacancy: vacancies, company: { id: ownCompany.id, name: ownCompany.name, logoKey: ownCompany.logoKey, logoThumbKey: ownCompany.logoThumbKey } })
      .from(vacancyResponses)
      .innerJoin(vacancies, eq(vacancies.id, vacancyResponses.vacancyId))
      .innerJoin(ownCompany, eq(ownCompany.id, vacancies.companyId))
      .where(where)
      .orderBy(desc(vacancyResponses.createdAt), desc(vacancyResponses.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(vacancyResponses).innerJoin(vacancies, eq(vacancies.id, vacancyResponses.vacancyId)).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

const applicantCompany = alias(companies, 'applicant_company');
const responseColumns = {
  response: vacancyResponses,
  user: { id: users.id, firstName: users.firstName, lastName: users.lastName, job: users.job, email: users.email, avatarKey: users.avatarKey, avatarThumbKey: users.avatarThumbKey },
  company: applicantCompany.name,
  memberId: eventMembers.id,
};
export type ResponseView = { response: ResponseRow; user: { id: number; firstName: string; lastName: string; job: string | null; email: string; avatarKey: string | null; avatarThumbKey: string | null }; company: string | null; memberId: number | null };

const responseQuery = (db: Db) =>
  db
    .select(responseColumns)
    .from(vacancyResponses)
    .innerJoin(users, eq(users.id, vacancyResponses.userId))
    .leftJoin(applicantCompany, eq(applicantCompany.id, users.companyId))
    .leftJoin(eventMembers, and(eq(eventMembers.eventId, vacancyResponses.eventId), eq(eventMembers.userId, vacancyResponses.userId)));

export async function listResponses(db: Db, vacancyId: number, status: VacancyResponseStatus | undefined, page: number, perPage: number): Promise<{ rows: ResponseView[]; total: number }> {
  const where = and(eq(vacancyResponses.vacancyId, vacancyId), status ? eq(vacancyResponses.status, status) : undefined);
  const [rows, [counted]] = await Promise.all([
    responseQuery(db)
      .where(where)
      .orderBy(desc(vacancyResponses.createdAt), desc(vacancyResponses.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(vacancyResponses).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function findResponse(db: Db, vacancyId: number, responseId: number): Promise<ResponseView | undefined> {
  const [row] = await responseQuery(db)
    .where(and(eq(vacancyResponses.id, responseId), eq(vacancyResponses.vacancyId, vacancyId)))
    .limit(1);
  return row;
}

/** Opening the list: the page's new responses become seen (a decision already taken is left alone). */
export async function markSeen(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(vacancyResponses)
    .set({ status: 'seen', updatedAt: sql`now()` })
    .where(and(inArray(vacancyResponses.id, [...ids]), eq(vacancyResponses.status, 'new')));
}

/** Sets a status only if the row still has the one the rule was checked against (two admins at once: one wins). */
export async function setStatus(db: Db, id: number, from: VacancyResponseStatus, to: VacancyResponseDecision): Promise<boolean> {
  const rows = await db
    .update(vacancyResponses)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(vacancyResponses.id, id), eq(vacancyResponses.status, from)))
    .returning({ id: vacancyResponses.id });
  return rows.length > 0;
}

/** The verified skills of these people (for the matches of their responses). */
export async function verifiedOf(db: Db, userIds: readonly number[]): Promise<Map<number, Set<number>>> {
  const map = new Map<number, Set<number>>();
  if (userIds.length === 0) return map;
  const rows = await db.selectDistinct({ userId: verifiedSkills.userId, skill: verifiedSkills.skill }).from(verifiedSkills).where(inArray(verifiedSkills.userId, [...new Set(userIds)]));
  for (const row of rows) {
    const set = map.get(row.userId) ?? new Set<number>();
    set.add(row.skill);
    map.set(row.userId, set);
  }
  return map;
}

/** The company's admins to mail about a response, with what the mail needs. */
export async function companyAdmins(db: Db, companyId: number) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.language, disableEmailNotifications: users.disableEmailNotifications })
    .from(users)
    .where(sql`exists(select 1 from ${companyUsers} where ${companyUsers.companyId} = ${companyId} and ${companyUsers.userId} = ${users.id} and 'admin' = any(${companyUsers.roles}))`);
}
