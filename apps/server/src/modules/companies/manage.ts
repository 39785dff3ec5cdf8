// Creating and editing companies, and their people's roles (product.md section 6).
import { ErrorCode, type Company, type CompanyPerson, type CompanyRole, type Language } from '@lobby/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { companies, companyUsers, eventCompanies, users } from '../../db/schema/index.ts';
import { fileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import { pageMeta } from '../../db/sql.ts';
import { dropsLastAdmin, isCompanyAdmin, mayRemove, normaliseRoles } from './policy.ts';
import { presentPerson } from './present.ts';
import { adminIds, findCompany, listPeople, rolesIn } from './repo.ts';
import { companyNotFound, describe } from './service.ts';
import { loadDictionaries } from '../dictionaries/service.ts';
import { companyValues, unknownValues, type CompanyBody } from './values.ts';

const editForbidden = () => new AppError(403, ErrorCode.companyEditForbidden, 'company edit forbidden');
const lastAdmin = () => new AppError(409, ErrorCode.companyLastAdmin, 'A company needs at least one admin: give the admin role to someone else first.');
const notInCompany = (userId: number) => new AppError(404, ErrorCode.companyUserNotFound, `User ${userId} is not in this company.`);

/** What a publisher looks for must be values of the publisher.looking_for list (422 otherwise). */
async function checkDictionaries(db: Db, body: CompanyBody): Promise<void> {
  if (!body.publisher_looking_for || body.publisher_looking_for.length === 0) return;
  const known = (await loadDictionaries(db, null)).entries('publisher.looking_for').map((entry) => entry.value);
  const unknown = unknownValues(body.publisher_looking_for, known);
  if (unknown.length === 0) return;
  const message = `Not values of the publisher.looking_for list: ${unknown.join(', ')}.`;
  throw new AppError(422, ErrorCode.validation, message, { fields: [{ field: 'body.publisher_looking_for', message, key: 'invalid', params: {} }] });
}

/** The company and whether the actor administers it; 404 when there is no such company. */
async function actingOn(db: Db, source: AccessSource, id: number) {
  const access = await source.get(null);
  const company = await findCompany(db, id);
  if (!company) throw companyNotFound(id);
  const userId = access.userId ?? 0;
  return { company, userId, isStaff: access.isStaff, admin: isCompanyAdmin(await rolesIn(db, id, userId), access.isStaff) };
}

export async function createCompany(db: Db, secret: string, source: AccessSource, body: CompanyBody & { event_id?: number | undefined }, language: Language): Promise<Company> {
  const access = await source.get(body.event_id ?? null);
  const userId = access.userId ?? 0;
  // Only a member adds their company to an event; organisers place companies from the back office.
  if (body.event_id !== undefined && !access.member) throw new AppError(404, ErrorCode.eventNotFound, `You are not a member of event ${body.event_id}.`);
  await checkDictionaries(db, body);
  const company = await db.transaction(async (tx) => {
    const [row] = await tx.insert(companies).values({ ...companyValues(body), createdBy: userId }).returning();
    if (!row) throw new Error('company insert returned nothing');
    await tx.insert(companyUsers).values({ companyId: row.id, userId, roles: ['chat', 'admin'] });
    await tx.update(users).set({ companyId: row.id }).where(and(eq(users.id, userId), isNull(users.companyId)));
    if (body.event_id !== undefined) await tx.insert(eventCompanies).values({ eventId: body.event_id, companyId: row.id }).onConflictDoNothing();
    return row;
  });
  return describe(db, secret, company, { userId, isStaff: access.isStaff, mayChat: false }, body.event_id ?? null, null, language);
}

export async function updateCompany(db: Db, secret: string, source: AccessSource, id: number, body: CompanyBody, language: Language): Promise<Company> {
  const { userId, isStaff, admin } = await actingOn(db, source, id);
  if (!admin) throw editForbidden();
  await checkDictionaries(db, body);
  const [row] = await db
    .update(companies)
    .set({ ...companyValues(body), updatedAt: new Date() })
    .where(eq(companies.id, id))
    .returning();
  if (!row) throw companyNotFound(id);
  return describe(db, secret, row, { userId, isStaff, mayChat: false }, null, null, language);
}

export async function setCompanyRole(db: Db, secret: string, source: AccessSource, id: number, targetId: number, roles: CompanyRole[]): Promise<CompanyPerson> {
  const { admin } = await actingOn(db, source, id);
  if (!admin) throw editForbidden();
  if ((await rolesIn(db, id, targetId)) === null) throw notInCompany(targetId);
  const next = normaliseRoles(roles);
  if (dropsLastAdmin(await adminIds(db, id), targetId, next)) throw lastAdmin();
  await db
    .update(companyUsers)
    .set({ roles: next })
    .where(and(eq(companyUsers.companyId, id), eq(companyUsers.userId, targetId)));
  const [target] = await db.select().from(users).where(eq(users.id, targetId)).limit(1);
  if (!target) throw notInCompany(targetId);
  return presentPerson(target, next, null, fileUrls(secret));
}

export async function removeCompanyUser(db: Db, source: AccessSource, id: number, targetId: number): Promise<void> {
  const { userId, admin } = await actingOn(db, source, id);
  if ((await rolesIn(db, id, targetId)) === null) throw notInCompany(targetId);
  if (!mayRemove(userId, targetId, admin)) throw editForbidden();
  if (dropsLastAdmin(await adminIds(db, id), targetId, null)) throw lastAdmin();
  await db.transaction(async (tx) => {
    await tx.delete(companyUsers).where(and(eq(companyUsers.companyId, id), eq(companyUsers.userId, targetId)));
    await tx.update(users).set({ companyId: null }).where(and(eq(users.id, targetId), eq(users.companyId, id)));
  });
}

/** The company's people, for its own people and staff; everyone else is told it does not exist. */
export async function listCompanyUsers(db: Db, secret: string, source: AccessSource, id: number, page: number, perPage: number) {
  const { company, userId, isStaff } = await actingOn(db, source, id);
  if (!isStaff && (await rolesIn(db, company.id, userId)) === null) throw companyNotFound(id);
  const { rows, total } = await listPeople(db, id, null, page, perPage);
  const files = fileUrls(secret);
  return { data: rows.map((row) => presentPerson(row.user, row.roles, null, files)), meta: pageMeta(page, perPage, total) };
}
