import { buildPath, buildQuery, routes } from '@lobby/contract';
import { currentLanguage } from '../../i18n/index.ts';
import { ApiError } from '../../api/errors.ts';
import { refreshSession } from '../../api/refresh.ts';
import { isExpiring, readToken } from '../../api/session.ts';

/** The file name the server gave in Content-Disposition, or a fallback. */
export const filenameOf = (header: string | null, fallback: string): string => /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? fallback;

/**
 * Downloads the contacts export: fetched with the access token (a plain link could not send it),
 * then saved through a temporary blob link.
 */
export async function downloadContacts(eventId: number, format: 'vcf' | 'csv'): Promise<void> {
  const url = buildPath(routes.exportContacts.path, { eventId }) + buildQuery({ format });
  let token = readToken();
  if (token && isExpiring(token)) token = (await refreshSession(token.access_token)) ?? token;
  const response = await fetch(url, { headers: { 'accept-language': currentLanguage(), ...(token ? { authorization: `Bearer ${token.access_token}` } : {}) }, credentials: 'same-origin' });
  if (!response.ok) throw ApiError.from(response.status, await response.json().catch(() => undefined));
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filenameOf(response.headers.get('content-disposition'), `contacts.${format}`);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
