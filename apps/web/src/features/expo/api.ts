import { buildPath, routes, type PressKitItem, type PublisherGenre } from '@lobby/contract';
import { apiQuery } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { sendMultipart } from '../../api/multipart.ts';
import { queryClient } from '../../api/query-client.ts';
import { refreshSession } from '../../api/refresh.ts';
import { isExpiring, readToken } from '../../api/session.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { filenameOf, safeLinkUrl } from './press-kit.ts';

// The expo calls (packages/contract/src/expo.ts): the publishers pavilion, the expo hall, the Media
// page with its press kit, starred games, deal suggestions and the press kit's back office.

export interface PublisherFilters {
  lookingFor: number[];
  genres: PublisherGenre[];
  query: string;
}

export const publishersQuery = (eventId: number, filters: PublisherFilters, page = 1) =>
  apiQuery(routes.listPublishers, {
    params: { eventId },
    query: {
      page,
      per_page: 24,
      ...(filters.lookingFor.length > 0 ? { 'filter[looking_for]': filters.lookingFor } : {}),
      ...(filters.genres.length > 0 ? { 'filter[genres]': filters.genres } : {}),
      ...(filters.query ? { 'filter[query]': filters.query } : {}),
    },
  });

export const boothsQuery = (eventId: number, page = 1) => apiQuery(routes.listBooths, { params: { eventId }, query: { page, per_page: 60 } });
export const mediaPageQuery = (eventId: number) => apiQuery(routes.getMediaPage, { params: { eventId } });
export const dealSuggestionsQuery = (eventId: number) => apiQuery(routes.listDealSuggestions, { params: { eventId } });
export const favoriteGamesQuery = (eventId: number) => apiQuery(routes.listFavoriteGames, { params: { eventId } });
export const adminPressKitQuery = (eventId: number) => apiQuery(routes.adminListPressKit, { params: { eventId } });

/** The press kit or the partners changed: the back office list and the Media page read them again. */
export const refreshPressKit = () =>
  queryClient.invalidateQueries({ predicate: (q) => [routes.adminListPressKit.id, routes.getMediaPage.id].includes(String(q.queryKey[0])) });

/** Sends one press kit file (multipart: title, description, file) and answers its item. */
export async function uploadPressKitFile(eventId: number, input: { title: string; description: string; file: File }, onProgress: (fraction: number) => void = () => {}): Promise<PressKitItem> {
  const payload = await sendMultipart(
    buildPath(routes.adminUploadPressKitFile.path, { eventId }),
    [
      ['title', input.title],
      ['description', input.description],
      ['file', input.file],
    ],
    onProgress,
  );
  const item = (payload as { data?: PressKitItem } | undefined)?.data;
  if (!item || typeof item.id !== 'number') throw ApiError.from(500, payload);
  return item;
}

/**
 * Downloads a press kit file: fetched with the access token (a plain link could not send it), then
 * saved through a temporary blob link. Only same-origin addresses are fetched.
 */
export async function downloadPressKitFile(item: Pick<PressKitItem, 'url' | 'file_name' | 'title'>): Promise<void> {
  const safe = safeLinkUrl(item.url);
  if (!safe?.sameOrigin) throw new ApiError(400, 'validation.failed', 'not a press kit file');
  let token = readToken();
  if (token && isExpiring(token)) token = (await refreshSession(token.access_token)) ?? token;
  const response = await fetch(safe.href, { headers: { 'accept-language': currentLanguage(), ...(token ? { authorization: `Bearer ${token.access_token}` } : {}) }, credentials: 'same-origin' });
  if (!response.ok) throw ApiError.from(response.status, await response.json().catch(() => undefined));
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filenameOf(response.headers.get('content-disposition'), item.file_name ?? item.title);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
