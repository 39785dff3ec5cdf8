import { ApiError, NetworkError } from '../../api/errors.ts';
import { refreshSession } from '../../api/refresh.ts';
import { isExpiring, readToken } from '../../api/session.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { chatRoutes } from './refs.ts';
import type { PendingFile } from './thread.ts';

/** An upload's own abort, so it is not shown as a failure. */
export class UploadAborted extends Error {
  constructor() {
    super('Upload aborted');
    this.name = 'UploadAborted';
  }
}

function post(file: File, token: string | undefined, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<{ status: number; payload: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', chatRoutes.uploadChatFile.path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', currentLanguage());
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = undefined;
      }
      resolve({ status: xhr.status, payload });
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onabort = () => reject(new UploadAborted());
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * Uploads one attachment to POST /chat/files/upload (multipart field `file`) with the access token,
 * reporting progress; XMLHttpRequest because fetch cannot report an upload's progress. A 401
 * refreshes the session once and tries again.
 */
export async function uploadChatFile(file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<PendingFile> {
  let token = readToken();
  if (token && isExpiring(token)) token = (await refreshSession(token.access_token)) ?? token;
  let answer = await post(file, token?.access_token, onProgress, signal);
  if (answer.status === 401 && token) {
    const fresh = await refreshSession(token.access_token);
    if (fresh) answer = await post(file, fresh.access_token, onProgress, signal);
  }
  if (answer.status < 200 || answer.status >= 300) throw ApiError.from(answer.status, answer.payload);
  const data = (answer.payload as { data?: PendingFile } | undefined)?.data;
  if (!data || typeof data.key !== 'string') throw ApiError.from(500, undefined);
  onProgress(1);
  return data;
}
