import { buildPath, routes, type Game, type GameMedia, type GameMediaCategory } from '@lobby/contract';
import { apiQuery } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { sendMultipart } from '../../api/multipart.ts';
import { queryClient } from '../../api/query-client.ts';

// The games' calls (packages/contract/src/games.ts) and what they change in the query cache.

/** One game; with an event, its team members of that event carry their member id (meeting requests). */
export const gameQuery = (id: number, eventId?: number) => apiQuery(routes.getGame, { params: { id }, query: eventId === undefined ? {} : { event_id: eventId } });

/** The games of the signed-in person's companies. */
export const myGamesQuery = () => apiQuery(routes.listGames, { query: { 'filter[mine]': '1', per_page: 100 } });
/** The games the reader may submit to a showcase: those of the companies they admin. */
export const editableGamesQuery = () => apiQuery(routes.listGames, { query: { 'filter[editable]': '1', per_page: 100 } });

/** A game changed: every list and page showing games reads it again. */
export const refreshGames = () =>
  queryClient.invalidateQueries({
    predicate: (q) => [routes.getGame.id, routes.listGames.id, routes.getShowcaseEntry.id, routes.listShowcaseEntries.id].includes(String(q.queryKey[0])),
  });

/** Sends one picture of a game (multipart: category, media) and answers its media row. */
export async function uploadGamePicture(gameId: number, category: GameMediaCategory, file: File, onProgress: (fraction: number) => void = () => {}): Promise<GameMedia> {
  const payload = await sendMultipart(buildPath(routes.uploadGameMedia.path, { id: gameId }), [['category', category], ['media', file]], onProgress);
  const media = (payload as { data?: GameMedia } | undefined)?.data;
  if (!media || typeof media.id !== 'number') throw ApiError.from(500, payload);
  return media;
}

/** Only https links reach the page (a game's links, pitch deck, build): anything else is shown as text. */
export function safeHttpsUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The player address, only when it is the fixed youtube-nocookie embed (contract: video_embed_url). */
export function safeEmbedUrl(game: Pick<Game, 'video_embed_url'>): string | null {
  const url = safeHttpsUrl(game.video_embed_url);
  return url && new URL(url).hostname === 'www.youtube-nocookie.com' ? url : null;
}
