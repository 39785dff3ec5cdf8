// The showcase back office (organisers): showcases with their categories, and deciding entries.
import { ErrorCode, type ShowcaseInput } from '@lobby/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, showcaseCategories, showcases } from '../../db/schema/index.ts';
import { pageMeta, pgCode } from '../../db/sql.ts';
import { AppError } from '../../http/errors.ts';
import { adminIds } from '../companies/repo.ts';
import type { Notices } from '../expo/deals.ts';
import type { GamesContext } from '../games/service.ts';
import { notify } from '../notifications/service.ts';
import { categoryPlan, windowValid } from './policy.ts';
import { presentAdminEntry } from './present.ts';
import { categoryVotes, decideEntry, findEntry, findShowcaseById, listEntries, showcasesOf, type EntryRow, type ShowcaseRow } from './repo.ts';
import { describeEntries, describeShowcases, entryNotFound, showcaseNotFound, type ShowcaseContext } from './service.ts';

const invalid = (field: string, message: string) =>
  new AppError(422, ErrorCode.showcaseInvalid, message, { fields: [{ field: `body.${field}`, message, key: 'invalid', params: {} }] });
/** unique_violation: the (event, slug) index. */
const UNIQUE_VIOLATION = '23505';
const slugTaken = () => new AppError(409, ErrorCode.showcaseSlugTaken, 'Another showcase of this event has this address.');

const columns = (body: ShowcaseInput) => ({
  slug: body.slug,
  title: body.title,
  description: body.description ?? '',
  submissionsOpen: body.submissions_open,
  votingStartsAt: body.voting_starts_at === null ? null : new Date(body.voting_starts_at),
  votingEndsAt: body.voting_ends_at === null ? null : new Date(body.voting_ends_at),
  minVotes: body.min_votes,
  topCount: body.top_count,
});

function checkWindow(body: ShowcaseInput): void {
  if (!windowValid(body.voting_starts_at, body.voting_ends_at)) throw invalid('voting_ends_at', 'Voting must end after it starts.');
}

/** Unique-slug violations (a race past the check) are the same 409. */
async function slugSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgCode(error) === UNIQUE_VIOLATION) throw slugTaken();
    throw error;
  }
}

async function describeOne(db: Db, row: ShowcaseRow) {
  const [showcase] = await describeShowcases(db, [row], false);
  if (!showcase) throw showcaseNotFound();
  return showcase;
}

export const adminShowcases = async (db: Db, eventId: number) => describeShowcases(db, await showcasesOf(db, eventId), false);

export async function createShowcase(db: Db, eventId: number, body: ShowcaseInput) {
  checkWindow(body);
  if (body.categories.some((c) => c.id !== undefined)) throw invalid('categories', 'A new showcase has only new categories.');
  const row = await slugSafe(() =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(showcases)
        .values({ eventId, ...columns(body) })
        .returning();
      if (!created) throw new Error('showcase insert returned nothing');
      await tx.insert(showcaseCategories).values(body.categories.map((c, position) => ({ showcaseId: created.id, name: c.name, position })));
      return created;
    }),
  );
  return describeOne(db, row);
}

export async function updateShowcase(db: Db, eventId: number, showcaseId: number, body: ShowcaseInput) {
  const stored = await findShowcaseById(db, eventId, showcaseId);
  if (!stored) throw showcaseNotFound();
  checkWindow(body);
  const row = await slugSafe(() =>
    db.transaction(async (tx) => {
      // The showcase's row is locked, so a vote cannot land in a category while it is dropped.
      await tx.select({ id: showcases.id }).from(showcases).where(eq(showcases.id, showcaseId)).for('update');
      const existing = await tx.select({ id: showcaseCategories.id }).from(showcaseCategories).where(eq(showcaseCategories.showcaseId, showcaseId));
      const votes = await categoryVotes(tx, showcaseId);
      const plan = categoryPlan(
        existing.map((c) => ({ id: c.id, votes: votes.get(c.id) ?? 0 })),
        body.categories,
      );
      if (plan.unknown.length > 0 || plan.repeated) throw invalid('categories', 'A category of another showcase cannot be used here.');
      if (plan.droppedWithVotes.length > 0) throw new AppError(409, ErrorCode.showcaseCategoryHasVotes, 'This category has votes and cannot be removed.', { category_ids: plan.droppedWithVotes });
      if (plan.dropped.length > 0) await tx.delete(showcaseCategories).where(and(eq(showcaseCategories.showcaseId, showcaseId), inArray(showcaseCategories.id, plan.dropped)));
      for (const [position, category] of body.categories.entries()) {
        if (category.id === undefined) await tx.insert(showcaseCategories).values({ showcaseId, name: category.name, position });
        else await tx.update(showcaseCategories).set({ name: category.name, position }).where(eq(showcaseCategories.id, category.id));
      }
      const [updated] = await tx
        .update(showcases)
        .set({ ...columns(body), updatedAt: new Date() })
        .where(eq(showcases.id, showcaseId))
        .returning();
      if (!updated) throw showcaseNotFound();
      return updated;
    }),
  );
  return describeOne(db, row);
}

export async function adminEntries(ctx: GamesContext, eventId: number, showcaseId: number, filter: { status?: 'pending' | 'accepted' | 'rejected' | undefined; page: number; perPage: number }, readerId: number) {
  const showcase = await findShowcaseById(ctx.db, eventId, showcaseId);
  if (!showcase) throw showcaseNotFound();
  const { rows, total } = await listEntries(ctx.db, showcase.id, filter);
  const entries = await describeEntries(ctx, showcase, rows, readerId);
  return {
    data: rows.map((row, index) => {
      const entry = entries[index];
      if (!entry) throw entryNotFound();
      return presentAdminEntry(row.request, entry);
    }),
    meta: pageMeta(filter.page, filter.perPage, total),
  };
}

/**
 * Accepts or rejects an entry. When the decision changes (or a rejection's reason does), the game's
 * company admins are told (showcase_decision); telling them never fails the decision.
 */
export async function decide(ctx: ShowcaseContext, eventId: number, requestId: number, body: { status: 'accepted' | 'rejected'; reason?: string | undefined }, readerId: number) {
  const found = await findEntry(ctx.db, eventId, requestId);
  if (!found) throw entryNotFound();
  const reason = body.status === 'rejected' && body.reason ? body.reason : null;
  await decideEntry(ctx.db, requestId, body.status, reason);
  const row = await findEntry(ctx.db, eventId, requestId);
  if (!row) throw entryNotFound();
  if (ctx.notices && (found.request.status !== body.status || found.request.reason !== reason)) await tellDecision(ctx.notices, eventId, row);
  const [entry] = await describeEntries(ctx, row.showcase, [row], readerId);
  if (!entry) throw entryNotFound();
  return presentAdminEntry(row.request, entry);
}

async function tellDecision(notices: Notices, eventId: number, row: EntryRow): Promise<void> {
  try {
    const [admins, [event]] = await Promise.all([
      adminIds(notices.db, row.company.id),
      notices.db.select({ slug: events.slug }).from(events).where(eq(events.id, eventId)).limit(1),
    ]);
    const data = { title: row.game.name, game_id: row.game.id, request_id: row.request.id, status: row.request.status, ...(row.request.reason ? { reason: row.request.reason } : {}), ...(event ? { event_slug: event.slug } : {}) };
    await notify(
      notices.db,
      notices.realtime,
      notices.files,
      admins.map((userId) => ({ userId, type: 'showcase_decision' as const, eventId, meetingId: null, sender: null, data })),
    );
  } catch (error) {
    notices.log.warn({ err: error, eventId, requestId: row.request.id }, 'showcase decision notice failed');
  }
}
