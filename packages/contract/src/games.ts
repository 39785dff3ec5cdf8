// Games, the showcase and its voting: the expo games service under /api/expo (contract.md section
// 7 names the service, not its calls; they follow the style of section 7, docs/decisions.md Games).
import { z } from 'zod';
import { dataOf, pageOf, ZQueryFlag, ZQueryIds, ZSearchText, ZTimestamp } from './common.ts';
import {
  GAME_LINKS_MAX,
  GAME_MEDIA_CATEGORIES,
  GAME_NAME_MAX,
  GAME_PLATFORMS_MAX,
  GAME_SCREENSHOTS_MAX,
  GAME_TEXT_MAX,
  REQUEST_STATUSES,
  SHOWCASE_CATEGORIES_MAX,
  SHOWCASE_CATEGORIES_MIN,
  SHOWCASE_CATEGORY_NAME_MAX,
  SHOWCASE_SLUG_PATTERN,
  SHOWCASE_TITLE_MAX,
  VOTE_REFUSALS,
} from './games-rules.ts';
import { ZEventId } from './members.ts';
import { defineRoute } from './route.ts';
import { DATE_YEAR_MAX, DATE_YEAR_MIN, ZWebsite, ZYoutubeLink } from './validation.ts';

const ZId = z.coerce.number().int().min(1).max(2_147_483_647);
const ZDictValue = z.number().int().min(0).max(2_147_483_647);
/** A calendar date (YYYY-MM-DD) in the years the API accepts; an empty date is sent as null (product.md section 5). */
const ZDate = z.iso.date().refine((value) => {
  const year = Number(value.slice(0, 4));
  return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;
}, { params: { rule: 'date_range' } });

export const ZGameMedia = z
  .object({ id: z.number().int(), category: z.enum(GAME_MEDIA_CATEGORIES), url: z.string(), thumb_url: z.string().nullable(), position: z.number().int() })
  .meta({ id: 'GameMedia' });
export type GameMedia = z.infer<typeof ZGameMedia>;

export const ZGameLink = z.object({ title: z.string().trim().min(1).max(100), url: z.string() }).meta({ id: 'GameLink' });

export const ZGameTeamMember = z
  .object({ user_id: z.number().int(), member_id: z.number().int().nullable(), first_name: z.string(), last_name: z.string(), job: z.string().nullable(), avatar_url: z.string().nullable() })
  .meta({ id: 'GameTeamMember' });

/** A game card (lists, the showcase). */
export const ZGameCard = z
  .object({
    id: z.number().int(),
    name: z.string(),
    developer: z.string(),
    company: z.object({ id: z.number().int(), name: z.string(), logo_url: z.string().nullable() }),
    icon_url: z.string().nullable(),
    cover_url: z.string().nullable(),
    platforms: z.array(z.number().int()),
    genre: z.number().int().nullable(),
    stage: z.number().int().nullable(),
    /** Votes of every showcase this game is in. */
    votes: z.number().int(),
  })
  .meta({ id: 'GameCard' });
export type GameCard = z.infer<typeof ZGameCard>;

/** The Game of product.md section 3, every field. */
export const ZGame = ZGameCard.extend({
  description: z.string(),
  budget: z.number().int().nullable(),
  pitch_deck_url: z.string().nullable(),
  build_url: z.string().nullable(),
  /** The YouTube trailer as entered, and its player address (youtube-nocookie). */
  video_url: z.string().nullable(),
  video_embed_url: z.string().nullable(),
  gameplay_url: z.string().nullable(),
  planned_date: z.string().nullable(),
  development_start: z.string().nullable(),
  release_date: z.string().nullable(),
  engine: z.number().int().nullable(),
  monetization: z.number().int().nullable(),
  screenshots: z.array(ZGameMedia),
  links: z.array(ZGameLink),
  team: z.array(ZGameTeamMember),
  /** The reader may edit it (the game's company admins, platform staff). */
  can_edit: z.boolean(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
}).meta({ id: 'Game' });
export type Game = z.infer<typeof ZGame>;

const optionalUrl = ZWebsite.nullish();

export const ZGameInput = z.object({
  name: z.string().trim().min(1).max(GAME_NAME_MAX),
  developer: z.string().trim().min(1).max(GAME_NAME_MAX),
  description: z.string().max(GAME_TEXT_MAX).optional(),
  budget: ZDictValue.nullish(),
  pitch_deck_url: optionalUrl,
  build_url: optionalUrl,
  /** YouTube link rule: empty allowed, else a valid YouTube link ('Incorrect YouTube link.'). */
  video_url: ZYoutubeLink.nullish(),
  gameplay_url: optionalUrl,
  planned_date: ZDate.nullish(),
  development_start: ZDate.nullish(),
  release_date: ZDate.nullish(),
  platforms: z.array(ZDictValue).max(GAME_PLATFORMS_MAX).optional(),
  genre: ZDictValue.nullish(),
  engine: ZDictValue.nullish(),
  monetization: ZDictValue.nullish(),
  stage: ZDictValue.nullish(),
  links: z.array(z.object({ title: z.string().trim().min(1).max(100), url: ZWebsite.pipe(z.string()) })).max(GAME_LINKS_MAX).optional(),
});
export type GameInput = z.input<typeof ZGameInput>;

const ZGamePath = z.object({ id: ZId });

export const listGames = defineRoute({
  id: 'games.list',
  method: 'GET',
  path: '/api/expo/games',
  summary:
    "Games: filter[company_id] a company's, filter[mine]=1 the signed-in person's companies', filter[editable]=1 those of the companies they admin (what they may submit to a showcase), filter[query] by name",
  tags: ['games'],
  auth: true,
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
    'filter[company_id]': ZId.optional(),
    'filter[mine]': z.enum(['1', '0', 'true', 'false']).optional(),
    'filter[editable]': ZQueryFlag.optional(),
    'filter[query]': ZSearchText.optional(),
  }),
  response: pageOf(ZGameCard),
  errors: [400, 401],
});

export const getGame = defineRoute({
  id: 'games.get',
  method: 'GET',
  path: '/api/expo/games/{id}',
  summary: 'One game with every field, its screenshots, links, team and company; with event_id, the team members of that event carry their member_id (to request a meeting)',
  tags: ['games'],
  auth: true,
  params: ZGamePath,
  query: z.object({ event_id: ZEventId.optional() }),
  response: dataOf(ZGame),
  errors: [400, 401, 404],
});

export const createGame = defineRoute({
  id: 'games.create',
  method: 'POST',
  path: '/api/expo/games',
  summary:
    "Create a game of the signed-in person's company (422 game.no_company without one; company_id picks one when the person admins several). Pictures follow with POST /api/expo/games/{id}/media",
  tags: ['games'],
  auth: true,
  body: ZGameInput.extend({ company_id: z.number().int().min(1).max(2_147_483_647).optional() }),
  response: dataOf(ZGame),
  status: 201,
  errors: [400, 401, 403, 422],
});

export const updateGame = defineRoute({
  id: 'games.update',
  method: 'PUT',
  path: '/api/expo/games/{id}',
  summary: "Change a game (the game's company admins and platform staff; 403 game.forbidden otherwise)",
  tags: ['games'],
  auth: true,
  params: ZGamePath,
  body: ZGameInput,
  response: dataOf(ZGame),
  errors: [400, 401, 403, 404],
});

export const deleteGame = defineRoute({
  id: 'games.delete',
  method: 'DELETE',
  path: '/api/expo/games/{id}',
  summary: 'Delete a game: platform staff only (403 game.delete_forbidden: developers ask support, product.md section 6)',
  tags: ['games'],
  auth: true,
  params: ZGamePath,
  response: dataOf(z.object({ id: z.number().int(), deleted: z.boolean() })),
  errors: [400, 401, 403, 404],
});

export const uploadGameMedia = defineRoute({
  id: 'games.media.upload',
  method: 'POST',
  path: '/api/expo/games/{id}/media',
  summary: `Add a picture to a game (multipart: category = icon, cover or screenshot, media; png, jpg, gif up to 10 MB). A new icon or cover replaces the old one; at most ${GAME_SCREENSHOTS_MAX} screenshots (409 game.too_many_screenshots)`,
  tags: ['games', 'media'],
  auth: true,
  params: ZGamePath,
  response: dataOf(ZGameMedia),
  status: 201,
  errors: [400, 401, 403, 404, 409, 413, 415],
});

export const deleteGameMedia = defineRoute({
  id: 'games.media.delete',
  method: 'DELETE',
  path: '/api/expo/games/{id}/media/{mediaId}',
  summary: 'Remove a picture of a game',
  tags: ['games', 'media'],
  auth: true,
  params: ZGamePath.extend({ mediaId: ZId }),
  response: dataOf(z.object({ id: z.number().int(), deleted: z.boolean() })),
  errors: [400, 401, 403, 404],
});

export const sortGameScreenshots = defineRoute({
  id: 'games.screenshots.sort',
  method: 'PUT',
  path: '/api/expo/games/{id}/screenshots/sort',
  summary: "Order the game's screenshots: every screenshot id once (422 game.sort_invalid otherwise)",
  tags: ['games', 'media'],
  auth: true,
  params: ZGamePath,
  body: z.object({ ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(GAME_SCREENSHOTS_MAX) }),
  response: z.object({ data: z.array(ZGameMedia) }),
  errors: [400, 401, 403, 404, 422],
});

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
