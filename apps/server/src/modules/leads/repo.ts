// Lead queries: one lead per company and visitor in an event (the unique index leads_once).
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { companies, companyUsers, eventCompanies, eventMembers, leads, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql.ts';

export async function companyInEvent(db: Db, eventId: number, companyId: number): Promise<boolean> {
  const [row] = await db.select({ id: eventCompanies.companyId }).from(eventCompanies).where(and(eq(eventCompanies.eventId, eventId), eq(eventCompanies.companyId, companyId))).limit(1);
  return row !== undefined;
}

/** The person's roles in the company, null when they are not one of its people. */
export async function rolesIn(db: Db, companyId: number, userId: number): Promise<string[] | null> {
  const [row] = await db.select({ roles: companyUsers.roles }).from(companyUsers).where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId))).limit(1);
  return row?.roles ?? null;
}

type LeadValues = { note?: string | undefined; rating?: number | null | undefined };

/** A new lead; null when the company has this visitor already. */
export async function insertLead(db: Db, eventId: number, companyId: number, userId: number, capturedBy: number, values: LeadValues): Promise<number | null> {
  const rows = await db
    .insert(leads)
    .values({ eventId, companyId, userId, capturedBy, note: values.note ?? '', rating: values.rating ?? null })
    .onConflictDoNothing({ target: [leads.eventId, leads.companyId, leads.userId] })
    .returning({ id: leads.id });
  return rows[0]?.id ?? null;
}

export async function leadOf(db: Db, eventId: number, companyId: number, where: SQL) {
  const [row] = await db
    .select({ id: leads.id, capturedBy: leads.capturedBy })
    .from(leads)
    .where(and(eq(leads.eventId, eventId), eq(leads.companyId, companyId), where))
    .limit(1);
  return row;
}

export const visitorLead = (db: Db, eventId: number, companyId: number, userId: number) => leadOf(db, eventId, companyId, eq(leads.userId, userId));

/** Changes what is given of the note and the rating. */
export async function updateLeadValues(db: Db, leadId: number, values: LeadValues): Promise<void> {
  await db
    .update(leads)
    .set({ ...(values.note === undefined ? {} : { note: values.note }), ...(values.rating === undefined ? {} : { rating: values.rating }), updatedAt: sql`now()` })
    .where(eq(leads.id, leadId));
}

const capturer = alias(users, 'capturer');
const visitorCompany = alias(companies, 'visitor_company');

const leadColumns = {
  id: leads.id,
  companyId: leads.companyId,
  note: leads.note,
  rating: leads.rating,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
  capturedBy: leads.capturedBy,
  capturerFirst: capturer.firstName,
  capturerLast: capturer.lastName,
  visitor: users,
  memberId: eventMembers.id,
  visitorCompany: visitorCompany.name,
};

function leadsQuery(db: Db, eventId: number, companyId: number, where: SQL | undefined) {
  return db
    .select(leadColumns)
    .from(leads)
    .innerJoin(users, eq(users.id, leads.userId))
    .leftJoin(capturer, eq(capturer.id, leads.capturedBy))
    .leftJoin(visitorCompany, eq(visitorCompany.id, users.companyId))
    .leftJoin(eventMembers, and(eq(eventMembers.eventId, leads.eventId), eq(eventMembers.userId, leads.userId)))
    .where(and(eq(leads.eventId, eventId), eq(leads.companyId, companyId), where));
}
export type LeadRow = Awaited<ReturnType<typeof leadsQuery>>[number];

export interface LeadFilter {
  /** Only the leads this person captured (a company's staff who are not admins). */
  capturedBy?: number | undefined;
  query?: string | undefined;
}

function filterOf(f: LeadFilter): SQL | undefined {
  const text = f.query ? containsPattern(f.query) : null;
  return and(
    f.capturedBy === undefined ? undefined : eq(leads.capturedBy, f.capturedBy),
    text ? or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, text), ilike(users.email, text), ilike(visitorCompany.name, text)) : undefined,
  );
}

export async function listLeads(db: Db, eventId: number, companyId: number, f: LeadFilter, limit: number, offset: number): Promise<{ rows: LeadRow[]; total: number }> {
  const where = filterOf(f);
  const [rows, [counted]] = await Promise.all([
    leadsQuery(db, eventId, companyId, where).orderBy(desc(leads.createdAt), desc(leads.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(leads)
      .innerJoin(users, eq(users.id, leads.userId))
      .leftJoin(visitorCompany, eq(visitorCompany.id, users.companyId))
      .where(and(eq(leads.eventId, eventId), eq(leads.companyId, companyId), where)),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function leadRow(db: Db, eventId: number, companyId: number, leadId: number): Promise<LeadRow | undefined> {
  const [row] = await leadsQuery(db, eventId, companyId, eq(leads.id, leadId)).limit(1);
  return row;
}

/** Companies that captured the visitor in the event, newest first. */
export const capturesOf = (db: Db, eventId: number, userId: number) =>
  db
    .select({ id: companies.id, name: companies.name, logoKey: companies.logoKey, logoThumbKey: companies.logoThumbKey, capturedAt: leads.createdAt })
    .from(leads)
    .innerJoin(companies, eq(companies.id, leads.companyId))
    .where(and(eq(leads.eventId, eventId), eq(leads.userId, userId)))
    .orderBy(desc(leads.createdAt), desc(leads.id));
