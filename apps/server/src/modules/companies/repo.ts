// Company queries. The list is one page query and one count over the same filter.
import { SPONSOR_RANK } from '@lobby/contract';
import { and, arrayOverlaps, asc, count, desc, eq, exists, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { companies, companyUsers, eventCompanies, eventMembers, events, favorites, media, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql.ts';

export type CompanyRow = typeof companies.$inferSelect;

export interface CompanyFilter {
  eventId: number;
  eventStart: Date;
  readerId: number;
  query?: string;
  business?: number[];
  tags?: number[];
  categories?: number[];
  ids?: number[];
  showPrevious: boolean;
  sort: 'sponsor' | 'name' | 'created_at';
  order: 'asc' | 'desc';
  page: number;
  perPage: number;
}

const some = (values: number[] | undefined): values is number[] => values !== undefined && values.length > 0;

// The current event's row is joined under an alias so the "previous events" subquery can use the table itself.
const ec = alias(eventCompanies, 'ec');
// The tier order of the contract (SPONSOR_RANK), as SQL (array_position counts from 1): companies without a tier come last.
const sponsorRank = sql`coalesce(array_position(${sql.raw(`ARRAY[${SPONSOR_RANK.join(',')}]::int[]`)}, ${ec.sponsorType}), ${SPONSOR_RANK.length + 1})`;

export async function listEventCompanies(db: Db, f: CompanyFilter) {
  const previous = f.showPrevious
    ? exists(
        db
          .select({ one: sql`1` })
          .from(eventCompanies)
          .innerJoin(events, eq(events.id, eventCompanies.eventId))
          .where(and(sql`${eventCompanies.companyId} = ${companies.id}`, eq(events.active, true), lt(events.dateTo, f.eventStart))),
      )
    : undefined;
  const where = and(
    previous ? or(isNotNull(ec.eventId), previous) : isNotNull(ec.eventId),
    f.query ? ilike(companies.name, containsPattern(f.query)) : undefined,
    some(f.business) ? arrayOverlaps(companies.business, f.business) : undefined,
    some(f.tags) ? arrayOverlaps(companies.tags, f.tags) : undefined,
    some(f.categories) ? inArray(ec.sponsorType, f.categories) : undefined,
    some(f.ids) ? inArray(companies.id, f.ids) : undefined,
  );
  const on = and(eq(ec.companyId, companies.id), eq(ec.eventId, f.eventId));
  const direction = f.order === 'desc' ? desc : asc;
  const orderBy: SQL[] =
    f.sort === 'name' ? [direction(companies.name)] : f.sort === 'created_at' ? [direction(companies.createdAt)] : [direction(sponsorRank), asc(companies.name)];
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    db
      .select({
        company: companies,
        sponsorType: ec.sponsorType,
        membersCount: sql<number>`(select count(*)::int from ${companyUsers} where ${companyUsers.companyId} = ${companies.id})`,
        isFavorite: sql<boolean>`exists(select 1 from ${favorites} where ${favorites.userId} = ${f.readerId} and ${favorites.eventId} = ${f.eventId} and ${favorites.entityType} = 'company' and ${favorites.entityId} = ${companies.id})`,
      })
      .from(companies)
      .leftJoin(ec, on)
      .where(where)
      .orderBy(...orderBy, asc(companies.id))
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage),
    db.select({ n: count() }).from(companies).leftJoin(ec, on).where(where),
  ]);
  return { rows, total: n };
}

export async function findCompany(db: Db, id: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

export async function findEventCompany(db: Db, eventId: number, companyId: number) {
  const [row] = await db
    .select({ sponsorType: eventCompanies.sponsorType })
    .from(eventCompanies)
    .where(and(eq(eventCompanies.eventId, eventId), eq(eventCompanies.companyId, companyId)))
    .limit(1);
  return row;
}

export async function companyExtras(db: Db, companyId: number, readerId: number, eventId: number | null) {
  const [[counted], [favorite]] = await Promise.all([
    db.select({ n: count() }).from(companyUsers).where(eq(companyUsers.companyId, companyId)),
    eventId === null
      ? Promise.resolve([])
      : db
          .select({ one: sql`1` })
          .from(favorites)
          .where(and(eq(favorites.userId, readerId), eq(favorites.eventId, eventId), eq(favorites.entityType, 'company'), eq(favorites.entityId, companyId)))
          .limit(1),
  ]);
  return { membersCount: counted?.n ?? 0, isFavorite: favorite !== undefined };
}

export const listCompanyMedia = (db: Db, companyId: number) =>
  db
    .select()
    .from(media)
    .where(and(eq(media.ownerType, 'company'), eq(media.ownerId, companyId)))
    .orderBy(asc(media.sort), asc(media.id));

/** The company's people with their roles and, for an event, their membership there. */
export async function listPeople(db: Db, companyId: number, eventId: number | null, page = 1, perPage = 100) {
  const memberId = eventId === null ? sql<number | null>`null::int` : sql<number | null>`(select ${eventMembers.id} from ${eventMembers} where ${eventMembers.eventId} = ${eventId} and ${eventMembers.userId} = ${users.id} limit 1)`;
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    db
      .select({ user: users, roles: companyUsers.roles, memberId })
      .from(companyUsers)
      .innerJoin(users, eq(users.id, companyUsers.userId))
      .where(eq(companyUsers.companyId, companyId))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(companyUsers).where(eq(companyUsers.companyId, companyId)),
  ]);
  return { rows, total: n };
}

export async function rolesIn(db: Db, companyId: number, userId: number): Promise<string[] | null> {
  const [row] = await db
    .select({ roles: companyUsers.roles })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)))
    .limit(1);
  return row?.roles ?? null;
}

export async function adminIds(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: companyUsers.userId })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), sql`'admin' = any(${companyUsers.roles})`));
  return rows.map((row) => row.userId);
}

export const autocomplete = (db: Db, query: string | undefined) =>
  db
    .select({ id: companies.id, name: companies.name, logoKey: companies.logoKey })
    .from(companies)
    .where(query ? ilike(companies.name, containsPattern(query)) : undefined)
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(20);
