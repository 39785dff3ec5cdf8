// Exhibitor queries: the event's companies (event_companies) with their tier, stand and the count
// of their people who are members of the event.
import { SPONSOR_RANK } from '@lobby/contract';
import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyUsers, eventCompanies, eventMembers } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql.ts';

export interface ExhibitorRow {
  id: number;
  name: string;
  logoKey: string | null;
  logoThumbKey: string | null;
  sponsorType: number | null;
  location: string | null;
  mediaPartner: boolean;
  membersCount: number;
}

export interface ExhibitorFilter {
  query?: string | undefined;
  tiers?: number[] | undefined;
  page: number;
  perPage: number;
}

/** The contract's tier order (SPONSOR_RANK) as SQL: companies without a tier come last. */
const sponsorRank = sql`coalesce(array_position(${sql.raw(`ARRAY[${SPONSOR_RANK.join(',')}]::int[]`)}, ${eventCompanies.sponsorType}), ${SPONSOR_RANK.length + 1})`;

/** The company's people who are members of the event. */
const membersCount = (eventId: number) =>
  sql<number>`(select count(*)::int from ${companyUsers} inner join ${eventMembers} on ${eventMembers.userId} = ${companyUsers.userId} and ${eventMembers.eventId} = ${eventId} where ${companyUsers.companyId} = ${companies.id})`;

const columns = (eventId: number) => ({
  id: companies.id,
  name: companies.name,
  logoKey: companies.logoKey,
  logoThumbKey: companies.logoThumbKey,
  sponsorType: eventCompanies.sponsorType,
  location: eventCompanies.location,
  mediaPartner: eventCompanies.mediaPartner,
  membersCount: membersCount(eventId),
});

export async function listExhibitors(db: Db, eventId: number, f: ExhibitorFilter): Promise<{ rows: ExhibitorRow[]; total: number }> {
  const where: SQL | undefined = and(
    eq(eventCompanies.eventId, eventId),
    f.tiers !== undefined && f.tiers.length > 0 ? inArray(eventCompanies.sponsorType, f.tiers) : undefined,
    f.query ? ilike(companies.name, containsPattern(f.query)) : undefined,
  );
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    db
      .select(columns(eventId))
      .from(eventCompanies)
      .innerJoin(companies, eq(companies.id, eventCompanies.companyId))
      .where(where)
      .orderBy(asc(sponsorRank), asc(companies.name), asc(companies.id))
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage),
    db.select({ n: count() }).from(eventCompanies).innerJoin(companies, eq(companies.id, eventCompanies.companyId)).where(where),
  ]);
  return { rows, total: n };
}

export async function findExhibitor(db: Db, eventId: number, companyId: number): Promise<ExhibitorRow | undefined> {
  const [row] = await db
    .select(columns(eventId))
    .from(eventCompanies)
    .innerJoin(companies, eq(companies.id, eventCompanies.companyId))
    .where(and(eq(eventCompanies.eventId, eventId), eq(eventCompanies.companyId, companyId)))
    .limit(1);
  return row;
}

export async function companyExists(db: Db, companyId: number): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row !== undefined;
}

/** Adds the company to the event; false when it already takes part (nothing changes then). */
export async function insertExhibitor(db: Db, eventId: number, companyId: number, values: { sponsorType: number | null; location: string | null }): Promise<boolean> {
  const rows = await db
    .insert(eventCompanies)
    .values({ eventId, companyId, ...values })
    .onConflictDoNothing()
    .returning({ id: eventCompanies.companyId });
  return rows.length > 0;
}

/** Sets the tier and the stand; false when the company does not take part in the event. */
export async function updateExhibitor(db: Db, eventId: number, companyId: number, values: { sponsorType: number | null; location: string | null }): Promise<boolean> {
  const rows = await db
    .update(eventCompanies)
    .set(values)
    .where(and(eq(eventCompanies.eventId, eventId), eq(eventCompanies.companyId, companyId)))
    .returning({ id: eventCompanies.companyId });
  return rows.length > 0;
}

/**
 * Takes the company out of the event unless `refuse` says no for the count of its people in the
 * event: the row is locked first, so two removals, or a removal and an edit, do not interleave.
 */
export async function deleteExhibitor<R>(db: Db, eventId: number, companyId: number, refuse: (membersInEvent: number) => R | null): Promise<'not_found' | 'deleted' | { refused: R; members: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: eventCompanies.companyId })
      .from(eventCompanies)
      .where(and(eq(eventCompanies.eventId, eventId), eq(eventCompanies.companyId, companyId)))
      .for('update');
    if (!row) return 'not_found' as const;
    const [counted] = await tx
      .select({ n: count() })
      .from(companyUsers)
      .innerJoin(eventMembers, and(eq(eventMembers.userId, companyUsers.userId), eq(eventMembers.eventId, eventId)))
      .where(eq(companyUsers.companyId, companyId));
    const members = counted?.n ?? 0;
    const refused = refuse(members);
    if (refused !== null) return { refused, members };
    await tx.delete(eventCompanies).where(and(eq(eventCompanies.eventId, eventId), eq(eventCompanies.companyId, companyId)));
    return 'deleted' as const;
  });
}
