// Expo queries: the event's companies as publishers and booths, their people and games, starred
// games, media partners and deal suggestions. The press kit's queries are in press-kit.ts.
import { PUBLISHER_BUSINESS, SPONSOR_RANK } from '@lobby/contract';
import { and, arrayOverlaps, asc, count, desc, eq, exists, ilike, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyUsers, dealSuggestions, eventCompanies, eventMembers, gameFavorites, games, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql.ts';
import type { GameWithCompany } from '../games/repo.ts';

export type CompanyRow = typeof companies.$inferSelect;
export interface HeadRow {
  company: CompanyRow;
  sponsorType: number | null;
  location: string | null;
}

export interface HeadFilter {
  /** Publishers (business 2) only, and what they look for / the genres they take. */
  publishers?: boolean;
  lookingFor?: number[] | undefined;
  genres?: string[] | undefined;
  /** Booths: companies with a tier or at least one game. */
  booths?: boolean;
  tiers?: number[] | undefined;
  query?: string | undefined;
  page: number;
  perPage: number;
}

const some = <T>(values: T[] | undefined): values is T[] => values !== undefined && values.length > 0;
/** The contract's tier order (SPONSOR_RANK) as SQL: companies without a tier come last. */
const sponsorRank = sql`coalesce(array_position(${sql.raw(`ARRAY[${SPONSOR_RANK.join(',')}]::int[]`)}, ${eventCompanies.sponsorType}), ${SPONSOR_RANK.length + 1})`;

/** The event's companies as the pavilion and the hall list them: by tier, then by name. */
export async function eventCompanyHeads(db: Db, eventId: number, f: HeadFilter): Promise<{ rows: HeadRow[]; total: number }> {
  const hasGame = exists(db.select({ one: sql`1` }).from(games).where(eq(games.companyId, companies.id)));
  const where: SQL | undefined = and(
    eq(eventCompanies.eventId, eventId),
    f.publishers ? sql`${PUBLISHER_BUSINESS} = any(${companies.business})` : undefined,
    f.publishers && some(f.lookingFor) ? arrayOverlaps(companies.publisherLookingFor, f.lookingFor) : undefined,
    f.publishers && some(f.genres) ? arrayOverlaps(companies.publisherGenres, f.genres) : undefined,
    f.booths ? or(isNotNull(eventCompanies.sponsorType), hasGame) : undefined,
    some(f.tiers) ? inArray(eventCompanies.sponsorType, f.tiers) : undefined,
    f.query ? ilike(companies.name, containsPattern(f.query)) : undefined,
  );
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    db
      .select({ company: companies, sponsorType: eventCompanies.sponsorType, location: eventCompanies.location })
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

export interface PersonRow {
  companyId: number;
  userId: number;
  memberId: number;
  isAdmin: boolean;
  firstName: string;
  lastName: string;
  job: string | null;
  avatarKey: string | null;
  avatarThumbKey: string | null;
}

/** The people of these companies who are members of the event (the booth's contacts are picked from them). */
export async function eventPeopleOf(db: Db, eventId: number, companyIds: readonly number[]): Promise<PersonRow[]> {
  if (companyIds.length === 0) return [];
  return db
    .select({
      companyId: companyUsers.companyId,
      userId: users.id,
      memberId: eventMembers.id,
      isAdmin: sql<boolean>`'admin' = any(${companyUsers.roles})`,
      firstName: users.firstName,
      lastName: users.lastName,
      job: users.job,
      avatarKey: users.avatarKey,
      avatarThumbKey: users.avatarThumbKey,
    })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .innerJoin(eventMembers, and(eq(eventMembers.userId, companyUsers.userId), eq(eventMembers.eventId, eventId)))
    .where(inArray(companyUsers.companyId, [...companyIds]));
}

const companyBrief = { id: companies.id, name: companies.name, logoKey: companies.logoKey };

/** The newest `perCompany` games of each of these companies. */
export async function gamesOfCompanies(db: Db, companyIds: readonly number[], perCompany: number): Promise<GameWithCompany[]> {
  if (companyIds.length === 0) return [];
  const ranked = db
    .select({ id: games.id, rn: sql<number>`row_number() over (partition by ${games.companyId} order by ${games.createdAt} desc, ${games.id} desc)`.as('rn') })
    .from(games)
    .where(inArray(games.companyId, [...companyIds]))
    .as('ranked');
  return db
    .select({ game: games, company: companyBrief })
    .from(ranked)
    .innerJoin(games, eq(games.id, ranked.id))
    .innerJoin(companies, eq(companies.id, games.companyId))
    .where(lte(ranked.rn, perCompany))
    .orderBy(desc(games.createdAt), desc(games.id));
}

export async function mediaPartnersOf(db: Db, eventId: number): Promise<HeadRow[]> {
  return db
    .select({ company: companies, sponsorType: eventCompanies.sponsorType, location: eventCompanies.location })
    .from(eventCompanies)
    .innerJoin(companies, eq(companies.id, eventCompanies.companyId))
    .where(and(eq(eventCompanies.eventId, eventId), eq(eventCompanies.mediaPartner, true)))
    .orderBy(asc(sponsorRank), asc(companies.name), asc(companies.id));
}

export async function partnerIds(db: Db, eventId: number): Promise<number[]> {
  const rows = await db
    .select({ id: eventCompanies.companyId })
    .from(eventCompanies)
    .where(and(eq(eventCompanies.eventId, eventId), eq(eventCompanies.mediaPartner, true)))
    .orderBy(asc(eventCompanies.companyId));
  return rows.map((row) => row.id);
}

/** Marks exactly these companies of the event as its media partners; the ids that are not the event's, when any (nothing changes then). */
export async function setPartners(db: Db, eventId: number, ids: readonly number[], strangersOf: (known: number[]) => number[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: eventCompanies.companyId }).from(eventCompanies).where(eq(eventCompanies.eventId, eventId)).for('update');
    const unknown = strangersOf(rows.map((row) => row.id));
    if (unknown.length > 0) return unknown;
    const chosen = [...new Set(ids)];
    await tx
      .update(eventCompanies)
      .set({ mediaPartner: chosen.length === 0 ? sql`false` : sql`${eventCompanies.companyId} in (${sql.join(chosen.map((id) => sql`${id}`), sql`, `)})` })
      .where(eq(eventCompanies.eventId, eventId));
    return [];
  });
}

// Starred games ------------------------------------------------------------------------------

export async function star(db: Db, userId: number, gameId: number): Promise<void> {
  await db.insert(gameFavorites).values({ userId, gameId }).onConflictDoNothing();
}

export async function unstar(db: Db, userId: number, gameId: number): Promise<void> {
  await db.delete(gameFavorites).where(and(eq(gameFavorites.userId, userId), eq(gameFavorites.gameId, gameId)));
}

export async function starredGames(db: Db, userId: number, limit = 200): Promise<GameWithCompany[]> {
  return db
    .select({ game: games, company: companyBrief })
    .from(gameFavorites)
    .innerJoin(games, eq(games.id, gameFavorites.gameId))
    .innerJoin(companies, eq(companies.id, games.companyId))
    .where(eq(gameFavorites.userId, userId))
    .orderBy(desc(gameFavorites.createdAt), desc(games.id))
    .limit(limit);
}

// Showcase-to-deal ---------------------------------------------------------------------------

/** The person's publisher company (business 2), their own company first; undefined when they belong to none. */
export async function publisherCompanyOf(db: Db, userId: number): Promise<{ id: number; name: string; logoKey: string | null } | undefined> {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, logoKey: companies.logoKey })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(and(eq(companyUsers.userId, userId), sql`${PUBLISHER_BUSINESS} = any(${companies.business})`))
    .orderBy(sql`${companies.id} = ${users.companyId} desc`, asc(companies.id))
    .limit(1);
  return row;
}

/** The person's member id in the event, with the columns a notification's sender needs. */
export async function memberOf(db: Db, eventId: number, userId: number) {
  const [row] = await db
    .select({ memberId: eventMembers.id, id: users.id, firstName: users.firstName, lastName: users.lastName, job: users.job, avatarKey: users.avatarKey, avatarThumbKey: users.avatarThumbKey })
    .from(eventMembers)
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .where(and(eq(eventMembers.eventId, eventId), eq(eventMembers.userId, userId)))
    .limit(1);
  return row;
}

/** The admins of a company who are members of the event. */
export async function adminsInEvent(db: Db, eventId: number, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: companyUsers.userId })
    .from(companyUsers)
    .innerJoin(eventMembers, and(eq(eventMembers.userId, companyUsers.userId), eq(eventMembers.eventId, eventId)))
    .where(and(eq(companyUsers.companyId, companyId), sql`'admin' = any(${companyUsers.roles})`))
    .orderBy(asc(companyUsers.userId));
  return rows.map((row) => row.userId);
}

/** The suggestion, once per event, publisher and game (the primary key): true only for the call that stored it. */
export async function recordSuggestion(db: Db, values: { eventId: number; publisherId: number; gameId: number; cause: 'vote' | 'favorite' | 'poll' }): Promise<boolean> {
  const rows = await db.insert(dealSuggestions).values(values).onConflictDoNothing().returning({ gameId: dealSuggestions.gameId });
  return rows.length > 0;
}

export async function suggestionExists(db: Db, eventId: number, publisherId: number, gameId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(dealSuggestions)
    .where(and(eq(dealSuggestions.eventId, eventId), eq(dealSuggestions.publisherId, publisherId), eq(dealSuggestions.gameId, gameId)))
    .limit(1);
  return row !== undefined;
}

/** Suggestions of the event about games of the reader's companies, newest first. */
export async function suggestionsFor(db: Db, eventId: number, readerId: number, limit: number) {
  const mine = exists(db.select({ one: sql`1` }).from(companyUsers).where(and(eq(companyUsers.companyId, games.companyId), eq(companyUsers.userId, readerId))));
  return db
    .select({ suggestion: dealSuggestions, game: { id: games.id, name: games.name, companyId: games.companyId } })
    .from(dealSuggestions)
    .innerJoin(games, eq(games.id, dealSuggestions.gameId))
    .where(and(eq(dealSuggestions.eventId, eventId), mine))
    .orderBy(desc(dealSuggestions.createdAt), desc(dealSuggestions.gameId), desc(dealSuggestions.publisherId))
    .limit(limit);
}
