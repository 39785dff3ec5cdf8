import { currentLanguage } from '../i18n/index.ts';
import { ApiError, NetworkError } from './errors.ts';
import { refreshSession } from './refresh.ts';
import { isExpiring, readToken } from './session.ts';

/** The file name the server gave in Content-Disposition, or a fallback. */
export const filenameOf = (header: string | null, fallback: string): string => /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? fallback;

/**
 * Saves a file the API answers (a CSV or vCard export). The API reads the access token from the
 * Authorization header only (no cookie), so a plain link could not carry it: the file is fetched
 * with the token and saved through a temporary blob link, under the server's file name or
 * `fallbackName`.
 */
export async function downloadFile(url: string, fallbackName: string, accept?: string): Promise<void> {
  let token = readToken();
  if (token && isExpiring(token)) token = (await refreshSession(token.access_token)) ?? token;
  let response: Response;
  try {
    response = await fetch(url, { headers: { ...(accept ? { accept } : {}), 'accept-language': currentLanguage(), ...(token ? { authorization: `Bearer ${token.access_token}` } : {}) }, credentials: 'same-origin' });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) throw ApiError.from(response.status, await response.json().catch(() => undefined));
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = filenameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
