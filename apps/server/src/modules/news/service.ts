import { ErrorCode, type NewsInput } from '@lobby/contract';
import type { Db } from '../../db/client.ts';
import { pageMeta } from '../../db/sql.ts';
import type { FileStore } from '../../files/store.ts';
import { newFileKey } from '../../files/store.ts';
import type { ReceivedFile } from '../../files/upload.ts';
import { fileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import { queueRefresh } from './jobs.ts';
import { feedUrlProblem, isEditable, isVisible } from './policy.ts';
import { presentAdminItem, presentCard, presentFeed, presentItem } from './present.ts';
import { deleteNewsRow, feedsOf, findActiveEventId, findNews, insertNews, listAll, listPublished, replaceFeeds, updateNews, type NewsWithFeed } from './repo.ts';

export interface NewsContext {
  db: Db;
  files: FileStore;
  secret: string;
  allowPrivateFeeds: boolean;
  /** Runs the queue at once after a refresh was queued on this node. */
  nudge: () => void;
}

const notFound = () => new AppError(404, ErrorCode.newsNotFound, 'This news item was not found.');
const fromFeed = () => new AppError(409, ErrorCode.newsFromFeed, 'This item comes from a news feed: change it at its source, or hide it.');

async function requireActiveEvent(db: Db, eventId: number): Promise<void> {
  if (!(await findActiveEventId(db, eventId))) throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
}

/** Whoever may see the event page reads its news (guests included). */
export async function listNews(ctx: NewsContext, eventId: number, page: number, perPage: number) {
  await requireActiveEvent(ctx.db, eventId);
  const { rows, total } = await listPublished(ctx.db, eventId, new Date(), perPage, (page - 1) * perPage);
  const files = fileUrls(ctx.secret);
  return { data: rows.map((row) => presentCard(row, files)), meta: pageMeta(page, perPage, total) };
}

/** Drafts, hidden items and other events' items are all "not found". */
export async function getNews(ctx: NewsContext, eventId: number, id: number) {
  await requireActiveEvent(ctx.db, eventId);
  const row = await findNews(ctx.db, eventId, id);
  if (!row || !isVisible(row.item, new Date())) throw notFound();
  return { data: presentItem(row, fileUrls(ctx.secret)) };
}

// Back office (the caller has event.manage) ---------------------------------------------------------

async function adminItem(ctx: NewsContext, eventId: number, id: number): Promise<NewsWithFeed> {
  const row = await findNews(ctx.db, eventId, id);
  if (!row) throw notFound();
  return row;
}

const presentAdmin = (ctx: NewsContext, row: NewsWithFeed) => ({ data: presentAdminItem(row, fileUrls(ctx.secret), new Date()) });

export async function adminListNews(ctx: NewsContext, eventId: number, source: 'organiser' | 'feed' | undefined, page: number, perPage: number) {
  const { rows, total } = await listAll(ctx.db, eventId, source, perPage, (page - 1) * perPage);
  const files = fileUrls(ctx.secret);
  const now = new Date();
  return { data: rows.map((row) => presentAdminItem(row, files, now)), meta: pageMeta(page, perPage, total) };
}

const valuesOf = (input: NewsInput) => ({ title: input.title, body: input.body, publishedAt: new Date(input.published_at), pinned: input.pinned ?? false });

export async function adminCreateNews(ctx: NewsContext, eventId: number, input: NewsInput) {
  const id = await insertNews(ctx.db, eventId, valuesOf(input));
  return presentAdmin(ctx, await adminItem(ctx, eventId, id));
}

export async function adminUpdateNews(ctx: NewsContext, eventId: number, id: number, input: NewsInput) {
  const row = await adminItem(ctx, eventId, id);
  if (!isEditable(row.item)) throw fromFeed();
  await updateNews(ctx.db, eventId, id, valuesOf(input));
  return presentAdmin(ctx, await adminItem(ctx, eventId, id));
}

export async function adminSetNewsHidden(ctx: NewsContext, eventId: number, id: number, hidden: boolean) {
  await adminItem(ctx, eventId, id);
  await updateNews(ctx.db, eventId, id, { hidden });
  return presentAdmin(ctx, await adminItem(ctx, eventId, id));
}

export async function adminDeleteNews(ctx: NewsContext, eventId: number, id: number) {
  const row = await adminItem(ctx, eventId, id);
  if (!isEditable(row.item)) throw fromFeed();
  await deleteNewsRow(ctx.db, eventId, id);
  if (row.item.coverKey) await ctx.files.delete(row.item.coverKey).catch(() => undefined);
  return { data: { id: String(id), deleted: true } };
}

/** Checked before the file is read. */
export async function requireCoverTarget(ctx: NewsContext, eventId: number, id: number): Promise<NewsWithFeed> {
  const row = await adminItem(ctx, eventId, id);
  if (!isEditable(row.item)) throw fromFeed();
  return row;
}

export async function adminSetNewsCover(ctx: NewsContext, eventId: number, id: number, file: ReceivedFile) {
  const before = await requireCoverTarget(ctx, eventId, id);
  const key = newFileKey(`n${id}`, file.contentType);
  await ctx.files.put(key, file.data, file.contentType);
  await updateNews(ctx.db, eventId, id, { coverKey: key });
  if (before.item.coverKey) await ctx.files.delete(before.item.coverKey).catch(() => undefined);
  return presentAdmin(ctx, await adminItem(ctx, eventId, id));
}

export async function adminListNewsFeeds(ctx: NewsContext, eventId: number) {
  return { data: (await feedsOf(ctx.db, eventId)).map(presentFeed) };
}

export async function adminSetNewsFeeds(ctx: NewsContext, eventId: number, feeds: { url: string; name: string }[]) {
  const fields: { field: string; message: string; key: string; params: Record<string, never> }[] = [];
  const seen = new Set<string>();
  const normalised = feeds.map((feed, index) => {
    const problem = feedUrlProblem(feed.url, ctx.allowPrivateFeeds);
    const url = problem ? feed.url : new URL(feed.url).toString();
    const message = problem ?? (seen.has(url) ? 'This feed is already in the list.' : null);
    if (message) fields.push({ field: `body.feeds.${index}.url`, message, key: 'invalid', params: {} });
    seen.add(url);
    return { url, name: feed.name };
  });
  if (fields.length > 0) throw new AppError(422, ErrorCode.newsFeedInvalid, fields[0]!.message, { fields });
  await replaceFeeds(ctx.db, eventId, normalised);
  if (normalised.length > 0) {
    await queueRefresh(ctx.db, eventId);
    ctx.nudge();
  }
  return adminListNewsFeeds(ctx, eventId);
}

export async function adminRefreshNewsFeeds(ctx: NewsContext, eventId: number) {
  await queueRefresh(ctx.db, eventId);
  ctx.nudge();
  return { data: { queued: true } };
}
