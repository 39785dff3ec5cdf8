// A recording's parts and poster go up as raw bodies (PUT with the bytes, no form around them):
// the same request can be sent again as it is, and the server reads the stream as it comes.
import { currentLanguage } from '../../i18n/index.ts';
import { ApiError, NetworkError } from '../../api/errors.ts';
import { refreshSession } from '../../api/refresh.ts';
import { isExpiring, readToken } from '../../api/session.ts';

async function put(path: string, body: Blob, contentType: string, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLanguage(), 'content-type': contentType };
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(path, { method: 'PUT', headers, body, credentials: 'same-origin' });
  } catch (error) {
    throw new NetworkError(error);
  }
}

/** PUTs `body` with the signed-in person's token (refreshed once on a 401) and answers the JSON. */
export async function putRaw(path: string, body: Blob, contentType: string): Promise<unknown> {
  let token = readToken();
  if (token && isExpiring(token)) token = (await refreshSession(token.access_token)) ?? token;
  let response = await put(path, body, contentType, token?.access_token);
  if (response.status === 401 && token) {
    const fresh = await refreshSession(token.access_token);
    if (fresh) response = await put(path, body, contentType, fresh.access_token);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw ApiError.from(response.status, payload);
  return payload;
}

/**
 * The page is going away while it records: the server is asked to stop (and save what it has) now
 * instead of noticing the silence minutes later. keepalive lets the request outlive the page.
 */
export function stopOnLeave(path: string, parts: number): void {
  const token = readToken();
  if (!token) return;
  const headers = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token.access_token}` };
  void fetch(path, { method: 'POST', keepalive: true, credentials: 'same-origin', headers, body: JSON.stringify({ parts }) }).catch(() => undefined);
}
