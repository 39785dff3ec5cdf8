// Games: product.md section 3 (Game), section 6 (who edits, deletion through support); docs/decisions.md, Games and the showcase.
import { ErrorCode, type Game, type GameCard, type GameMedia, type GameMediaCategory, type ZGameInput, GAME_MEDIA_CATEGORIES } from '@lobby/contract';
import type { z } from 'zod';
import type { AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { pageMeta } from '../../db/sql.ts';
import { newFileKey, type FileStore } from '../../files/store.ts';
import { makeThumbnail, type ReceivedFile } from '../../files/upload.ts';
import type { FileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import { listPeople, rolesIn } from '../companies/repo.ts';
import { canDeleteGame, canEditGame, isFullOrder, pickCompany, replacesOld, screenshotFits } from './policy.ts';
import { presentGame, presentGameCard, presentMedia } from './present.ts';
import {
  companyExists,
  deleteGameMediaRow,
  deleteGameRows,
  findGame,
  findGameMedia,
  insertGame,
  listGameRows,
  membershipsOf,
  orderScreenshots,
  picturesOf,
  recordPicture,
  screenshotCount,
  updateGameRow,
  votesOfGames,
  type GameFilter,
  type GameInsert,
  type GameWithCompany,
  type MediaRow,
} from './repo.ts';

export interface GamesContext {
  db: Db;
  files: FileUrls;
  store: FileStore;
}

export type GameBody = z.output<typeof ZGameInput>;

export const gameNotFound = (id: number) => new AppError(404, ErrorCode.gameNotFound, `Game ${id} was not found.`);
const forbidden = () => new AppError(403, ErrorCode.gameForbidden, "Only the admins of the game's company can change it.");

/** The columns of a game as the body gives them: links and addresses as ZWebsite normalised them, dates as calendar dates. */
export function gameValues(body: GameBody): Omit<GameInsert, 'companyId' | 'createdBy'> {
  return {
    name: body.name,
    developer: body.developer,
    description: body.description ?? '',
    budget: body.budget ?? null,
    pitchDeckUrl: body.pitch_deck_url ?? null,
    buildUrl: body.build_url ?? null,
    videoUrl: body.video_url ? body.video_url : null,
    gameplayUrl: body.gameplay_url ?? null,
    plannedDate: body.planned_date ?? null,
    developmentStart: body.development_start ?? null,
    releaseDate: body.release_date ?? null,
    platforms: [...new Set(body.platforms ?? [])],
    genre: body.genre ?? null,
    engine: body.engine ?? null,
    monetization: body.monetization ?? null,
    stage: body.stage ?? null,
    links: (body.links ?? []).map((link) => ({ title: link.title, url: link.url })),
  };
}

/** Cards of these games: their pictures and votes in two queries for any number. */
export async function gameCards(ctx: GamesContext, rows: readonly GameWithCompany[]): Promise<GameCard[]> {
  const ids = rows.map((row) => row.game.id);
  const [pictures, votes] = await Promise.all([picturesOf(ctx.db, ids), votesOfGames(ctx.db, ids)]);
  return rows.map((row) => presentGameCard(row.game, row.company, pictures.get(row.game.id) ?? [], votes.get(row.game.id) ?? 0, ctx.files));
}

/**
 * The whole game. With an event the reader may see (member, organiser, staff), the team's members of
 * that event carry their member_id, to request a meeting; otherwise member_id is null.
 */
export async function describeGame(ctx: GamesContext, source: AccessSource, row: GameWithCompany, eventId: number | null): Promise<Game> {
  const reader = await source.get(null);
  let teamEvent: number | null = null;
  if (eventId !== null) {
    const inEvent = await source.get(eventId);
    if (inEvent.member !== null || inEvent.can('event.manage')) teamEvent = eventId;
  }
  const [pictures, votes, people, roles] = await Promise.all([
    picturesOf(ctx.db, [row.game.id]),
    votesOfGames(ctx.db, [row.game.id]),
    listPeople(ctx.db, row.company.id, teamEvent),
    rolesIn(ctx.db, row.company.id, reader.userId ?? 0),
  ]);
  const team = people.rows.map((person) => ({
    user_id: person.user.id,
    member_id: person.memberId,
    first_name: person.user.firstName,
    last_name: person.user.lastName,
    job: person.user.job,
    avatar_url: ctx.files.url(person.user.avatarThumbKey ?? person.user.avatarKey),
  }));
  return presentGame(row.game, row.company, { pictures: pictures.get(row.game.id) ?? [], votes: votes.get(row.game.id) ?? 0, team, canEdit: canEditGame(roles, reader.isStaff) }, ctx.files);
}

export async function listGames(ctx: GamesContext, source: AccessSource, filter: Omit<GameFilter, 'mineOf' | 'adminOf'> & { mine: boolean; editable: boolean }) {
  const reader = await source.get(null);
  const me = reader.userId ?? 0;
  const { rows, total } = await listGameRows(ctx.db, { ...filter, mineOf: filter.mine ? me : undefined, adminOf: filter.editable ? me : undefined });
  return { data: await gameCards(ctx, rows), meta: pageMeta(filter.page, filter.perPage, total) };
}

export async function requireGame(db: Db, id: number): Promise<GameWithCompany> {
  const row = await findGame(db, id);
  if (!row) throw gameNotFound(id);
  return row;
}

export async function getGame(ctx: GamesContext, source: AccessSource, id: number, eventId: number | null): Promise<Game> {
  return describeGame(ctx, source, await requireGame(ctx.db, id), eventId);
}

/** The game, when the reader may change it: 404 for no such game, 403 game.forbidden for another company's. */
export async function requireEditable(db: Db, source: AccessSource, id: number): Promise<GameWithCompany> {
  const row = await requireGame(db, id);
  const access = await source.get(null);
  if (!canEditGame(await rolesIn(db, row.company.id, access.userId ?? 0), access.isStaff)) throw forbidden();
  return row;
}

export async function createGame(ctx: GamesContext, source: AccessSource, body: GameBody & { company_id?: number | undefined }): Promise<Game> {
  const access = await source.get(null);
  const userId = access.userId ?? 0;
  const { memberships, primaryCompanyId } = await membershipsOf(ctx.db, userId);
  const askedExists = body.company_id !== undefined && access.isStaff ? await companyExists(ctx.db, body.company_id) : false;
  const verdict = pickCompany(memberships, body.company_id, { isStaff: access.isStaff, primaryCompanyId, askedExists });
  if (verdict === 'no_company') throw new AppError(422, ErrorCode.gameNoCompany, 'Add your company to your profile first: games belong to companies.');
  if (verdict === 'forbidden') throw forbidden();
  const game = await insertGame(ctx.db, { ...gameValues(body), companyId: verdict.companyId, createdBy: userId });
  return getGame(ctx, source, game.id, null);
}

export async function updateGame(ctx: GamesContext, source: AccessSource, id: number, body: GameBody): Promise<Game> {
  await requireEditable(ctx.db, source, id);
  await updateGameRow(ctx.db, id, gameValues(body));
  return getGame(ctx, source, id, null);
}

async function removeFiles(store: FileStore, rows: readonly MediaRow[]): Promise<void> {
  await Promise.allSettled(rows.flatMap((row) => [row.storageKey, row.thumbStorageKey]).filter((key): key is string => Boolean(key)).map((key) => store.delete(key)));
}

export async function deleteGame(ctx: GamesContext, source: AccessSource, id: number): Promise<{ id: number; deleted: boolean }> {
  await requireGame(ctx.db, id);
  if (!canDeleteGame(await source.get(null))) throw new AppError(403, ErrorCode.gameDeleteForbidden, 'Games are deleted by support. Write to support to delete this game.');
  await removeFiles(ctx.store, await deleteGameRows(ctx.db, id));
  return { id, deleted: true };
}

const badCategory = () => {
  const message = `Category must be ${GAME_MEDIA_CATEGORIES.join(', ')}.`;
  return new AppError(400, ErrorCode.validation, message, { fields: [{ field: 'body.category', message, key: 'invalid', params: {} }] });
};
const tooManyScreenshots = () => new AppError(409, ErrorCode.gameTooManyScreenshots, 'This game already has the most screenshots it can have. Remove one first.');

export const mediaCategory = (raw: string | undefined): GameMediaCategory => {
  const category = GAME_MEDIA_CATEGORIES.find((known) => known === raw?.trim());
  if (!category) throw badCategory();
  return category;
};

/** Refuses a screenshot before its file is read, when the gallery is already full. */
export async function checkRoom(db: Db, gameId: number): Promise<void> {
  if (!screenshotFits(await screenshotCount(db, gameId))) throw tooManyScreenshots();
}

/** Stores the picture and its thumbnail, then records it; a refused or failed record takes the files away again. */
export async function addPicture(ctx: GamesContext, gameId: number, file: ReceivedFile): Promise<GameMedia> {
  const category = mediaCategory(file.category);
  const key = newFileKey(`g${gameId}`, file.contentType);
  const thumb = await makeThumbnail(file.data, file.contentType);
  const thumbKey = thumb ? newFileKey(`g${gameId}t`, thumb.contentType) : null;
  const stored = [key, ...(thumbKey ? [thumbKey] : [])];
  const drop = () => Promise.allSettled(stored.map((k) => ctx.store.delete(k)));
  await ctx.store.put(key, file.data, file.contentType);
  let result: Awaited<ReturnType<typeof recordPicture>>;
  try {
    if (thumb && thumbKey) await ctx.store.put(thumbKey, thumb.data, thumb.contentType);
    result = await recordPicture(ctx.db, gameId, { category, key, thumbKey, mimeType: file.contentType, size: file.data.length }, { replaces: replacesOld(category), fits: screenshotFits });
  } catch (error) {
    await drop();
    throw error;
  }
  if (result === 'full' || result === 'gone') {
    await drop();
    throw result === 'full' ? tooManyScreenshots() : gameNotFound(gameId);
  }
  await removeFiles(ctx.store, result.replaced);
  return presentMedia(result.row, ctx.files);
}

/** Another game's picture id is "not found", the same as one that never existed. */
export async function removePicture(ctx: GamesContext, gameId: number, mediaId: number): Promise<{ id: number; deleted: boolean }> {
  const row = await findGameMedia(ctx.db, gameId, mediaId);
  if (!row) throw new AppError(404, ErrorCode.mediaNotFound, 'This picture was not found.');
  await deleteGameMediaRow(ctx.db, row.id);
  await removeFiles(ctx.store, [row]);
  return { id: row.id, deleted: true };
}

export async function sortScreenshots(ctx: GamesContext, gameId: number, ids: readonly number[]): Promise<GameMedia[]> {
  const done = await orderScreenshots(ctx.db, gameId, (existing) => isFullOrder(ids, existing), ids);
  if (!done) throw new AppError(422, ErrorCode.gameSortInvalid, 'The new order must list every screenshot once.', { ids: [...ids] });
  const pictures = (await picturesOf(ctx.db, [gameId])).get(gameId) ?? [];
  return pictures.filter((row) => row.category === 'screenshot').map((row) => presentMedia(row, ctx.files));
}
