// Pure rules of jury voting, game polls, the publishers pavilion and showcase-to-deal (product.md
// sections 2, 3 and 6). Shared by the server, which decides, and the web, which shows.
import { votingPhase, type VotingPhase } from './games-rules.ts';

export const JURY_CRITERIA_MAX = 10;
export const JURY_CRITERION_NAME_MAX = 80;
export const JURY_SCORE_MAX_LIMIT = 100;
export const JURY_MAX_SCORE_DEFAULT = 10;
export const JURY_COMMENT_MAX = 2000;

/** Why a jury score was not saved (403 jury.score_refused, details.reason). */
export const JURY_REFUSALS = ['not_jury', 'not_open', 'closed', 'not_finalist', 'own_game'] as const;
export type JuryRefusal = (typeof JURY_REFUSALS)[number];

/** The jury window works as the voting window does: either date may be unset. */
export const juryPhase = (now: Date, window: { jury_starts_at: string | null; jury_ends_at: string | null }): VotingPhase =>
  votingPhase(now, { voting_starts_at: window.jury_starts_at, voting_ends_at: window.jury_ends_at });

/** Whether a juror's score counts; the first failing reason wins. */
export function juryRefusal(input: { isJury: boolean; phase: VotingPhase; finalist: boolean; ownGame: boolean }): JuryRefusal | null {
  if (!input.isJury) return 'not_jury';
  if (input.phase === 'not_open') return 'not_open';
  if (input.phase === 'closed') return 'closed';
  if (!input.finalist) return 'not_finalist';
  if (input.ownGame) return 'own_game';
  return null;
}

export interface JuryCriterionRef {
  id: number;
  max_score: number;
}

export interface JuryScoreRow {
  request_id: number;
  criterion_id: number;
  user_id: number;
  score: number;
}

export interface JuryTally {
  request_id: number;
  /** Mean score per criterion (null while nobody scored it), rounded to 2 decimals. */
  criteria: { criterion_id: number; mean: number | null; count: number }[];
  /** Mean of the criteria's means as a share of their maximum, 0..100 with 1 decimal; null while unscored. */
  total: number | null;
  /** Jurors who scored this finalist on at least one criterion. */
  jurors: number;
  rank: number | null;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The jury's results: per finalist, each criterion's mean, and a total in 0..100 (each criterion's
 * mean over its maximum, averaged over the criteria scored). Ranked by total, then by more jurors,
 * then by the finalists' order; unscored finalists come last without a rank.
 */
export function juryResults(finalists: readonly number[], criteria: readonly JuryCriterionRef[], scores: readonly JuryScoreRow[]): JuryTally[] {
  const byRequest = new Map<number, JuryScoreRow[]>();
  for (const row of scores) {
    const list = byRequest.get(row.request_id);
    if (list) list.push(row);
    else byRequest.set(row.request_id, [row]);
  }
  const results = finalists.map((requestId, order) => {
    const rows = byRequest.get(requestId) ?? [];
    const perCriterion = criteria.map((criterion) => {
      const own = rows.filter((row) => row.criterion_id === criterion.id);
      const mean = own.length === 0 ? null : own.reduce((sum, row) => sum + row.score, 0) / own.length;
      return { criterion_id: criterion.id, mean: mean === null ? null : round(mean, 2), count: own.length, share: mean === null ? null : mean / Math.max(1, criterion.max_score) };
    });
    const shares = perCriterion.flatMap((entry) => (entry.share === null ? [] : [entry.share]));
    const total = shares.length === 0 ? null : round((shares.reduce((sum, share) => sum + share, 0) / shares.length) * 100, 1);
    return {
      order,
      request_id: requestId,
      criteria: perCriterion.map(({ criterion_id, mean, count }) => ({ criterion_id, mean, count })),
      total,
      jurors: new Set(rows.map((row) => row.user_id)).size,
    };
  });
  const ranked = results
    .filter((result) => result.total !== null)
    .sort((a, b) => (b.total ?? 0) - (a.total ?? 0) || b.jurors - a.jurors || a.order - b.order);
  const unscored = results.filter((result) => result.total === null);
  return [...ranked.map((result, index) => ({ ...result, rank: index + 1 })), ...unscored.map((result) => ({ ...result, rank: null }))].map(({ order: _order, ...rest }) => rest);
}

/** Who sees a jury's results: the organisers always, the event's members once published. */
export const juryResultsVisible = (input: { isOrganizer: boolean; published: boolean }): boolean => input.isOrganizer || input.published;

// Game polls ----------------------------------------------------------------------------------

export const GAME_POLL_QUESTIONS_MAX = 10;
export const GAME_POLL_QUESTION_MAX = 300;
export const GAME_POLL_OPTIONS_MIN = 2;
export const GAME_POLL_OPTIONS_MAX = 10;
export const GAME_POLL_OPTION_MAX = 120;
export const GAME_POLL_TEXT_ANSWER_MAX = 1000;
export const GAME_POLL_KINDS = ['choice', 'text'] as const;
export type GamePollKind = (typeof GAME_POLL_KINDS)[number];

export const GAME_POLL_REFUSALS = ['not_allowed', 'own_game'] as const;
export type GamePollRefusal = (typeof GAME_POLL_REFUSALS)[number];

/** Who is looking at a game's poll answers. */
export interface PollViewer {
  /** Holds voting.jury in the event (the jury ticket feature; organisers too). */
  isJury: boolean;
  /** Belongs to the game's company (any company role). */
  isCompanyStaff: boolean;
  /** Platform staff, the event's organisers, or the event's moderators (role 2). */
  isModerator: boolean;
}

/**
 * Answers of a jury-only question are seen only by the jury, the game's company and moderators
 * (product.md section 6); every other question's answers are seen by whoever sees the game.
 */
export const pollAnswersVisible = (juryOnly: boolean, viewer: PollViewer): boolean => !juryOnly || viewer.isJury || viewer.isCompanyStaff || viewer.isModerator;

/** Answering needs the game_poll feature (voting.vote); a game's own company does not answer its poll. */
export function pollAnswerRefusal(input: { canVote: boolean; ownGame: boolean }): GamePollRefusal | null {
  if (!input.canVote) return 'not_allowed';
  if (input.ownGame) return 'own_game';
  return null;
}

/** Asking questions: the game's company admins, and the event's organisers (and platform staff). */
export const mayEditPoll = (input: { isCompanyAdmin: boolean; isOrganizer: boolean }): boolean => input.isCompanyAdmin || input.isOrganizer;

// Publishers and showcase-to-deal -------------------------------------------------------------

/** The company.business value of a publisher (dictionary-defaults: 2 Publisher). */
export const PUBLISHER_BUSINESS = 2;
/** publisher.genres keys (product.md section 3, fixed). */
export const PUBLISHER_GENRES = ['hypercasual', 'casual', 'midcore', 'hardcore'] as const;
export type PublisherGenre = (typeof PUBLISHER_GENRES)[number];

export const isPublisherCompany = (business: readonly number[]): boolean => business.includes(PUBLISHER_BUSINESS);

export const DEAL_CAUSES = ['vote', 'favorite', 'poll'] as const;
export type DealCause = (typeof DEAL_CAUSES)[number];
/** Times free for both offered with a suggestion. */
export const DEAL_SLOTS = 3;

/**
 * Showcase-to-deal: a publisher's interest in a game (a vote, a star, a poll answer) tells the
 * game's developers once per event, publisher and game; never about one's own company's game.
 */
export function dealSuggested(input: { isPublisher: boolean; ownGame: boolean; alreadySuggested: boolean }): boolean {
  return input.isPublisher && !input.ownGame && !input.alreadySuggested;
}

// Press kit -----------------------------------------------------------------------------------

export const PRESS_KIT_ITEMS_MAX = 50;
export const PRESS_KIT_TITLE_MAX = 200;
export const PRESS_KIT_DESCRIPTION_MAX = 1000;
/** A press kit file: up to 50 MB of pdf, zip, png, jpg or mp4 (sniffed from the bytes, never the name). */
export const PRESS_KIT_FILE_MAX_BYTES = 50 * 1024 * 1024;
export const PRESS_KIT_FILE_TYPES = ['application/pdf', 'application/zip', 'image/png', 'image/jpeg', 'video/mp4'] as const;
