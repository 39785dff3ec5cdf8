// Pure rules of games, the showcase and its voting (product.md sections 3, 5, 6; contract.md
// sections 8, 9). Shared by the server, which decides, and the web, which shows.

export const GAME_NAME_MAX = 120;
export const GAME_TEXT_MAX = 5000;
export const GAME_LINKS_MAX = 10;
export const GAME_SCREENSHOTS_MAX = 12;
/** Multi-select fields of a game (platforms). */
export const GAME_PLATFORMS_MAX = 10;
export const GAME_MEDIA_CATEGORIES = ['icon', 'cover', 'screenshot'] as const;
export type GameMediaCategory = (typeof GAME_MEDIA_CATEGORIES)[number];

export const SHOWCASE_TITLE_MAX = 200;
export const SHOWCASE_CATEGORIES_MIN = 1;
export const SHOWCASE_CATEGORIES_MAX = 12;
export const SHOWCASE_CATEGORY_NAME_MAX = 80;
/** The spec leaves the value out ("minimum votes to reach finals: value not shown"); organisers set it per showcase. */
export const SHOWCASE_MIN_VOTES_DEFAULT = 3;
/** Entries per category on the top page, unless the organiser sets another number. */
export const SHOWCASE_TOP_DEFAULT = 5;
export const SHOWCASE_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export const REQUEST_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Why a vote was not counted (contract.md section 8 'vote not counted', with the reason). */
export const VOTE_REFUSALS = ['not_allowed', 'voting_not_open', 'voting_closed', 'own_game', 'not_accepted', 'category_unknown'] as const;
export type VoteRefusal = (typeof VOTE_REFUSALS)[number];

export interface VotingWindow {
  voting_starts_at: string | null;
  voting_ends_at: string | null;
}

export type VotingPhase = 'not_open' | 'open' | 'closed';

/** Voting is open between its dates (either may be unset: open from the start, or until the organiser closes it). */
export function votingPhase(now: Date, window: VotingWindow): VotingPhase {
  if (window.voting_starts_at !== null && now.getTime() < Date.parse(window.voting_starts_at)) return 'not_open';
  if (window.voting_ends_at !== null && now.getTime() >= Date.parse(window.voting_ends_at)) return 'closed';
  return 'open';
}

/**
 * Whether a person's vote counts: they hold can_vote, voting is open, the entry is accepted, the
 * category is the showcase's, and the game is not their company's. The first failing reason wins.
 */
export function voteRefusal(input: {
  canVote: boolean;
  phase: VotingPhase;
  accepted: boolean;
  categoryKnown: boolean;
  ownGame: boolean;
}): VoteRefusal | null {
  if (!input.canVote) return 'not_allowed';
  if (input.phase === 'not_open') return 'voting_not_open';
  if (input.phase === 'closed') return 'voting_closed';
  if (!input.accepted) return 'not_accepted';
  if (!input.categoryKnown) return 'category_unknown';
  if (input.ownGame) return 'own_game';
  return null;
}

export interface TallyEntry {
  request_id: number;
  votes: number;
  /** Earlier submissions win ties, so the order is stable. */
  submitted_at: string;
}

/**
 * The top of one category: entries with at least `minVotes`, most votes first (ties: earlier
 * submission, then lower id), at most `limit` of them. Entries below the minimum never reach the finals.
 */
export function rankTop<T extends TallyEntry>(entries: readonly T[], minVotes: number, limit: number): (T & { rank: number })[] {
  return entries
    .filter((entry) => entry.votes >= minVotes)
    .sort((a, b) => b.votes - a.votes || Date.parse(a.submitted_at) - Date.parse(b.submitted_at) || a.request_id - b.request_id)
    .slice(0, Math.max(0, limit))
    .map((entry, index) => ({ ...entry, rank: index + 1 }));
}
