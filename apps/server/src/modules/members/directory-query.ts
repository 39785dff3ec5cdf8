// The directory's one query (issue 9, Performance): filters that land on users' indexes (trigram
// over name+job, GIN over offer/looking ids, btree on region and company), the membership joined by
// its (event_id, user_id) key, and the total as a window count over the same filtered rows, so a page
// and its total cost one round trip and one pass over the matches instead of a second count(*).
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

export function directoryWhere(event: { id: number; dateFrom: Date }, filter: DirectoryFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [membershipScope(event, filter.showPrevious ?? false)];
  if (filter.query) {
    const pattern = containsPattern(filter.query);
    // The same expression as users_search_trgm, so the planner can use it; the company's name goes
    // through companies_name_trgm into an id array that users_company answers (a BitmapOr).
    parts.push(sql`((${users.firstName} || ' ' || ${users.lastName} || ' ' || coalesce(${users.job}, '')) ilike ${pattern}
      or ${users.companyId} = any(array(select c.id from companies c where c.name ilike ${pattern})))`);
  }
  if (filter.offer?.length) parts.push(sql`${users.offerIds} && ${intArray(filter.offer)}`);
  if (filter.looking?.length) parts.push(sql`${users.lookingIds} && ${intArray(filter.looking)}`);
  if (filter.features?.length) parts.push(sql`coalesce(${ticketTypes.features}, '{}') @> ${textArray(filter.features)}`);
  if (filter.geo?.length) parts.push(inArray(users.region, filter.geo));
  if (filter.ids) parts.push(filter.ids.length ? inArray(eventMembers.id, filter.ids) : sql`false`);
  if (filter.companyId !== undefined) parts.push(eq(users.companyId, filter.companyId));
  if (!filter.empty) {
    parts.push(sql`(coalesce(btrim(${users.job}), '') <> '' or ${users.avatarKey} is not null or cardinality(${users.offerIds}) > 0 or cardinality(${users.lookingIds}) > 0)`);
  }
  return and(...parts);
}

export function directoryOrder(sort: MemberSort, order: 'asc' | 'desc'): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  if (sort === 'name') return [dir(users.lastName), dir(users.firstName), dir(eventMembers.id)];
  if (sort === 'created_at') return [dir(eventMembers.createdAt), dir(eventMembers.id)];
  return [dir(eventMembers.lastSeenAt), dir(eventMembers.id)];
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
 * One page in two steps: the filtered set is read narrow (membership id, sort keys and the window
 * total: users, memberships and, for the features filter, ticket types), and only the page's rows
 * are then joined to companies, ticket types and favorites. Joining those for every match cost
 * most of the time at 50,000 members.
 */
export function cardsQuery(db: Db, where: SQL | undefined, order: SQL[], eventId: number, reader: number, limit: number, offset: number) {
  const page = db
    .select({ id: sql<number>`${eventMembers.id}`.as('page_id'), total: sql<number>`(count(*) over ())::int`.as('total') })
    .from(eventMembers)
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select({ ...cardColumns(eventId, reader), total: page.total })
    .from(page)
    .innerJoin(eventMembers, eq(eventMembers.id, page.id))
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId))
    .orderBy(...order);
}

export async function selectCards(db: Db, where: SQL | undefined, order: SQL[], eventId: number, reader: number, limit: number, offset: number): Promise<{ rows: CardRow[]; total: number | null }> {
  const rows = (await cardsQuery(db, where, order, eventId, reader, limit, offset)) as unknown as (CardRow & { total: number })[];
  return { rows, total: rows[0]?.total ?? null };
}

/** The total when a page past the end leaves no row to carry the window count. */
export async function countCards(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = (await cardSource(db, { n: sql<number>`count(*)::int` }).where(where)) as unknown as { n: number }[];
  return row?.n ?? 0;
}
