// The showcase and its voting (product.md sections 2, 5, 6): an event's showcases, their entries
// ("requests"), votes, the top page, and their back office, under the expo games service /api/expo
// (docs/decisions.md, Games and the showcase).
import { z } from 'zod';
import { dataOf, pageOf, ZQueryFlag, ZQueryIds, ZSearchText, ZTimestamp } from './common.ts';
import {
  GAME_TEXT_MAX,
  REQUEST_STATUSES,
  SHOWCASE_CATEGORIES_MAX,
  SHOWCASE_CATEGORIES_MIN,
  SHOWCASE_CATEGORY_NAME_MAX,
  SHOWCASE_SLUG_PATTERN,
  SHOWCASE_TITLE_MAX,
  VOTE_REFUSALS,
} from './games-rules.ts';
import { ZGame, ZGameCard } from './games.ts';
import { ZEventId } from './members.ts';
import { defineRoute } from './route.ts';

const ZId = z.coerce.number().int().min(1).max(2_147_483_647);

// Showcase ------------------------------------------------------------------------------------

export const ZShowcaseCategory = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'ShowcaseCategory' });

export const ZShowcase = z
  .object({
    id: z.number().int(),
    event_id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    categories: z.array(ZShowcaseCategory),
    submissions_open: z.boolean(),
    voting_starts_at: ZTimestamp.nullable(),
    voting_ends_at: ZTimestamp.nullable(),
    voting: z.enum(['not_open', 'open', 'closed']),
    min_votes: z.number().int(),
    top_count: z.number().int(),
    accepted: z.number().int(),
    /** The reader may vote (can_vote: the game_poll ticket feature). */
    can_vote: z.boolean(),
  })
  .meta({ id: 'Showcase' });
export type Showcase = z.infer<typeof ZShowcase>;

export const ZShowcaseVote = z.object({ category_id: z.number().int(), request_id: z.number().int() });

/** A game submitted to a showcase (a "request"), as voters see it. */
export const ZShowcaseEntry = z
  .object({
    id: z.number().int(),
    showcase_id: z.number().int(),
    showcase_slug: z.string(),
    status: z.enum(REQUEST_STATUSES),
    game: ZGameCard,
    /** Votes per category of the showcase. */
    votes: z.array(z.object({ category_id: z.number().int(), votes: z.number().int() })),
    /** Categories in which the reader's vote is for this entry. */
    my_votes: z.array(z.number().int()),
    submitted_at: ZTimestamp,
  })
  .meta({ id: 'ShowcaseEntry' });
export type ShowcaseEntry = z.infer<typeof ZShowcaseEntry>;

const ZEventPath = z.object({ eventId: ZEventId });
const ZShowcasePath = ZEventPath.extend({ slug: z.string().regex(SHOWCASE_SLUG_PATTERN) });
const ZRequestPath = ZEventPath.extend({ requestId: ZId });

export const listShowcases = defineRoute({
  id: 'showcases.list',
  method: 'GET',
  path: '/api/expo/{eventId}/showcases',
  summary: "The event's showcases (members of the event)",
  tags: ['showcase'],
  auth: true,
  params: ZEventPath,
  response: z.object({ data: z.array(ZShowcase) }),
  errors: [400, 401, 403, 404],
});

export const getShowcase = defineRoute({
  id: 'showcases.get',
  method: 'GET',
  path: '/api/expo/{eventId}/showcases/{slug}',
  summary: 'One showcase with its categories, dates and voting state, and the reader\'s votes (meta.my_votes)',
  tags: ['showcase'],
  auth: true,
  params: ZShowcasePath,
  response: z.object({ data: ZShowcase, meta: z.object({ my_votes: z.array(ZShowcaseVote) }) }),
  errors: [400, 401, 403, 404],
});

export const listShowcaseEntries = defineRoute({
  id: 'showcases.entries',
  method: 'GET',
  path: '/api/expo/{eventId}/showcases/{slug}/requests',
  summary:
    "Accepted games of a showcase, filter[platform], filter[genre], filter[stage] (several values each), filter[query] by name; filter[mine]=1 lists the reader's companies' entries instead, whatever their status (pending and rejected ones with the reason)",
  tags: ['showcase'],
  auth: true,
  params: ZShowcasePath,
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
    'filter[platform]': ZQueryIds(20).optional(),
    'filter[genre]': ZQueryIds(20).optional(),
    'filter[stage]': ZQueryIds(20).optional(),
    'filter[query]': ZSearchText.optional(),
    'filter[mine]': ZQueryFlag.optional(),
  }),
  response: pageOf(ZShowcaseEntry.extend({ reason: z.string().nullable().optional() })),
  errors: [400, 401, 403, 404],
});

export const getShowcaseEntry = defineRoute({
  id: 'showcases.entry',
  method: 'GET',
  path: '/api/expo/{eventId}/showcase-requests/{requestId}',
  summary: "One entry (showcase-game/{requestId}) with the whole game; pending and rejected ones only for the game's company and organisers",
  tags: ['showcase'],
  auth: true,
  params: ZRequestPath,
  response: dataOf(ZShowcaseEntry.extend({ game: ZGame })),
  errors: [400, 401, 403, 404],
});

export const submitShowcaseEntry = defineRoute({
  id: 'showcases.submit',
  method: 'POST',
  path: '/api/expo/{eventId}/showcases/{slug}/requests',
  summary: "Submit a game of one's company to a showcase while submissions are open (409 showcase.already_submitted, showcase.submissions_closed); the organisers accept or reject it",
  tags: ['showcase'],
  auth: true,
  params: ZShowcasePath,
  body: z.object({ game_id: z.number().int().min(1).max(2_147_483_647) }),
  response: dataOf(ZShowcaseEntry),
  status: 201,
  errors: [400, 401, 403, 404, 409],
});

export const ZVoteResult = z.object({ counted: z.boolean(), entry: ZShowcaseEntry }).meta({ id: 'VoteResult' });

export const voteShowcaseEntry = defineRoute({
  id: 'showcases.vote',
  method: 'PUT',
  path: '/api/expo/{eventId}/showcase-requests/{requestId}/votes/{categoryId}',
  summary: `Vote for an entry in one category: one vote per person per category (a vote for another entry in the category moves it there while voting is open). 403 vote.not_counted with details.reason (${VOTE_REFUSALS.join(', ')})`,
  tags: ['showcase'],
  auth: true,
  params: ZRequestPath.extend({ categoryId: ZId }),
  response: dataOf(ZVoteResult),
  errors: [400, 401, 403, 404],
});

export const unvoteShowcaseEntry = defineRoute({
  id: 'showcases.unvote',
  method: 'DELETE',
  path: '/api/expo/{eventId}/showcase-requests/{requestId}/votes/{categoryId}',
  summary: 'Take back one\'s vote for an entry in a category while voting is open',
  tags: ['showcase'],
  auth: true,
  params: ZRequestPath.extend({ categoryId: ZId }),
  response: dataOf(ZVoteResult),
  errors: [400, 401, 403, 404],
});

export const ZTopCategory = z
  .object({
    category: ZShowcaseCategory,
    entries: z.array(z.object({ rank: z.number().int(), votes: z.number().int(), entry: ZShowcaseEntry })),
  })
  .meta({ id: 'ShowcaseTopCategory' });

export const getShowcaseTop = defineRoute({
  id: 'showcases.top',
  method: 'GET',
  path: '/api/expo/{eventId}/showcases/{slug}/top',
  summary: 'The top entries of each category: at least min_votes votes (the finals), most votes first, at most top_count each',
  tags: ['showcase'],
  auth: true,
  params: ZShowcasePath,
  response: z.object({ data: z.array(ZTopCategory), meta: z.object({ min_votes: z.number().int(), top_count: z.number().int() }) }),
  errors: [400, 401, 403, 404],
});

export const gameShowcaseTarget = defineRoute({
  id: 'games.showcase_target',
  method: 'GET',
  path: '/api/expo/{eventId}/games/{id}/target',
  summary: "Where /games/{id} leads in this event: the game's accepted showcase entry (request_id) when it has one, else its page (request_id null)",
  tags: ['games', 'showcase'],
  auth: true,
  params: ZEventPath.extend({ id: ZId }),
  response: dataOf(z.object({ game_id: z.number().int(), request_id: z.number().int().nullable(), showcase_slug: z.string().nullable() })),
  errors: [400, 401, 403, 404],
});

// Back office ---------------------------------------------------------------------------------

export const ZShowcaseInput = z.object({
  slug: z.string().regex(SHOWCASE_SLUG_PATTERN),
  title: z.string().trim().min(1).max(SHOWCASE_TITLE_MAX),
  description: z.string().max(GAME_TEXT_MAX).optional(),
  /** Existing categories keep their id (votes stay with them); new ones have none. */
  categories: z
    .array(z.object({ id: z.number().int().min(1).max(2_147_483_647).optional(), name: z.string().trim().min(1).max(SHOWCASE_CATEGORY_NAME_MAX) }))
    .min(SHOWCASE_CATEGORIES_MIN)
    .max(SHOWCASE_CATEGORIES_MAX),
  submissions_open: z.boolean(),
  voting_starts_at: ZTimestamp.nullable(),
  voting_ends_at: ZTimestamp.nullable(),
  min_votes: z.number().int().min(0).max(100_000),
  top_count: z.number().int().min(1).max(100),
});
export type ShowcaseInput = z.infer<typeof ZShowcaseInput>;

export const ZAdminShowcaseEntry = ZShowcaseEntry.extend({ decided_at: ZTimestamp.nullable(), reason: z.string().nullable() }).meta({ id: 'AdminShowcaseEntry' });

const ZAdminPath = z.object({ eventId: ZEventId });

export const adminListShowcases = defineRoute({
  id: 'admin.showcases.list',
  method: 'GET',
  path: '/api/admin/v1/events/{eventId}/showcases',
  summary: "The event's showcases (organisers)",
  tags: ['admin', 'showcase'],
  auth: true,
  params: ZAdminPath,
  response: z.object({ data: z.array(ZShowcase) }),
  errors: [400, 401, 403, 404],
});

export const adminCreateShowcase = defineRoute({
  id: 'admin.showcases.create',
  method: 'POST',
  path: '/api/admin/v1/events/{eventId}/showcases',
  summary: 'Open a showcase with its categories and dates (409 showcase.slug_taken; 422 showcase.invalid when voting ends before it starts)',
  tags: ['admin', 'showcase'],
  auth: true,
  params: ZAdminPath,
  body: ZShowcaseInput,
  response: dataOf(ZShowcase),
  status: 201,
  errors: [400, 401, 403, 404, 409, 422],
});

export const adminUpdateShowcase = defineRoute({
  id: 'admin.showcases.update',
  method: 'PUT',
  path: '/api/admin/v1/events/{eventId}/showcases/{showcaseId}',
  summary: 'Change a showcase; a category with votes cannot be dropped (409 showcase.category_has_votes)',
  tags: ['admin', 'showcase'],
  auth: true,
  params: ZAdminPath.extend({ showcaseId: ZId }),
  body: ZShowcaseInput,
  response: dataOf(ZShowcase),
  errors: [400, 401, 403, 404, 409, 422],
});

export const adminListShowcaseEntries = defineRoute({
  id: 'admin.showcases.entries',
  method: 'GET',
  path: '/api/admin/v1/events/{eventId}/showcases/{showcaseId}/requests',
  summary: 'Every entry of a showcase, filter[status] pending, accepted or rejected',
  tags: ['admin', 'showcase'],
  auth: true,
  params: ZAdminPath.extend({ showcaseId: ZId }),
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
    'filter[status]': z.enum(REQUEST_STATUSES).optional(),
  }),
  response: pageOf(ZAdminShowcaseEntry),
  errors: [400, 401, 403, 404],
});

export const adminDecideShowcaseEntry = defineRoute({
  id: 'admin.showcases.decide',
  method: 'POST',
  path: '/api/admin/v1/events/{eventId}/showcase-requests/{requestId}/decision',
  summary: "Accept or reject an entry (a reason for a rejection); the game's company is told",
  tags: ['admin', 'showcase'],
  auth: true,
  params: ZAdminPath.extend({ requestId: ZId }),
  body: z.object({ status: z.enum(['accepted', 'rejected']), reason: z.string().trim().max(500).optional() }),
  response: dataOf(ZAdminShowcaseEntry),
  errors: [400, 401, 403, 404],
});
