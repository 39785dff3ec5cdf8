import { buildPath, routes, type Game, type GameMedia, type GameMediaCategory } from '@lobby/contract';
import { apiQuery } from '../../api/client.ts';
import { ApiError, NetworkError } from '../../api/errors.ts';
import { queryClient } from '../../api/query-client.ts';
import { refreshSession } from '../../api/refresh.ts';
import { isExpiring, readToken } from '../../api/session.ts';
import { currentLanguage } from '../../i18n/index.ts';

// The games' calls (packages/contract/src/games.ts) and what they change in the query cache.

/** One game; with an event, its team members of that event carry their member id (meeting requests). */
export const gameQuery = (id: number, eventId?: number) => apiQuery(routes.getGame, { params: { id }, query: eventId === undefined ? {} : { event_id: eventId } });

/** The games of the signed-in person's companies. */
export const myGamesQuery = () => apiQuery(routes.listGames, { query: { 'filter[mine]': '1', per_page: 100 } });

/** A game changed: every list and page showing games reads it again. */
export const refreshGames = () =>
  queryClient.invalidateQueries({
    predicate: (q) => [routes.getGame.id, routes.listGames.id, routes.getShowcaseEntry.id, routes.listShowcaseEntries.id].includes(String(q.queryKey[0])),
  });

/** Sends one picture of a game (multipart: category, media) and answers its media row. XHR for the progress. */
export async function uploadGamePicture(gameId: number, category: GameMediaCategory, file: File, onProgress: (fraction: number) => void = () => {}): Promise<GameMedia> {
  let token = readToken();
  if (token && isExpiring(token)) token = (await refreshSession(token.access_token)) ?? token;
  const form = new FormData();
  form.append('category', category);
  form.append('media', file);
  const path = buildPath(routes.uploadGameMedia.path, { id: gameId });
  return new Promise<GameMedia>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('accept-language', currentLanguage());
    if (token) request.setRequestHeader('authorization', `Bearer ${token.access_token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new NetworkError(new Error('upload failed')));
    request.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = undefined;
      }
      if (request.status < 200 || request.status >= 300) return reject(ApiError.from(request.status, payload));
      const media = (payload as { data?: GameMedia } | undefined)?.data;
      return media && typeof media.id === 'number' ? resolve(media) : reject(ApiError.from(500, payload));
    };
    request.send(form);
  });
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
