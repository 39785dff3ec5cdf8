import { currentLanguage } from '../i18n/index.ts';
import { ApiError, NetworkError } from './errors.ts';
import { refreshSession } from './refresh.ts';
import { isExpiring, readToken } from './session.ts';

/**
 * Sends a form (files and fields) as multipart with the signed-in person's token and answers the
 * parsed JSON body; a status outside 2xx rejects with the API error. XHR, not fetch, because only
 * XHR reports upload progress.
 */
export async function sendMultipart(path: string, fields: readonly (readonly [string, string | Blob])[], onProgress: (fraction: number) => void = () => {}): Promise<unknown> {
  let token = readToken();
  if (token && isExpiring(token)) token = (await refreshSession(token.access_token)) ?? token;
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return new Promise<unknown>((resolve, reject) => {
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
      return resolve(payload);
    };
    request.send(form);
  });
}
