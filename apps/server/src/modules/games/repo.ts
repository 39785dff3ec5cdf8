// Game queries. Pictures are media rows with owner_type 'game' (sort = position).
import { and, asc, count, desc, eq, exists, ilike, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyUsers, games, media, showcaseRequests, showcaseVotes, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql.ts';

export type GameRow = typeof games.$inferSelect;
export type GameInsert = typeof games.$inferInsert;
export type MediaRow = typeof media.$inferSelect;
export interface CompanyBrief {
  id: number;
  name: string;
  logoKey: string | null;
}
export interface GameWithCompany {
  game: GameRow;
  company: CompanyBrief;
}

const companyBrief = { id: companies.id, name: companies.name, logoKey: companies.logoKey };

export async function findGame(db: Db, id: number): Promise<GameWithCompany | undefined> {
  const [row] = await db.select({ game: games, company: companyBrief }).from(games).innerJoin(companies, eq(companies.id, games.companyId)).where(eq(games.id, id)).limit(1);
  return row;
}

export interface GameFilter {
  companyId?: number | undefined;
  /** The games of this person's companies. */
  mineOf?: number | undefined;
  /** The games of the companies this person admins. */
  adminOf?: number | undefined;
  query?: string | undefined;
  page: number;
  perPage: number;
}

export async function listGameRows(db: Db, f: GameFilter): Promise<{ rows: GameWithCompany[]; total: number }> {
  const where: SQL | undefined = and(
    f.companyId !== undefined ? eq(games.companyId, f.companyId) : undefined,
    f.mineOf !== undefined ? exists(db.select({ one: sql`1` }).from(companyUsers).where(and(eq(companyUsers.companyId, games.companyId), eq(companyUsers.userId, f.mineOf)))) : undefined,
    f.adminOf !== undefined
      ? exists(db.select({ one: sql`1` }).from(companyUsers).where(and(eq(companyUsers.companyId, games.companyId), eq(companyUsers.userId, f.adminOf), sql`'admin' = any(${companyUsers.roles})`)))
      : undefined,
    f.query ? ilike(games.name, containsPattern(f.query)) : undefined,
  );
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    db
      .select({ game: games, company: companyBrief })
      .from(games)
      .innerJoin(companies, eq(companies.id, games.companyId))
      .where(where)
      .orderBy(desc(games.createdAt), desc(games.id))
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage),
    db.select({ n: count() }).from(games).where(where),
  ]);
  return { rows, total: n };
}

/** The pictures of these games, in their order. */
export async function picturesOf(db: Db, gameIds: readonly number[]): Promise<Map<number, MediaRow[]>> {
  const byGame = new Map<number, MediaRow[]>();
  if (gameIds.length === 0) return byGame;
  const rows = await db
    .select()
    .from(media)
    .where(and(eq(media.ownerType, 'game'), inArray(media.ownerId, [...gameIds])))
    .orderBy(asc(media.sort), asc(media.id));
  for (const row of rows) byGame.set(row.ownerId, [...(byGame.get(row.ownerId) ?? []), row]);
  return byGame;
}

/** Votes of every showcase each game is in. */
export async function votesOfGames(db: Db, gameIds: readonly number[]): Promise<Map<number, number>> {
  if (gameIds.length === 0) return new Map();
  const rows = await db
    .select({ gameId: showcaseRequests.gameId, n: count() })
    .from(showcaseVotes)
    .innerJoin(showcaseRequests, eq(showcaseRequests.id, showcaseVotes.requestId))
    .where(inArray(showcaseRequests.gameId, [...gameIds]))
    .groupBy(showcaseRequests.gameId);
  return new Map(rows.map((row) => [row.gameId, row.n]));
}

/** Every company the person belongs to, with their roles there, and their primary company. */
export async function membershipsOf(db: Db, userId: number) {
  const [rows, [user]] = await Promise.all([
    db.select({ companyId: companyUsers.companyId, roles: companyUsers.roles }).from(companyUsers).where(eq(companyUsers.userId, userId)),
    db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId)).limit(1),
  ]);
  return { memberships: rows, primaryCompanyId: user?.companyId ?? null };
}

export async function companyExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1);
  return row !== undefined;
}

export async function insertGame(db: Db, values: GameInsert): Promise<GameRow> {
  const [row] = await db.insert(games).values(values).returning();
  if (!row) throw new Error('game insert returned nothing');
  return row;
}

export async function updateGameRow(db: Db, id: number, values: Partial<GameInsert>): Promise<void> {
  await db
    .update(games)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(games.id, id));
}

/** Deletes the game (its requests and votes go with it) and its picture rows; answers the files to remove. */
export async function deleteGameRows(db: Db, id: number): Promise<MediaRow[]> {
  return db.transaction(async (tx) => {
    const pictures = await tx
      .delete(media)
      .where(and(eq(media.ownerType, 'game'), eq(media.ownerId, id)))
      .returning();
    await tx.delete(games).where(eq(games.id, id));
    return pictures;
  });
}

export async function findGameMedia(db: Db, gameId: number, mediaId: number): Promise<MediaRow | undefined> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.ownerType, 'game'), eq(media.ownerId, gameId)))
    .limit(1);
  return row;
}

export async function screenshotCount(db: Db, gameId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(media)
    .where(and(eq(media.ownerType, 'game'), eq(media.ownerId, gameId), eq(media.category, 'screenshot')));
  return row?.n ?? 0;
}

export interface StoredPicture {
  category: string;
  key: string;
  thumbKey: string | null;
  mimeType: string;
  size: number;
}

/**
 * Records a stored picture. The game's row is locked first, so concurrent uploads count the
 * screenshots one after another: 'full' when the gallery has no room. An icon or cover takes the
 * place of the old one, whose rows are answered so their files can go.
 */
export async function recordPicture(
  db: Db,
  gameId: number,
  picture: StoredPicture,
  rules: { replaces: boolean; fits: (count: number) => boolean },
): Promise<{ row: MediaRow; replaced: MediaRow[] } | 'full' | 'gone'> {
  return db.transaction(async (tx) => {
    const [game] = await tx.select({ id: games.id }).from(games).where(eq(games.id, gameId)).for('update');
    if (!game) return 'gone';
    const mine = and(eq(media.ownerType, 'game'), eq(media.ownerId, gameId), eq(media.category, picture.category));
    let replaced: MediaRow[] = [];
    let position = 0;
    if (rules.replaces) {
      replaced = await tx.delete(media).where(mine).returning();
    } else {
      const [{ n, top } = { n: 0, top: null }] = await tx.select({ n: count(), top: max(media.sort) }).from(media).where(mine);
      if (!rules.fits(n)) return 'full';
      position = top === null ? 0 : top + 1;
    }
    const [row] = await tx
      .insert(media)
      .values({ ownerType: 'game', ownerId: gameId, category: picture.category, url: picture.key, thumbUrl: picture.thumbKey, storageKey: picture.key, thumbStorageKey: picture.thumbKey, mimeType: picture.mimeType, size: picture.size, sort: position })
      .returning();
    if (!row) throw new Error('no media row');
    await tx.update(games).set({ updatedAt: new Date() }).where(eq(games.id, gameId));
    return { row, replaced };
  });
}

export async function deleteGameMediaRow(db: Db, id: number): Promise<void> {
  await db.delete(media).where(eq(media.id, id));
}

/** Sets the screenshots' positions in the given order, checking the whole set under the game's lock. */
export async function orderScreenshots(db: Db, gameId: number, check: (existing: number[]) => boolean, ids: readonly number[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: games.id }).from(games).where(eq(games.id, gameId)).for('update');
    const existing = await tx
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.ownerType, 'game'), eq(media.ownerId, gameId), eq(media.category, 'screenshot')));
    if (!check(existing.map((row) => row.id))) return false;
    for (const [position, id] of ids.entries()) await tx.update(media).set({ sort: position }).where(eq(media.id, id));
    return true;
  });
}
