// The directory's one query (issue 9, Performance). Every filter but features, ids and company
// reads columns that event_members carries beside the scope and the order (copied from users and
// companies by the triggers of migration 0005), so one GIN index (event_members_directory) ANDs
// the text, region, offer and looking filters; the matches are then counted and paged in the same
// round trip (docs/decisions.md, Members directory).
import type { MemberSort } from './types.ts';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, eventMembers, ticketTypes, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql.ts';

export interface DirectoryFilter {
  query?: string | undefined;
  offer?: number[] | undefined;
  looking?: number[] | undefined;
  features?: string[] | undefined;
  geo?: string[] | undefined;
  showPrevious?: boolean | undefined;
  empty?: boolean | undefined;
  ids?: number[] | undefined;
  companyId?: number | undefined;
}

const intArray = (values: readonly number[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::int[]`;
const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

/**
 * Memberships the directory may show: this event's, and with show_previous the latest membership
 * of each person from the platform's events that ended before this one started and who is not a
 * member here (their card id is that earlier membership id; docs/decisions.md).
 */
export function membershipScope(event: { id: number; dateFrom: Date }, showPrevious: boolean): SQL {
  if (!showPrevious) return eq(eventMembers.eventId, event.id);
  return sql`(${eventMembers.eventId} = ${event.id} or ${eventMembers.id} in (
    select distinct on (pm.user_id) pm.id from event_members pm join events pe on pe.id = pm.event_id
    where pe.active and pe.date_to < ${event.dateFrom}
      and not exists (select 1 from event_members here where here.event_id = ${event.id} and here.user_id = pm.user_id)
    order by pm.user_id, pe.date_to desc, pm.id desc))`;
}

/** A directory filter as SQL, and the tables it reads besides event_members. */
export interface DirectoryWhere {
  where: SQL | undefined;
  /** The company filter reads users.company_id. */
  users: boolean;
  /** The features filter reads the ticket type. */
  ticketTypes: boolean;
}

export function directoryWhere(event: { id: number; dateFrom: Date }, filter: DirectoryFilter): DirectoryWhere {
  const parts: (SQL | undefined)[] = [membershipScope(event, filter.showPrevious ?? false)];
  // search is stored lower-cased, so the pattern is lowered by the same lower() and matched with
  // LIKE: the trigram index answers it without ILIKE's case folding of every candidate.
  if (filter.query) parts.push(sql`${eventMembers.search} like lower(${containsPattern(filter.query)})`);
  if (filter.offer?.length) parts.push(sql`${eventMembers.offerIds} && ${intArray(filter.offer)}`);
  if (filter.looking?.length) parts.push(sql`${eventMembers.lookingIds} && ${intArray(filter.looking)}`);
  if (filter.features?.length) parts.push(sql`coalesce(${ticketTypes.features}, '{}') @> ${textArray(filter.features)}`);
  if (filter.geo?.length) parts.push(inArray(eventMembers.region, filter.geo));
  if (filter.ids) parts.push(filter.ids.length ? inArray(eventMembers.id, filter.ids) : sql`false`);
  if (filter.companyId !== undefined) parts.push(eq(users.companyId, filter.companyId));
  if (!filter.empty) parts.push(eq(eventMembers.hasProfile, true));
  return { where: and(...parts), users: filter.companyId !== undefined, ticketTypes: Boolean(filter.features?.length) };
}

/**
 * The sort keys, most significant first, always three (the membership id repeats where a sort has
 * fewer) so the matches CTE has one shape; the id last, so pages never overlap.
 */
function sortKeys(sort: MemberSort): [SQL, SQL, SQL] {
  if (sort === 'name') return [sql`${users.lastName}`, sql`${users.firstName}`, sql`${eventMembers.id}`];
  if (sort === 'created_at') return [sql`${eventMembers.createdAt}`, sql`${eventMembers.id}`, sql`${eventMembers.id}`];
  return [sql`${eventMembers.lastSeenAt}`, sql`${eventMembers.id}`, sql`${eventMembers.id}`];
}

export function directoryOrder(sort: MemberSort, order: 'asc' | 'desc'): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  return sortKeys(sort).map((key) => dir(key));
}

/** The columns a card needs; `reader` decides is_favorite. */
export const cardColumns = (eventId: number, reader: number) => ({
  id: eventMembers.id,
  eventId: eventMembers.eventId,
  roleIds: eventMembers.roleIds,
  isOrganizer: eventMembers.isOrganizer,
  lastSeenAt: eventMembers.lastSeenAt,
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  job: users.job,
  avatarKey: users.avatarKey,
  avatarThumbKey: users.avatarThumbKey,
  region: users.region,
  companyId: companies.id,
  companyName: companies.name,
  companyLogo: sql<string | null>`coalesce(${companies.logoThumbKey}, ${companies.logoKey})`,
  highlight: sql<boolean>`coalesce('highlight' = any(${ticketTypes.features}), false)`,
  isFavorite: sql<boolean>`exists(select 1 from favorites f where f.user_id = ${reader} and f.event_id = ${eventId} and f.entity_type = 'member' and f.entity_id = ${eventMembers.id})`,
});

/** The membership with its user, company and ticket type: the shape every directory read starts from. */
export const cardSource = <T extends Record<string, unknown>>(db: Db, columns: T) =>
  db
    .select(columns as never)
    .from(eventMembers)
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId));

export interface CardRow {
  id: number;
  eventId: number;
  roleIds: number[];
  isOrganizer: boolean;
  lastSeenAt: Date;
  userId: number;
  firstName: string;
  lastName: string;
  job: string | null;
  avatarKey: string | null;
  avatarThumbKey: string | null;
  region: string | null;
  companyId: number | null;
  companyName: string | null;
  companyLogo: string | null;
  highlight: boolean;
  isFavorite: boolean;
}

/**
 * One page in one round trip: the matches (membership id and sort keys, read from event_members
 * and only the tables the filter or the sort needs) are a CTE used twice, for the count and for the
 * page, so PostgreSQL materialises it once. Counting outside the LIMIT matters: with a window
 * count under the LIMIT the planner costs the query as if it stopped after 24 rows and walked the
 * (event_id, last_seen_at) index over every member instead of the GIN index. Only the page's rows
 * are then joined to users, companies, ticket types and favorites.
 */
export function cardsQuery(db: Db, filter: DirectoryWhere, sort: MemberSort, order: 'asc' | 'desc', eventId: number, reader: number, limit: number, offset: number) {
  const [k0, k1, k2] = sortKeys(sort);
  let scan = db
    .select({ id: sql<number>`${eventMembers.id}`.as('match_id'), k0: k0.as('k0'), k1: k1.as('k1'), k2: k2.as('k2') })
    .from(eventMembers)
    .$dynamic();
  if (filter.users || sort === 'name') scan = scan.innerJoin(users, eq(users.id, eventMembers.userId));
  if (filter.ticketTypes) scan = scan.leftJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId));
  const matches = db.$with('matches').as(scan.where(filter.where));
  const dir = order === 'asc' ? asc : desc;
  const page = db.$with('page').as(
    db
      .select({ id: sql<number>`${matches.id}`.as('page_id'), total: sql<number>`(select count(*) from ${matches})::int`.as('total') })
      .from(matches)
      .orderBy(dir(matches.k0), dir(matches.k1), dir(matches.k2))
      .limit(limit)
      .offset(offset),
  );
  return db
    .with(matches, page)
    .select({ ...cardColumns(eventId, reader), total: page.total })
    .from(page)
    .innerJoin(eventMembers, eq(eventMembers.id, page.id))
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId))
    .orderBy(...directoryOrder(sort, order));
}

export async function selectCards(db: Db, filter: DirectoryWhere, sort: MemberSort, order: 'asc' | 'desc', eventId: number, reader: number, limit: number, offset: number): Promise<{ rows: CardRow[]; total: number | null }> {
  const rows = (await cardsQuery(db, filter, sort, order, eventId, reader, limit, offset)) as unknown as (CardRow & { total: number })[];
  return { rows, total: rows[0]?.total ?? null };
}

/** The total when a page past the end leaves no row to carry the count. */
export async function countCards(db: Db, filter: DirectoryWhere): Promise<number> {
  let query = db.select({ n: sql<number>`count(*)::int` }).from(eventMembers).$dynamic();
  if (filter.users) query = query.innerJoin(users, eq(users.id, eventMembers.userId));
  if (filter.ticketTypes) query = query.leftJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId));
  const [row] = await query.where(filter.where);
  return row?.n ?? 0;
}
