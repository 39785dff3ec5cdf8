import { ApiError, NetworkError } from '../../api/errors.ts';
import { refreshSession } from '../../api/refresh.ts';
import { isExpiring, readToken } from '../../api/session.ts';
import { currentLanguage } from '../../i18n/index.ts';

/**
 * Sends one file as multipart (media) to a route that answers its own record (a lecture preview,
 * a news cover), with the signed-in person's token. XHR for the upload progress.
 */
export async function postMedia<T>(path: string, file: File, onProgress: (fraction: number) => void): Promise<T> {
  let token = readToken();
  if (token && isExpiring(token)) token = (await refreshSession(token.access_token)) ?? token;
  const form = new FormData();
  form.append('media', file);
  return new Promise<T>((resolve, reject) => {
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
      return resolve(payload as T);
    };
    request.send(form);
  });
}
