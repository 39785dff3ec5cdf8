// How showcases and their entries read in the API.
import { votingPhase, type GameCard, type Showcase, type ShowcaseEntry } from '@lobby/contract';
import type { CategoryRow, RequestRow, ShowcaseRow } from './repo.ts';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export function presentShowcase(row: ShowcaseRow, facts: { categories: readonly CategoryRow[]; accepted: number; canVote: boolean }, now = new Date()): Showcase {
  const window = { voting_starts_at: iso(row.votingStartsAt), voting_ends_at: iso(row.votingEndsAt) };
  return {
    id: row.id,
    event_id: row.eventId,
    slug: row.slug,
    title: row.title,
    description: row.description,
    categories: facts.categories.map((c) => ({ id: c.id, name: c.name })),
    submissions_open: row.submissionsOpen,
    ...window,
    voting: votingPhase(now, window),
    min_votes: row.minVotes,
    top_count: row.topCount,
    accepted: facts.accepted,
    can_vote: facts.canVote,
  };
}

export interface EntryFacts<G> {
  showcase: { id: number; slug: string };
  categories: readonly CategoryRow[];
  /** Votes of this entry by category. */
  tally: ReadonlyMap<number, number> | undefined;
  /** The reader's votes in the showcase: category -> entry. */
  myVotes: readonly { categoryId: number; requestId: number }[];
  game: G;
}

export function presentEntry<G = GameCard>(request: RequestRow, facts: EntryFacts<G>): Omit<ShowcaseEntry, 'game'> & { game: G } {
  return {
    id: request.id,
    showcase_id: facts.showcase.id,
    showcase_slug: facts.showcase.slug,
    status: request.status,
    game: facts.game,
    votes: facts.categories.map((c) => ({ category_id: c.id, votes: facts.tally?.get(c.id) ?? 0 })),
    my_votes: facts.myVotes.filter((v) => v.requestId === request.id).map((v) => v.categoryId),
    submitted_at: request.createdAt.toISOString(),
  };
}

export const presentAdminEntry = (request: RequestRow, entry: ShowcaseEntry) => ({ ...entry, decided_at: iso(request.decidedAt), reason: request.reason });
