// The showcase: product.md section 5 (showcase, voting), section 6; docs/decisions.md, Games and the showcase.
import { ErrorCode, voteRefusal, votingPhase, type Showcase, type ShowcaseEntry } from '@lobby/contract';
import type { AccessSource, EventAccess } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { pageMeta } from '../../db/sql.ts';
import { AppError } from '../../http/errors.ts';
import { suggestDeal, type Notices } from '../expo/deals.ts';
import { describeGame, gameCards, requireGame, type GamesContext } from '../games/service.ts';
import { canSubmit, seesEntry, showcaseAccess } from './policy.ts';
import { presentEntry, presentShowcase } from './present.ts';
import {
  acceptedCounts,
  acceptedEntryOf,
  castVote,
  categoriesOf,
  findEntry,
  findShowcaseBySlug,
  inCompany,
  insertEntry,
  listEntries,
  removeVote,
  showcasesOf,
  talliesOf,
  topOf,
  votesOfPerson,
  type EntryFilter,
  type EntryRow,
  type ShowcaseRow,
} from './repo.ts';

/** The games context, and what telling people needs (the showcase-to-deal suggestion, the decision notice). */
export type ShowcaseContext = GamesContext & { notices?: Notices };

export const showcaseNotFound = () => new AppError(404, ErrorCode.showcaseNotFound, 'This showcase was not found.');
export const entryNotFound = () => new AppError(404, ErrorCode.showcaseRequestNotFound, 'This showcase entry was not found.');

/** 404 for an unknown or inactive event; 401 for guests; 403 for people outside the event. */
export async function openEvent(db: Db, source: AccessSource, eventId: number): Promise<EventAccess> {
  const [event, access] = await Promise.all([source.activeEvent(eventId), source.get(eventId)]);
  if (!event) throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  const verdict = showcaseAccess({ signedIn: access.userId !== null, isMember: access.member !== null, canManage: access.can('event.manage'), isStaff: access.isStaff });
  if (verdict === 'unauthorized') throw new AppError(401, ErrorCode.unauthorized, 'Sign in to see the showcase of this event.');
  if (verdict === 'forbidden') throw new AppError(403, ErrorCode.forbidden, "Only the event's members can see its showcase.");
  return access;
}

const canVote = (access: EventAccess) => access.can('voting.vote');

/** Showcases as lists show them: categories and accepted counts in two queries for any number. */
export async function describeShowcases(db: Db, rows: readonly ShowcaseRow[], voter: boolean): Promise<Showcase[]> {
  const ids = rows.map((row) => row.id);
  const [categories, accepted] = await Promise.all([categoriesOf(db, ids), acceptedCounts(db, ids)]);
  const now = new Date();
  return rows.map((row) => presentShowcase(row, { categories: categories.get(row.id) ?? [], accepted: accepted.get(row.id) ?? 0, canVote: voter }, now));
}

/** Entries with their game cards, votes per category and the reader's votes. */
export async function describeEntries(ctx: GamesContext, showcase: ShowcaseRow, rows: readonly EntryRow[], readerId: number): Promise<ShowcaseEntry[]> {
  const [cards, tallies, categories, mine] = await Promise.all([
    gameCards(ctx, rows),
    talliesOf(
      ctx.db,
      rows.map((row) => row.request.id),
    ),
    categoriesOf(ctx.db, [showcase.id]),
    votesOfPerson(ctx.db, readerId, showcase.id),
  ]);
  return rows.map((row, index) => {
    const game = cards[index];
    if (!game) throw new Error('no card for an entry');
    return presentEntry(row.request, { showcase, categories: categories.get(showcase.id) ?? [], tally: tallies.get(row.request.id), myVotes: mine, game });
  });
}

export async function requireShowcase(db: Db, eventId: number, slug: string): Promise<ShowcaseRow> {
  const row = await findShowcaseBySlug(db, eventId, slug);
  if (!row) throw showcaseNotFound();
  return row;
}

export async function listShowcases(ctx: GamesContext, source: AccessSource, eventId: number): Promise<Showcase[]> {
  const access = await openEvent(ctx.db, source, eventId);
  return describeShowcases(ctx.db, await showcasesOf(ctx.db, eventId), canVote(access));
}

export async function getShowcase(ctx: GamesContext, source: AccessSource, eventId: number, slug: string) {
  const access = await openEvent(ctx.db, source, eventId);
  const row = await requireShowcase(ctx.db, eventId, slug);
  const [[showcase], mine] = await Promise.all([describeShowcases(ctx.db, [row], canVote(access)), votesOfPerson(ctx.db, access.userId ?? 0, row.id)]);
  if (!showcase) throw showcaseNotFound();
  return { data: showcase, meta: { my_votes: mine.map((v) => ({ category_id: v.categoryId, request_id: v.requestId })) } };
}

/**
 * Accepted entries; with `mine`, the entries of the reader's companies' games instead, whatever
 * their status, each with the organisers' reason.
 */
export async function listShowcaseEntries(ctx: GamesContext, source: AccessSource, eventId: number, slug: string, filter: Omit<EntryFilter, 'status' | 'mineOf'> & { mine?: boolean }) {
  const access = await openEvent(ctx.db, source, eventId);
  const showcase = await requireShowcase(ctx.db, eventId, slug);
  const readerId = access.userId ?? 0;
  const { mine, ...rest } = filter;
  const { rows, total } = await listEntries(ctx.db, showcase.id, mine ? { ...rest, mineOf: readerId } : { ...rest, status: 'accepted' });
  const entries = await describeEntries(ctx, showcase, rows, readerId);
  const data = mine ? entries.map((entry, index) => ({ ...entry, reason: rows[index]?.request.reason ?? null })) : entries;
  return { data, meta: pageMeta(filter.page, filter.perPage, total) };
}

/** An entry the reader may see: another event's, or a pending one of someone else's company, is not found. */
export async function visibleEntry(ctx: GamesContext, access: EventAccess, eventId: number, requestId: number) {
  const row = await findEntry(ctx.db, eventId, requestId);
  if (!row) throw entryNotFound();
  const roles = await inCompany(ctx.db, row.company.id, access.userId ?? 0);
  if (!seesEntry(row.request.status, { inGameCompany: roles !== null, canManage: access.can('event.manage') })) throw entryNotFound();
  return { row, roles };
}

export async function getShowcaseEntry(ctx: GamesContext, source: AccessSource, eventId: number, requestId: number) {
  const access = await openEvent(ctx.db, source, eventId);
  const { row } = await visibleEntry(ctx, access, eventId, requestId);
  const [[entry], game] = await Promise.all([describeEntries(ctx, row.showcase, [row], access.userId ?? 0), describeGame(ctx, source, row, eventId)]);
  if (!entry) throw entryNotFound();
  return { ...entry, game };
}

export async function submitEntry(ctx: GamesContext, source: AccessSource, eventId: number, slug: string, gameId: number): Promise<ShowcaseEntry> {
  const access = await openEvent(ctx.db, source, eventId);
  const showcase = await requireShowcase(ctx.db, eventId, slug);
  const game = await requireGame(ctx.db, gameId);
  if (!canSubmit(await inCompany(ctx.db, game.company.id, access.userId ?? 0), access.isStaff)) {
    throw new AppError(403, ErrorCode.gameForbidden, "Only the admins of the game's company can submit it.");
  }
  if (!showcase.submissionsOpen) throw new AppError(409, ErrorCode.showcaseSubmissionsClosed, 'Submissions to this showcase are closed.');
  const request = await insertEntry(ctx.db, { showcaseId: showcase.id, gameId, submittedBy: access.userId ?? 0 });
  if (!request) throw new AppError(409, ErrorCode.showcaseAlreadySubmitted, 'This game is already submitted to this showcase.');
  const [entry] = await describeEntries(ctx, showcase, [{ ...game, request }], access.userId ?? 0);
  if (!entry) throw entryNotFound();
  return entry;
}

/**
 * A vote for an entry in a category, or taking it back. Refusals (voteRefusal: no can_vote, the
 * window, an entry not accepted, a category not the showcase's, one's own company's game) are 403
 * vote.not_counted with the reason.
 */
export async function vote(ctx: ShowcaseContext, source: AccessSource, eventId: number, requestId: number, categoryId: number, give: boolean) {
  const access = await openEvent(ctx.db, source, eventId);
  const { row, roles } = await visibleEntry(ctx, access, eventId, requestId);
  const categories = (await categoriesOf(ctx.db, [row.showcase.id])).get(row.showcase.id) ?? [];
  const window = { voting_starts_at: row.showcase.votingStartsAt?.toISOString() ?? null, voting_ends_at: row.showcase.votingEndsAt?.toISOString() ?? null };
  const reason = voteRefusal({
    canVote: canVote(access),
    phase: votingPhase(new Date(), window),
    accepted: row.request.status === 'accepted',
    categoryKnown: categories.some((c) => c.id === categoryId),
    ownGame: roles !== null,
  });
  if (reason !== null) throw new AppError(403, ErrorCode.voteNotCounted, 'Vote not counted.', { reason });
  const userId = access.userId ?? 0;
  if (give) {
    await castVote(ctx.db, { showcaseId: row.showcase.id, categoryId, userId, requestId });
    // Showcase-to-deal: a publisher's vote tells the game's developers once (never fails the vote).
    if (ctx.notices) await suggestDeal(ctx.notices, { eventId, userId, gameId: row.game.id, cause: 'vote' });
  } else {
    await removeVote(ctx.db, { categoryId, userId, requestId });
  }
  const [entry] = await describeEntries(ctx, row.showcase, [row], userId);
  if (!entry) throw entryNotFound();
  return { counted: entry.my_votes.includes(categoryId), entry };
}

export async function showcaseTop(ctx: GamesContext, source: AccessSource, eventId: number, slug: string) {
  const access = await openEvent(ctx.db, source, eventId);
  const showcase = await requireShowcase(ctx.db, eventId, slug);
  const top = await topOf(ctx.db, showcase);
  const unique = [...new Map(top.flatMap((c) => c.entries.map((e) => [e.row.request.id, e.row] as const))).values()];
  const described = await describeEntries(ctx, showcase, unique, access.userId ?? 0);
  const byId = new Map(described.map((entry) => [entry.id, entry]));
  const data = top.map(({ category, entries }) => ({
    category: { id: category.id, name: category.name },
    entries: entries.map((ranked) => {
      const entry = byId.get(ranked.row.request.id);
      if (!entry) throw entryNotFound();
      return { rank: ranked.rank, votes: ranked.votes, entry };
    }),
  }));
  return { data, meta: { min_votes: showcase.minVotes, top_count: showcase.topCount } };
}

/** Where /games/{id} leads in this event: the game's newest accepted entry, else its own page. */
export async function showcaseTarget(ctx: GamesContext, source: AccessSource, eventId: number, gameId: number) {
  await openEvent(ctx.db, source, eventId);
  await requireGame(ctx.db, gameId);
  const entry = await acceptedEntryOf(ctx.db, eventId, gameId);
  return { game_id: gameId, request_id: entry?.id ?? null, showcase_slug: entry?.slug ?? null };
}
