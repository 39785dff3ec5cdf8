// Games: the expo games service under /api/expo (contract.md section 7 names the service, not its
// calls; they follow the style of section 7, docs/decisions.md Games). The showcase is in showcase.ts.
import { z } from 'zod';
import { dataOf, pageOf, ZQueryFlag, ZSearchText, ZTimestamp } from './common.ts';
import {
  GAME_LINKS_MAX,
  GAME_MEDIA_CATEGORIES,
  GAME_NAME_MAX,
  GAME_PLATFORMS_MAX,
  GAME_SCREENSHOTS_MAX,
  GAME_TEXT_MAX,
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
