// The directory's one query (issue 9, Performance). Every filter but features, ids and company
// reads columns that event_members carries beside the scope and the order (copied from users and
// companies by the triggers of migration 0005), so one GIN index (event_members_directory) ANDs
// the text, region, offer and looking filters; the matches are then counted and paged in the same
// round trip (docs/decisions.md, Members directory).
import type { MemberSort } from './types.ts';
import { and, asc, desc, eq, Placeholder, sql, type SQL } from 'drizzle-orm';
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

/**
 * Memberships the directory may show: this event's, and with show_previous the latest membership
 * of each person from the platform's events that ended before this one started and who is not a
 * member here (their card id is that earlier membership id; docs/decisions.md).
 */
export function membershipScope(event: { id: number | Placeholder; dateFrom: Date | Placeholder }, showPrevious: boolean): SQL {
  if (!showPrevious) return sql`${eventMembers.eventId} = ${event.id}`;
  return sql`(${eventMembers.eventId} = ${event.id} or ${eventMembers.id} in (
    select distinct on (pm.user_id) pm.id from event_members pm join events pe on pe.id = pm.event_id
    where pe.active and pe.date_to < ${event.dateFrom}::timestamptz
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

/**
 * The filter as SQL with placeholders instead of values: the same text for every filter of one
 * shape (which filters are given, not their values), so the page query is built and prepared once
 * per shape (directoryStatement) and only the values travel per request (directoryValues).
 */
function directoryWhereShape(filter: DirectoryFilter): DirectoryWhere {
  const p = (name: string): Placeholder => sql.placeholder(name);
  const parts: (SQL | undefined)[] = [membershipScope({ id: p('eventId'), dateFrom: p('dateFrom') }, filter.showPrevious ?? false)];
  // search is stored lower-cased, so the pattern is lowered by the same lower() and matched with
  // LIKE: the trigram index answers it without ILIKE's case folding of every candidate.
  if (filter.query) parts.push(sql`${eventMembers.search} like lower(${p('pattern')}::text)`);
  if (filter.offer?.length) parts.push(sql`${eventMembers.offerIds} && ${p('offer')}::int[]`);
  if (filter.looking?.length) parts.push(sql`${eventMembers.lookingIds} && ${p('looking')}::int[]`);
  if (filter.features?.length) parts.push(sql`coalesce(${ticketTypes.features}, '{}') @> ${p('features')}::text[]`);
  if (filter.geo?.length) parts.push(sql`${eventMembers.region} = any(${p('geo')}::text[])`);
  if (filter.ids) parts.push(filter.ids.length ? sql`${eventMembers.id} = any(${p('ids')}::int[])` : sql`false`);
  if (filter.companyId !== undefined) parts.push(sql`${users.companyId} = ${p('companyId')}::int`);
  if (!filter.empty) parts.push(eq(eventMembers.hasProfile, true));
  return { where: and(...parts), users: filter.companyId !== undefined, ticketTypes: Boolean(filter.features?.length) };
}

/** What makes two filters share one statement: which filters are given, the sort and the order. */
const shapeKey = (filter: DirectoryFilter, sort: MemberSort, order: 'asc' | 'desc'): string =>
  [
    filter.showPrevious ? 'p' : '',
    filter.query ? 'q' : '',
    filter.offer?.length ? 'o' : '',
    filter.looking?.length ? 'l' : '',
    filter.features?.length ? 'f' : '',
    filter.geo?.length ? 'g' : '',
    filter.ids ? (filter.ids.length ? 'i' : 'I') : '',
    filter.companyId !== undefined ? 'c' : '',
    filter.empty ? 'e' : '',
    sort,
    order,
  ].join('');

/** The values of a filter for its shape's placeholders (directoryWhereShape). */
function directoryValues(event: { id: number; dateFrom: Date }, filter: DirectoryFilter): Record<string, unknown> {
  return {
    eventId: event.id,
    dateFrom: filter.showPrevious ? event.dateFrom.toISOString() : undefined,
    pattern: filter.query ? containsPattern(filter.query) : undefined,
    offer: filter.offer?.length ? filter.offer : undefined,
    looking: filter.looking?.length ? filter.looking : undefined,
    features: filter.features?.length ? filter.features : undefined,
    geo: filter.geo?.length ? filter.geo : undefined,
    ids: filter.ids?.length ? filter.ids : undefined,
    companyId: filter.companyId,
  };
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
 * are then joined to users, companies, ticket types and favorites. Values are placeholders
 * (directoryValues, plus reader, limit and offset).
 */
export function cardsQuery(db: Db, filter: DirectoryWhere, sort: MemberSort, order: 'asc' | 'desc') {
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
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  const reader = sql.placeholder('reader');
  return db
    .with(matches, page)
    .select({
      ...cardColumns(0, 0),
      isFavorite: sql<boolean>`exists(select 1 from favorites f where f.user_id = ${reader}::int and f.event_id = ${sql.placeholder('eventId')}::int and f.entity_type = 'member' and f.entity_id = ${eventMembers.id})`,
      total: page.total,
    })
    .from(page)
    .innerJoin(eventMembers, eq(eventMembers.id, page.id))
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId))
    .orderBy(...directoryOrder(sort, order));
}

const countQuery = (db: Db, filter: DirectoryWhere) => {
  let query = db.select({ n: sql<number>`count(*)::int` }).from(eventMembers).$dynamic();
  if (filter.users) query = query.innerJoin(users, eq(users.id, eventMembers.userId));
  if (filter.ticketTypes) query = query.leftJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId));
  return query.where(filter.where);
};

/**
 * The page and count statements of one filter shape, built once per database and shape (a few
 * thousand shapes at most), so the SQL text is not rebuilt per request. They are deliberately
 * unnamed (the empty name: node-postgres then parses and PostgreSQL plans them for their values on
 * every run; PGlite ignores names): a named statement switches to a generic plan after five runs,
 * and for the directory that plan guessed one row per filter and left the region out of the GIN
 * scan (twice the heap reads; docs/decisions.md, Members directory).
 */
interface DirectoryStatement {
  page: { execute(values: Record<string, unknown>): Promise<unknown> };
  count: { execute(values: Record<string, unknown>): Promise<unknown> };
  /** The page query, for EXPLAIN in the bench. */
  builder: ReturnType<typeof cardsQuery>;
}

const statements = new WeakMap<Db, Map<string, DirectoryStatement>>();
/** No statement name: planned for its values each time (see above). */
const UNNAMED = '';

function directoryStatement(db: Db, filter: DirectoryFilter, sort: MemberSort, order: 'asc' | 'desc'): DirectoryStatement {
  let byShape = statements.get(db);
  if (!byShape) {
    byShape = new Map();
    statements.set(db, byShape);
  }
  const key = shapeKey(filter, sort, order);
  let statement = byShape.get(key);
  if (!statement) {
    const where = directoryWhereShape(filter);
    const builder = cardsQuery(db, where, sort, order);
    statement = { page: builder.prepare(UNNAMED), count: countQuery(db, where).prepare(UNNAMED), builder };
    byShape.set(key, statement);
  }
  return statement;
}

export interface DirectoryPage {
  event: { id: number; dateFrom: Date };
  filter: DirectoryFilter;
  sort: MemberSort;
  order: 'asc' | 'desc';
  reader: number;
  limit: number;
  offset: number;
}

const pageValues = (page: DirectoryPage) => ({ ...directoryValues(page.event, page.filter), reader: page.reader, limit: page.limit, offset: page.offset });

export async function selectCards(db: Db, page: DirectoryPage): Promise<{ rows: CardRow[]; total: number | null }> {
  const rows = (await directoryStatement(db, page.filter, page.sort, page.order).page.execute(pageValues(page))) as (CardRow & { total: number })[];
  return { rows, total: rows[0]?.total ?? null };
}

/** The total when a page past the end leaves no row to carry the count. */
export async function countCards(db: Db, page: DirectoryPage): Promise<number> {
  const [row] = (await directoryStatement(db, page.filter, page.sort, page.order).count.execute(directoryValues(page.event, page.filter))) as { n: number }[];
  return row?.n ?? 0;
}

/** The page query's SQL and its values, for EXPLAIN (bench/members.bench.ts). */
export function explainableCards(db: Db, page: DirectoryPage): { sql: string; params: unknown[] } {
  const { sql: text, params } = directoryStatement(db, page.filter, page.sort, page.order).builder.toSQL();
  const values: Record<string, unknown> = pageValues(page);
  return { sql: text, params: params.map((param) => (param instanceof Placeholder ? values[param.name] : param)) };
}
