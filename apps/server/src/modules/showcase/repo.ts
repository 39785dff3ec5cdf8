// Showcase queries: showcases with their categories, entries (requests), votes and tallies.
import { rankTop } from '@lobby/contract';
import { and, arrayOverlaps, asc, count, desc, eq, exists, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyUsers, games, showcaseCategories, showcaseRequests, showcases, showcaseVotes } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql.ts';
import type { GameWithCompany } from '../games/repo.ts';

export type ShowcaseRow = typeof showcases.$inferSelect;
export type CategoryRow = typeof showcaseCategories.$inferSelect;
export type RequestRow = typeof showcaseRequests.$inferSelect;
export interface EntryRow extends GameWithCompany {
  request: RequestRow;
}

export async function showcasesOf(db: Db, eventId: number): Promise<ShowcaseRow[]> {
  return db.select().from(showcases).where(eq(showcases.eventId, eventId)).orderBy(asc(showcases.id));
}

export async function findShowcaseBySlug(db: Db, eventId: number, slug: string): Promise<ShowcaseRow | undefined> {
  const [row] = await db
    .select()
    .from(showcases)
    .where(and(eq(showcases.eventId, eventId), eq(showcases.slug, slug)))
    .limit(1);
  return row;
}

export async function findShowcaseById(db: Db, eventId: number, id: number): Promise<ShowcaseRow | undefined> {
  const [row] = await db
    .select()
    .from(showcases)
    .where(and(eq(showcases.eventId, eventId), eq(showcases.id, id)))
    .limit(1);
  return row;
}

export async function categoriesOf(db: Db, showcaseIds: readonly number[]): Promise<Map<number, CategoryRow[]>> {
  const byShowcase = new Map<number, CategoryRow[]>();
  if (showcaseIds.length === 0) return byShowcase;
  const rows = await db
    .select()
    .from(showcaseCategories)
    .where(inArray(showcaseCategories.showcaseId, [...showcaseIds]))
    .orderBy(asc(showcaseCategories.position), asc(showcaseCategories.id));
  for (const row of rows) byShowcase.set(row.showcaseId, [...(byShowcase.get(row.showcaseId) ?? []), row]);
  return byShowcase;
}

export async function acceptedCounts(db: Db, showcaseIds: readonly number[]): Promise<Map<number, number>> {
  if (showcaseIds.length === 0) return new Map();
  const rows = await db
    .select({ id: showcaseRequests.showcaseId, n: count() })
    .from(showcaseRequests)
    .where(and(inArray(showcaseRequests.showcaseId, [...showcaseIds]), eq(showcaseRequests.status, 'accepted')))
    .groupBy(showcaseRequests.showcaseId);
  return new Map(rows.map((row) => [row.id, row.n]));
}

const entryColumns = { request: showcaseRequests, game: games, company: { id: companies.id, name: companies.name, logoKey: companies.logoKey } };

/** An entry of a showcase of this event; another event's entry is not found. */
export async function findEntry(db: Db, eventId: number, requestId: number): Promise<(EntryRow & { showcase: ShowcaseRow }) | undefined> {
  const [row] = await db
    .select({ ...entryColumns, showcase: showcases })
    .from(showcaseRequests)
    .innerJoin(showcases, eq(showcases.id, showcaseRequests.showcaseId))
    .innerJoin(games, eq(games.id, showcaseRequests.gameId))
    .innerJoin(companies, eq(companies.id, games.companyId))
    .where(and(eq(showcaseRequests.id, requestId), eq(showcases.eventId, eventId)))
    .limit(1);
  return row;
}

export interface EntryFilter {
  status?: 'pending' | 'accepted' | 'rejected' | undefined;
  platforms?: number[] | undefined;
  genres?: number[] | undefined;
  stages?: number[] | undefined;
  query?: string | undefined;
  /** The entries of this person's companies' games. */
  mineOf?: number | undefined;
  page: number;
  perPage: number;
}

const some = (values: number[] | undefined): values is number[] => values !== undefined && values.length > 0;

export async function listEntries(db: Db, showcaseId: number, f: EntryFilter): Promise<{ rows: EntryRow[]; total: number }> {
  const where: SQL | undefined = and(
    eq(showcaseRequests.showcaseId, showcaseId),
    f.status ? eq(showcaseRequests.status, f.status) : undefined,
    some(f.platforms) ? arrayOverlaps(games.platforms, f.platforms) : undefined,
    some(f.genres) ? inArray(games.genre, f.genres) : undefined,
    some(f.stages) ? inArray(games.stage, f.stages) : undefined,
    f.query ? ilike(games.name, containsPattern(f.query)) : undefined,
    f.mineOf !== undefined ? exists(db.select({ one: sql`1` }).from(companyUsers).where(and(eq(companyUsers.companyId, games.companyId), eq(companyUsers.userId, f.mineOf)))) : undefined,
  );
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    db
      .select(entryColumns)
      .from(showcaseRequests)
      .innerJoin(games, eq(games.id, showcaseRequests.gameId))
      .innerJoin(companies, eq(companies.id, games.companyId))
      .where(where)
      .orderBy(asc(showcaseRequests.createdAt), asc(showcaseRequests.id))
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage),
    db.select({ n: count() }).from(showcaseRequests).innerJoin(games, eq(games.id, showcaseRequests.gameId)).where(where),
  ]);
  return { rows, total: n };
}

/** Every accepted entry of a showcase (the top is ranked from all of them). */
export async function acceptedEntries(db: Db, showcaseId: number): Promise<EntryRow[]> {
  return db
    .select(entryColumns)
    .from(showcaseRequests)
    .innerJoin(games, eq(games.id, showcaseRequests.gameId))
    .innerJoin(companies, eq(companies.id, games.companyId))
    .where(and(eq(showcaseRequests.showcaseId, showcaseId), eq(showcaseRequests.status, 'accepted')))
    .orderBy(asc(showcaseRequests.createdAt), asc(showcaseRequests.id));
}

/** Votes per entry and category. */
export async function talliesOf(db: Db, requestIds: readonly number[]): Promise<Map<number, Map<number, number>>> {
  const tallies = new Map<number, Map<number, number>>();
  if (requestIds.length === 0) return tallies;
  const rows = await db
    .select({ requestId: showcaseVotes.requestId, categoryId: showcaseVotes.categoryId, n: count() })
    .from(showcaseVotes)
    .where(inArray(showcaseVotes.requestId, [...requestIds]))
    .groupBy(showcaseVotes.requestId, showcaseVotes.categoryId);
  for (const row of rows) {
    const byCategory = tallies.get(row.requestId) ?? new Map<number, number>();
    byCategory.set(row.categoryId, row.n);
    tallies.set(row.requestId, byCategory);
  }
  return tallies;
}

/** The person's votes in a showcase: category -> entry. */
export async function votesOfPerson(db: Db, userId: number, showcaseId: number): Promise<{ categoryId: number; requestId: number }[]> {
  if (userId === 0) return [];
  return db
    .select({ categoryId: showcaseVotes.categoryId, requestId: showcaseVotes.requestId })
    .from(showcaseVotes)
    .where(and(eq(showcaseVotes.userId, userId), eq(showcaseVotes.showcaseId, showcaseId)))
    .orderBy(asc(showcaseVotes.categoryId));
}

/** Votes per category of a showcase, for "a category with votes cannot be dropped". */
export async function categoryVotes(db: Db, showcaseId: number): Promise<Map<number, number>> {
  const rows = await db.select({ id: showcaseVotes.categoryId, n: count() }).from(showcaseVotes).where(eq(showcaseVotes.showcaseId, showcaseId)).groupBy(showcaseVotes.categoryId);
  return new Map(rows.map((row) => [row.id, row.n]));
}

/**
 * One vote per person and category: the primary key (user_id, category_id) is the rule. A vote for
 * another entry of the category moves the person's vote there; any number at once store one row.
 */
export async function castVote(db: Db, vote: { showcaseId: number; categoryId: number; userId: number; requestId: number }): Promise<void> {
  await db
    .insert(showcaseVotes)
    .values(vote)
    .onConflictDoUpdate({ target: [showcaseVotes.userId, showcaseVotes.categoryId], set: { requestId: vote.requestId, showcaseId: vote.showcaseId, updatedAt: sql`now()` } });
}

export async function removeVote(db: Db, vote: { categoryId: number; userId: number; requestId: number }): Promise<void> {
  await db.delete(showcaseVotes).where(and(eq(showcaseVotes.userId, vote.userId), eq(showcaseVotes.categoryId, vote.categoryId), eq(showcaseVotes.requestId, vote.requestId)));
}

export async function inCompany(db: Db, companyId: number, userId: number): Promise<string[] | null> {
  const [row] = await db
    .select({ roles: companyUsers.roles })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)))
    .limit(1);
  return row?.roles ?? null;
}

/** The game's newest accepted entry in a showcase of this event. */
export async function acceptedEntryOf(db: Db, eventId: number, gameId: number): Promise<{ id: number; slug: string } | undefined> {
  const [row] = await db
    .select({ id: showcaseRequests.id, slug: showcases.slug })
    .from(showcaseRequests)
    .innerJoin(showcases, eq(showcases.id, showcaseRequests.showcaseId))
    .where(and(eq(showcases.eventId, eventId), eq(showcaseRequests.gameId, gameId), eq(showcaseRequests.status, 'accepted')))
    .orderBy(desc(showcaseRequests.createdAt), desc(showcaseRequests.id))
    .limit(1);
  return row;
}

/** A new entry, or undefined when the game is already submitted (the unique (showcase, game) index). */
export async function insertEntry(db: Db, values: { showcaseId: number; gameId: number; submittedBy: number }): Promise<RequestRow | undefined> {
  const [row] = await db.insert(showcaseRequests).values(values).onConflictDoNothing().returning();
  return row;
}

export async function decideEntry(db: Db, id: number, status: 'accepted' | 'rejected', reason: string | null): Promise<void> {
  await db.update(showcaseRequests).set({ status, reason, decidedAt: new Date() }).where(eq(showcaseRequests.id, id));
}

/**
 * The top page of a showcase: per category (in their order), the accepted entries with at least
 * min_votes, most votes first, at most top_count (rankTop). The jury's finalists are these entries.
 */
export async function topOf(db: Db, showcase: ShowcaseRow): Promise<{ category: CategoryRow; entries: { rank: number; votes: number; row: EntryRow }[] }[]> {
  const [rows, categories] = await Promise.all([acceptedEntries(db, showcase.id), categoriesOf(db, [showcase.id])]);
  const tallies = await talliesOf(
    db,
    rows.map((row) => row.request.id),
  );
  return (categories.get(showcase.id) ?? []).map((category) => {
    const tally = rows.map((row) => ({ request_id: row.request.id, submitted_at: row.request.createdAt.toISOString(), votes: tallies.get(row.request.id)?.get(category.id) ?? 0, row }));
    return { category, entries: rankTop(tally, showcase.minVotes, showcase.topCount).map((ranked) => ({ rank: ranked.rank, votes: ranked.votes, row: ranked.row })) };
  });
}
