// The publishers pavilion, the expo hall, the Media page with its press kit, starred games and
// showcase-to-deal suggestions: the expo games service under /api/expo (contract.md section 7
// names it, not these calls; docs/decisions.md "Games: jury, polls, publishers, expo and media").
import { z } from 'zod';
import { dataOf, pageOf, ZQueryIds, ZRef, ZSearchText, ZTimestamp } from './common.ts';
import { DEAL_CAUSES, PRESS_KIT_DESCRIPTION_MAX, PRESS_KIT_FILE_MAX_BYTES, PRESS_KIT_ITEMS_MAX, PRESS_KIT_TITLE_MAX, PUBLISHER_GENRES } from './expo-rules.ts';
import { ZGameCard } from './games.ts';
import { ZEventId } from './members.ts';
import { defineRoute } from './route.ts';
import { ZWebsite } from './validation.ts';

const ZId = z.coerce.number().int().min(1).max(2_147_483_647);
const ZEventPath = z.object({ eventId: ZEventId });

/** A person of a company one can ask for a meeting in this event. */
export const ZBoothPerson = z
  .object({ member_id: z.number().int(), user_id: z.number().int(), first_name: z.string(), last_name: z.string(), job: z.string().nullable(), avatar_url: z.string().nullable() })
  .meta({ id: 'BoothPerson' });
export type BoothPerson = z.infer<typeof ZBoothPerson>;

const ZCompanyHead = z.object({
  id: z.number().int(),
  name: z.string(),
  logo_url: z.string().nullable(),
  sponsor_type: z.number().int().min(0).max(9).nullable(),
  /** Markdown's first paragraph as plain text, at most 300 characters. */
  summary: z.string(),
  site: z.string().nullable(),
  has_chat: z.boolean(),
});

// Publishers pavilion -------------------------------------------------------------------------

export const ZPublisher = ZCompanyHead.extend({
  looking_for: z.array(ZRef),
  genres: z.array(z.enum(PUBLISHER_GENRES)),
  /** The company's people in this event who take meetings (the "request a meeting" targets), at most 3. */
  contacts: z.array(ZBoothPerson),
}).meta({ id: 'Publisher' });
export type Publisher = z.infer<typeof ZPublisher>;

export const listPublishers = defineRoute({
  id: 'expo.publishers',
  method: 'GET',
  path: '/api/expo/{eventId}/publishers',
  summary:
    "The publishers pavilion: the event's companies in business Publisher, with what they look for and the genres they take; filter[looking_for] (publisher.looking_for ids), filter[genres] (hypercasual, casual, midcore, hardcore; any of them), filter[query] by name. Sponsors first, then by name",
  tags: ['expo'],
  auth: true,
  params: ZEventPath,
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
    'filter[looking_for]': ZQueryIds(20).optional(),
    'filter[genres]': z.union([z.enum(PUBLISHER_GENRES), z.array(z.enum(PUBLISHER_GENRES)).max(PUBLISHER_GENRES.length)]).optional(),
    'filter[query]': ZSearchText.optional(),
  }),
  response: pageOf(ZPublisher),
  errors: [400, 401, 403, 404],
});

// Expo hall -----------------------------------------------------------------------------------

export const ZBooth = ZCompanyHead.extend({
  /** The stand at the venue (the event's company location), when set. */
  location: z.string().nullable(),
  games: z.array(ZGameCard),
  contacts: z.array(ZBoothPerson),
}).meta({ id: 'Booth' });
export type Booth = z.infer<typeof ZBooth>;

export const listBooths = defineRoute({
  id: 'expo.booths',
  method: 'GET',
  path: '/api/expo/{eventId}/expo',
  summary:
    "The expo hall: the event's companies that hold a sponsor tier or have games, as booths ranked by tier (the companies list's order), then by name; each with up to 6 games and up to 3 people to meet. filter[tier] keeps some tiers",
  tags: ['expo'],
  auth: true,
  params: ZEventPath,
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(60).optional(),
    'filter[tier]': ZQueryIds(10).optional(),
    'filter[query]': ZSearchText.optional(),
  }),
  response: pageOf(ZBooth),
  errors: [400, 401, 403, 404],
});

// Media ---------------------------------------------------------------------------------------

export const ZPressKitItem = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    kind: z.enum(['file', 'link']),
    /** A link's address, or the file's download address (same origin). */
    url: z.string(),
    file_name: z.string().nullable(),
    file_size: z.number().int().nullable(),
    content_type: z.string().nullable(),
    position: z.number().int(),
    created_at: ZTimestamp,
  })
  .meta({ id: 'PressKitItem' });
export type PressKitItem = z.infer<typeof ZPressKitItem>;

export const getMediaPage = defineRoute({
  id: 'expo.media',
  method: 'GET',
  path: '/api/expo/{eventId}/media',
  summary: "The Media page: the event's media partners (companies the organisers marked) and its press kit",
  tags: ['expo'],
  auth: true,
  params: ZEventPath,
  response: dataOf(z.object({ partners: z.array(ZCompanyHead.meta({ id: 'MediaPartner' })), press_kit: z.array(ZPressKitItem) })),
  errors: [400, 401, 403, 404],
});

export const downloadPressKitFile = defineRoute({
  id: 'expo.press_kit.file',
  method: 'GET',
  path: '/api/expo/{eventId}/press-kit/{itemId}/file',
  summary: 'Download a press kit file (as an attachment, with its sniffed type)',
  tags: ['expo'],
  auth: true,
  params: ZEventPath.extend({ itemId: ZId }),
  response: z.unknown(),
  errors: [400, 401, 403, 404],
});

// Starred games and showcase-to-deal ----------------------------------------------------------

const ZGameInEvent = ZEventPath.extend({ id: ZId });

export const listFavoriteGames = defineRoute({
  id: 'expo.favorite_games',
  method: 'GET',
  path: '/api/expo/{eventId}/games/favorites',
  summary: 'The games the reader starred',
  tags: ['expo', 'favorites'],
  auth: true,
  params: ZEventPath,
  response: z.object({ data: z.array(ZGameCard) }),
  errors: [400, 401, 403, 404],
});

export const favoriteGame = defineRoute({
  id: 'expo.favorite_game',
  method: 'PUT',
  path: '/api/expo/{eventId}/games/{id}/favorite',
  summary: "Star a game (a publisher's star suggests a meeting to the game's developers, once)",
  tags: ['expo', 'favorites'],
  auth: true,
  params: ZGameInEvent,
  response: dataOf(z.object({ game_id: z.number().int(), favorite: z.boolean() })),
  errors: [400, 401, 403, 404],
});

export const unfavoriteGame = defineRoute({
  id: 'expo.unfavorite_game',
  method: 'DELETE',
  path: '/api/expo/{eventId}/games/{id}/favorite',
  summary: 'Take a star back',
  tags: ['expo', 'favorites'],
  auth: true,
  params: ZGameInEvent,
  response: dataOf(z.object({ game_id: z.number().int(), favorite: z.boolean() })),
  errors: [400, 401, 403, 404],
});

export const ZDealSuggestion = z
  .object({
    publisher: ZBoothPerson,
    company: z.object({ id: z.number().int(), name: z.string(), logo_url: z.string().nullable() }).nullable(),
    game: z.object({ id: z.number().int(), name: z.string() }),
    cause: z.enum(DEAL_CAUSES),
    /** Times free for both (the meetings' find-a-time), looked up when listed. */
    slots: z.array(z.object({ starts_at: ZTimestamp, ends_at: ZTimestamp, location_id: z.number().int() })),
    created_at: ZTimestamp,
  })
  .meta({ id: 'DealSuggestion' });
export type DealSuggestion = z.infer<typeof ZDealSuggestion>;

export const listDealSuggestions = defineRoute({
  id: 'expo.deal_suggestions',
  method: 'GET',
  path: '/api/expo/{eventId}/deal-suggestions',
  summary: "Showcase-to-deal: publishers who voted for, starred or answered the poll of the reader's companies' games, newest first, each with times free for both",
  tags: ['expo'],
  auth: true,
  params: ZEventPath,
  response: z.object({ data: z.array(ZDealSuggestion) }),
  errors: [400, 401, 403, 404],
});

// Back office ---------------------------------------------------------------------------------

const ZAdminPath = z.object({ eventId: ZEventId });

export const adminListPressKit = defineRoute({
  id: 'admin.press_kit.list',
  method: 'GET',
  path: '/api/admin/v1/events/{eventId}/press-kit',
  summary: "The event's press kit and its media partners (company ids)",
  tags: ['admin', 'expo'],
  auth: true,
  params: ZAdminPath,
  response: dataOf(z.object({ items: z.array(ZPressKitItem), partner_ids: z.array(z.number().int()) })),
  errors: [400, 401, 403, 404],
});

export const adminAddPressKitLink = defineRoute({
  id: 'admin.press_kit.link',
  method: 'POST',
  path: '/api/admin/v1/events/{eventId}/press-kit/links',
  summary: `Add a link to the press kit (https, at most ${PRESS_KIT_ITEMS_MAX} items; 409 beyond)`,
  tags: ['admin', 'expo'],
  auth: true,
  params: ZAdminPath,
  body: z.object({ title: z.string().trim().min(1).max(PRESS_KIT_TITLE_MAX), description: z.string().trim().max(PRESS_KIT_DESCRIPTION_MAX).optional(), url: ZWebsite }),
  response: dataOf(ZPressKitItem),
  status: 201,
  errors: [400, 401, 403, 404, 409, 422],
});

export const adminUploadPressKitFile = defineRoute({
  id: 'admin.press_kit.file',
  method: 'POST',
  path: '/api/admin/v1/events/{eventId}/press-kit/files',
  summary: `Add a file to the press kit (multipart: title, description, file; pdf, zip, png, jpg or mp4 by content, up to ${PRESS_KIT_FILE_MAX_BYTES / 1024 / 1024} MB: 413, 415)`,
  tags: ['admin', 'expo'],
  auth: true,
  params: ZAdminPath,
  response: dataOf(ZPressKitItem),
  status: 201,
  errors: [400, 401, 403, 404, 409, 413, 415, 422],
});

export const adminDeletePressKitItem = defineRoute({
  id: 'admin.press_kit.delete',
  method: 'DELETE',
  path: '/api/admin/v1/events/{eventId}/press-kit/{itemId}',
  summary: 'Remove a press kit item (and its file)',
  tags: ['admin', 'expo'],
  auth: true,
  params: ZAdminPath.extend({ itemId: ZId }),
  response: dataOf(z.object({ id: z.number().int(), deleted: z.boolean() })),
  errors: [400, 401, 403, 404],
});

export const adminSortPressKit = defineRoute({
  id: 'admin.press_kit.sort',
  method: 'PUT',
  path: '/api/admin/v1/events/{eventId}/press-kit/sort',
  summary: 'Order the press kit: every item id once (422 otherwise)',
  tags: ['admin', 'expo'],
  auth: true,
  params: ZAdminPath,
  body: z.object({ ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(PRESS_KIT_ITEMS_MAX) }),
  response: z.object({ data: z.array(ZPressKitItem) }),
  errors: [400, 401, 403, 404, 422],
});

export const adminSetMediaPartners = defineRoute({
  id: 'admin.media_partners.set',
  method: 'PUT',
  path: '/api/admin/v1/events/{eventId}/media-partners',
  summary: "Mark the event's media partners (companies of the event; 422 for a company not in it)",
  tags: ['admin', 'expo'],
  auth: true,
  params: ZAdminPath,
  body: z.object({ company_ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(200) }),
  response: dataOf(z.object({ partner_ids: z.array(z.number().int()) })),
  errors: [400, 401, 403, 404, 422],
});
